import type { Database } from 'better-sqlite3';
import type { RotationChild, RotationTypeEntry, ShortCode } from '../../contracts/index.ts';
import { CHILDREN_MAX, shortPath } from '../../contracts/index.ts';
import { conflict, notFound } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Services } from '../services/index.ts';
import { likeSubstring, ownerScope, randomCode } from '../qr/scope.ts';

type Value = string | number | null;
const now = (services: Services) => formatDateTime(services.clock.now());

const CHILD_SELECT = `
  SELECT c.*, q.file_name, q.name AS qr_code_name, q.rotation_type, q.user_id
  FROM qr_code_children c JOIN qr_codes q ON q.id = c.qr_code_id`;

type ChildRow = RotationChild & { user_id: number };
const toChild = ({ user_id: _owner, ...c }: ChildRow): RotationChild => c;

function getChild(db: Database, id: number, scope: number | undefined): ChildRow {
  const row = db.prepare(`${CHILD_SELECT} WHERE c.id = ?`).get(id) as ChildRow | undefined;
  if (!row || (scope !== undefined && row.user_id !== scope)) throw notFound();
  return row;
}

function requireLiveCode(db: Database, id: number, scope: number | undefined) {
  const row = db
    .prepare<[number], { id: number; user_id: number; visit_threshold: number }>('SELECT id, user_id, visit_threshold FROM qr_codes WHERE id = ? AND removed = 1')
    .get(id);
  if (!row || (scope !== undefined && row.user_id !== scope)) throw notFound();
  return row;
}

function setRow(db: Database, table: 'qr_code_children' | 'rotation_types' | 'short_codes', id: number, columns: readonly string[], values: Record<string, unknown>) {
  const cols = columns.filter((c) => values[c] !== undefined);
  if (cols.length) db.prepare(`UPDATE ${table} SET ${cols.map((c) => `"${c}" = ?`).join(', ')} WHERE id = ?`).run(...cols.map((c) => values[c] as Value), id);
}

const SHORT_SELECT = `
  SELECT s.id, s.user_id, u.account, s.qr_code_id, q.file_name, s.code, s.short_code_type, s.url_key_platform_id,
    COALESCE(p.url, '') AS platform_url, s.remark, s.create_time
  FROM short_codes s JOIN users u ON u.id = s.user_id JOIN qr_codes q ON q.id = s.qr_code_id
  LEFT JOIN url_key_platforms p ON p.id = s.url_key_platform_id`;

type ShortRow = Omit<ShortCode, 'short_url'> & { platform_url: string };
/** Self-operated types (and any code without a platform) are served by /s/{code}; others by the platform's URL. */
const toShortCode = ({ platform_url, ...s }: ShortRow): ShortCode => ({
  ...s,
  short_url: platform_url ? `${platform_url.replace(/\/+$/, '')}/${s.code}` : shortPath(s.code),
});

function getShort(db: Database, id: number, scope: number | undefined): ShortCode {
  const row = db.prepare(`${SHORT_SELECT} WHERE s.id = ?`).get(id) as ShortRow | undefined;
  if (!row || (scope !== undefined && row.user_id !== scope)) throw notFound();
  return toShortCode(row);
}

function requirePlatform(db: Database, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  if (!db.prepare('SELECT 1 FROM url_key_platforms WHERE id = ?').get(id)) throw notFound();
}

export const rotationHandlers = defineHandlers({
  'rotation/add': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const code = requireLiveCode(db, body.qr_code_id, ownerScope(me()));
      const { n, max } = db
        .prepare<[number], { n: number; max: number | null }>('SELECT COUNT(*) AS n, MAX(sort) AS max FROM qr_code_children WHERE qr_code_id = ?')
        .get(code.id)!;
      if (n >= CHILDREN_MAX) throw conflict('errors.children_max');
      const threshold = body.visit_threshold ?? code.visit_threshold;
      const info = db
        .prepare(
          'INSERT INTO qr_code_children (qr_code_id, url, sort, visit_threshold, remaining, current, create_time) VALUES (?, ?, ?, ?, ?, 1, ?)',
        )
        .run(code.id, body.url, body.sort ?? (max ?? -1) + 1, threshold, threshold, now(services));
      return toChild(getChild(db, Number(info.lastInsertRowid), undefined));
    })();
  },

  'rotation/update': ({ body: { id, ...values }, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const child = getChild(db, id, ownerScope(me()));
      setRow(db, 'qr_code_children', id, ['url', 'visit_threshold', 'sort'], values);
      if (values.visit_threshold !== undefined && child.remaining > values.visit_threshold) {
        db.prepare('UPDATE qr_code_children SET remaining = ? WHERE id = ?').run(values.visit_threshold, id);
      }
      return toChild(getChild(db, id, undefined));
    })();
  },

  'rotation/remove': ({ body, services, me }) => {
    const { db } = services;
    const scope = ownerScope(me());
    return db.transaction(() => {
      const ids = [...new Set(body.ids)];
      const children = ids.map((id) => getChild(db, id, scope));
      const del = db.prepare('DELETE FROM qr_code_children WHERE id = ?');
      for (const c of children) del.run(c.id);
      for (const codeId of new Set(children.map((c) => c.qr_code_id))) {
        const left = db.prepare<[number], { id: number; current: number }>('SELECT id, current FROM qr_code_children WHERE qr_code_id = ? ORDER BY sort, id').all(codeId);
        if (left.length === 0) throw conflict('errors.last_child');
        // The current child was removed: the next visit starts at the first one.
        if (!left.some((c) => c.current === 2)) db.prepare('UPDATE qr_code_children SET current = 2, remaining = visit_threshold WHERE id = ?').run(left[0]!.id);
      }
      return { removed: children.length };
    })();
  },

  'rotation/inquire': ({ body, services, me }) => {
    const { db } = services;
    const where = ['q.removed = 1'];
    const params: Value[] = [];
    const scope = ownerScope(me());
    if (scope !== undefined) {
      where.push('q.user_id = ?');
      params.push(scope);
    }
    if (body.qr_code_id !== undefined) {
      where.push('c.qr_code_id = ?');
      params.push(body.qr_code_id);
    }
    if (body.file_name) {
      where.push(`q.file_name LIKE ? ESCAPE '\\'`);
      params.push(likeSubstring(body.file_name));
    }
    if (body.rotation_type !== undefined) {
      where.push('q.rotation_type = ?');
      params.push(body.rotation_type);
    }
    const clause = `WHERE ${where.join(' AND ')}`;
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM qr_code_children c JOIN qr_codes q ON q.id = c.qr_code_id ${clause}`).get(...params) as { n: number }).n;
    const rows = db
      .prepare(`${CHILD_SELECT} ${clause} ORDER BY q.id DESC, c.sort, c.id LIMIT ? OFFSET ?`)
      .all(...params, body.page_size, (body.page - 1) * body.page_size) as ChildRow[];
    return { content: rows.map(toChild), total };
  },

  'rotation_type/add': ({ body, services }) => {
    const { db } = services;
    return db.transaction(() => {
      if (db.prepare('SELECT 1 FROM rotation_types WHERE name = ?').get(body.name)) throw conflict('errors.name_taken');
      const info = db
        .prepare('INSERT INTO rotation_types (rotation_type, name, remark, show_status, sort, create_time) VALUES (?, ?, ?, ?, ?, ?)')
        .run(body.rotation_type, body.name, body.remark, body.show_status, body.sort, now(services));
      return db.prepare('SELECT * FROM rotation_types WHERE id = ?').get(info.lastInsertRowid) as RotationTypeEntry;
    })();
  },

  'rotation_type/update': ({ body: { id, ...values }, services }) => {
    const { db } = services;
    return db.transaction(() => {
      if (!db.prepare('SELECT 1 FROM rotation_types WHERE id = ?').get(id)) throw notFound();
      if (values.name !== undefined && db.prepare('SELECT 1 FROM rotation_types WHERE name = ? AND id <> ?').get(values.name, id)) {
        throw conflict('errors.name_taken');
      }
      setRow(db, 'rotation_types', id, ['rotation_type', 'name', 'remark', 'show_status', 'sort'], values);
      return db.prepare('SELECT * FROM rotation_types WHERE id = ?').get(id) as RotationTypeEntry;
    })();
  },

  'rotation_type/remove': ({ body, services }) => {
    const { db } = services;
    return db.transaction(() => {
      const ids = [...new Set(body.ids)];
      for (const id of ids) if (!db.prepare('SELECT 1 FROM rotation_types WHERE id = ?').get(id)) throw notFound();
      const del = db.prepare('DELETE FROM rotation_types WHERE id = ?');
      for (const id of ids) del.run(id);
      return { removed: ids.length };
    })();
  },

  'rotation_type/inquire': ({ body, services }) => {
    const { db } = services;
    const where = ['1 = 1'];
    const params: Value[] = [];
    if (body.show_status !== undefined) {
      where.push('show_status = ?');
      params.push(body.show_status);
    }
    if (body.rotation_type !== undefined) {
      where.push('rotation_type = ?');
      params.push(body.rotation_type);
    }
    const clause = `WHERE ${where.join(' AND ')}`;
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM rotation_types ${clause}`).get(...params) as { n: number }).n;
    const content = db
      .prepare(`SELECT * FROM rotation_types ${clause} ORDER BY sort DESC, id LIMIT ? OFFSET ?`)
      .all(...params, body.page_size, (body.page - 1) * body.page_size) as RotationTypeEntry[];
    return { content, total };
  },

  'short_code/add': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const code = requireLiveCode(db, body.qr_code_id, ownerScope(me()));
      requirePlatform(db, body.url_key_platform_id);
      const taken = (c: string) => !!db.prepare('SELECT 1 FROM short_codes WHERE code = ?').get(c);
      let short = body.code;
      if (short !== undefined && taken(short)) throw conflict('errors.short_code_taken');
      while (short === undefined || taken(short)) short = randomCode(6);
      const info = db
        .prepare('INSERT INTO short_codes (user_id, qr_code_id, code, short_code_type, url_key_platform_id, remark, create_time) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(code.user_id, code.id, short, body.short_code_type, body.url_key_platform_id, body.remark, now(services));
      return getShort(db, Number(info.lastInsertRowid), undefined);
    })();
  },

  'short_code/update': ({ body: { id, ...values }, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      getShort(db, id, ownerScope(me()));
      requirePlatform(db, values.url_key_platform_id);
      const cols = ['short_code_type', 'remark'];
      setRow(db, 'short_codes', id, cols, values);
      if (values.url_key_platform_id !== undefined) db.prepare('UPDATE short_codes SET url_key_platform_id = ? WHERE id = ?').run(values.url_key_platform_id, id);
      return getShort(db, id, undefined);
    })();
  },

  'short_code/remove': ({ body, services, me }) => {
    const { db } = services;
    const scope = ownerScope(me());
    return db.transaction(() => {
      const ids = [...new Set(body.ids)];
      for (const id of ids) getShort(db, id, scope);
      const del = db.prepare('DELETE FROM short_codes WHERE id = ?');
      for (const id of ids) del.run(id);
      return { removed: ids.length };
    })();
  },

  'short_code/inquire': ({ body, services, me }) => {
    const { db } = services;
    const where = ['1 = 1'];
    const params: Value[] = [];
    const scope = ownerScope(me());
    if (scope !== undefined) {
      where.push('s.user_id = ?');
      params.push(scope);
    }
    if (body.qr_code_id !== undefined) {
      where.push('s.qr_code_id = ?');
      params.push(body.qr_code_id);
    }
    if (body.code) {
      where.push(`s.code LIKE ? ESCAPE '\\'`);
      params.push(likeSubstring(body.code));
    }
    if (body.short_code_type !== undefined) {
      where.push('s.short_code_type = ?');
      params.push(body.short_code_type);
    }
    const clause = `WHERE ${where.join(' AND ')}`;
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM short_codes s ${clause}`).get(...params) as { n: number }).n;
    const rows = db
      .prepare(`${SHORT_SELECT} ${clause} ORDER BY s.id DESC LIMIT ? OFFSET ?`)
      .all(...params, body.page_size, (body.page - 1) * body.page_size) as ShortRow[];
    return { content: rows.map(toShortCode), total };
  },
});
