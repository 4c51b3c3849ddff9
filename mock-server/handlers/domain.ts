import type { Database } from 'better-sqlite3';
import type { CallByPath, CallPath, Domain, Forward, QrGroup } from '../../contracts/index.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { defineHandlers, type HandlerContext } from '../http/handler.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Services } from '../services/index.ts';
import { requireDomain, requireGroup } from '../qr/owned.ts';
import { isAdmin, likeSubstring, ownerScope } from '../qr/scope.ts';
import { RESOLUTION_TARGET } from './qr-code.ts';

type Value = string | number | null;
/** What the shared group handlers read of a context; both group areas' contexts have it. */
type GroupCtx<P extends CallPath> = Pick<HandlerContext<CallByPath<P>>, 'body' | 'services' | 'me'>;
const now = (services: Services) => formatDateTime(services.clock.now());

const DOMAIN_SELECT = `
  SELECT d.id, d.user_id, u.account, d.domain, d.display_type, d.group_id, COALESCE(g.name, '') AS group_name, d.shield_status,
    d.hold, d.resolve_target, d.remark, d.create_time,
    (SELECT COUNT(*) FROM qr_codes q WHERE q.domain_id = d.id AND q.removed = 1) AS qr_code_count
  FROM domains d JOIN users u ON u.id = d.user_id LEFT JOIN qr_groups g ON g.id = d.group_id`;

function getDomain(db: Database, id: number): Domain {
  const row = db.prepare(`${DOMAIN_SELECT} WHERE d.id = ?`).get(id) as Domain | undefined;
  if (!row) throw notFound();
  return row;
}

/** Update the whitelisted columns present in `values` on one row of `table`. */
function setRow(db: Database, table: 'domains' | 'qr_groups' | 'internal_code_groups' | 'forwards', id: number, columns: readonly string[], values: Record<string, unknown>): void {
  const cols = columns.filter((c) => values[c] !== undefined);
  if (cols.length === 0) return;
  db.prepare(`UPDATE ${table} SET ${cols.map((c) => `"${c}" = ?`).join(', ')} WHERE id = ?`).run(...cols.map((c) => values[c] as Value), id);
}

type GroupTable = 'qr_groups' | 'internal_code_groups';
const GROUP_COUNTS: Record<GroupTable, string> = {
  qr_groups: `(SELECT COUNT(*) FROM domains x WHERE x.group_id = g.id) AS domain_count,
    (SELECT COUNT(*) FROM qr_codes x WHERE x.group_id = g.id AND x.removed = 1) AS qr_code_count`,
  internal_code_groups: `0 AS domain_count,
    (SELECT COUNT(*) FROM qr_codes x WHERE x.internal_code_group_id = g.id AND x.removed = 1) AS qr_code_count`,
};

/** Both group kinds have the same calls (request and response shapes), so one set of handlers serves both. */
function groupHandlers(table: GroupTable) {
  const select = `SELECT g.id, g.user_id, u.account, g.name, g.remark, g.sort, g.create_time, ${GROUP_COUNTS[table]}
    FROM ${table} g JOIN users u ON u.id = g.user_id`;
  const get = (db: Database, id: number, scope: number | undefined): QrGroup => {
    const row = db.prepare(`${select} WHERE g.id = ?`).get(id) as QrGroup | undefined;
    if (!row || (scope !== undefined && row.user_id !== scope)) throw notFound();
    return row;
  };
  const nameTaken = (db: Database, owner: number, name: string, exceptId = 0) =>
    !!db.prepare(`SELECT 1 FROM ${table} WHERE user_id = ? AND name = ? AND id <> ?`).get(owner, name, exceptId);
  return {
    add: ({ body, services, me }: GroupCtx<'group/add'>): QrGroup => {
      const { db } = services;
      const user = me();
      return db.transaction(() => {
        if (nameTaken(db, user.id, body.name)) throw conflict('errors.name_taken');
        const info = db
          .prepare(`INSERT INTO ${table} (user_id, name, remark, sort, create_time) VALUES (?, ?, ?, ?, ?)`)
          .run(user.id, body.name, body.remark, body.sort, now(services));
        return get(db, Number(info.lastInsertRowid), undefined);
      })();
    },
    inquire: ({ body, services, me }: GroupCtx<'group/inquire'>): { content: QrGroup[]; total: number } => {
      const { db } = services;
      const user = me();
      const where = ['1 = 1'];
      const params: Value[] = [];
      if (!isAdmin(user)) {
        where.push('g.user_id = ?');
        params.push(user.id);
      } else if (body.user_id !== undefined) {
        where.push('g.user_id = ?');
        params.push(body.user_id);
      }
      if (body.name) {
        where.push(`g.name LIKE ? ESCAPE '\\'`);
        params.push(likeSubstring(body.name));
      }
      const clause = `WHERE ${where.join(' AND ')}`;
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM ${table} g ${clause}`).get(...params) as { n: number }).n;
      const content = db
        .prepare(`${select} ${clause} ORDER BY g.sort DESC, g.id DESC LIMIT ? OFFSET ?`)
        .all(...params, body.page_size, (body.page - 1) * body.page_size) as QrGroup[];
      return { content, total };
    },
    update: ({ body: { id, ...values }, services, me }: GroupCtx<'group/update'>): QrGroup => {
      const { db } = services;
      return db.transaction(() => {
        const group = get(db, id, ownerScope(me()));
        if (values.name !== undefined && nameTaken(db, group.user_id, values.name, id)) throw conflict('errors.name_taken');
        setRow(db, table, id, ['name', 'remark', 'sort'], values);
        return get(db, id, undefined);
      })();
    },
    remove: ({ body, services, me }: GroupCtx<'group/remove'>): { removed: number } => {
      const { db } = services;
      const scope = ownerScope(me());
      return db.transaction(() => {
        const ids = [...new Set(body.ids)];
        for (const id of ids) get(db, id, scope);
        // ON DELETE SET NULL ungroups the domains and QR codes.
        const del = db.prepare(`DELETE FROM ${table} WHERE id = ?`);
        for (const id of ids) del.run(id);
        return { removed: ids.length };
      })();
    },
  };
}

const groups = groupHandlers('qr_groups');
const internalGroups = groupHandlers('internal_code_groups');

const FORWARD_SELECT = `
  SELECT f.id, f.user_id, u.account, f.domain_id, d.domain, f.target_url, f.jump_type, f.show_status, f.remark, f.create_time
  FROM forwards f JOIN users u ON u.id = f.user_id JOIN domains d ON d.id = f.domain_id`;
function getForward(db: Database, id: number, scope: number | undefined): Forward {
  const row = db.prepare(`${FORWARD_SELECT} WHERE f.id = ?`).get(id) as Forward | undefined;
  if (!row || (scope !== undefined && row.user_id !== scope)) throw notFound();
  return row;
}

export const domainHandlers = defineHandlers({
  'domain/add': ({ body, services, me }) => {
    const { db } = services;
    const user = me();
    return db.transaction(() => {
      if (db.prepare('SELECT 1 FROM domains WHERE domain = ?').get(body.domain)) throw conflict('errors.domain_taken');
      if (!isAdmin(user)) {
        const n = (db.prepare('SELECT COUNT(*) AS n FROM domains WHERE user_id = ?').get(user.id) as { n: number }).n;
        if (n >= user.domain_limit) throw conflict('errors.domain_limit');
      }
      requireGroup(db, 'qr_groups', body.group_id, user.id);
      const info = db
        .prepare(
          `INSERT INTO domains (user_id, domain, display_type, group_id, hold, resolve_target, remark, create_time)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(user.id, body.domain, body.display_type, body.group_id, body.hold, body.resolve_target ?? RESOLUTION_TARGET.ip, body.remark, now(services));
      return getDomain(db, Number(info.lastInsertRowid));
    })();
  },

  'domain/update': ({ body: { id, ...values }, services, me }) => {
    const { db } = services;
    const user = me();
    return db.transaction(() => {
      const d = requireDomain(db, id, ownerScope(user));
      if (values.shield_status !== undefined && !isAdmin(user)) throw forbidden('errors.shield_admin_only');
      requireGroup(db, 'qr_groups', values.group_id, d.user_id);
      setRow(db, 'domains', id, ['display_type', 'group_id', 'hold', 'resolve_target', 'remark', 'shield_status'], values);
      return getDomain(db, id);
    })();
  },

  'domain/remove': ({ body, services, me }) => {
    const { db } = services;
    const scope = ownerScope(me());
    return db.transaction(() => {
      const ids = [...new Set(body.ids)];
      for (const id of ids) requireDomain(db, id, scope);
      // ON DELETE SET NULL leaves the QR codes without a domain; forwards go with the domain.
      const del = db.prepare('DELETE FROM domains WHERE id = ?');
      for (const id of ids) del.run(id);
      return { removed: ids.length };
    })();
  },

  'domain/inquire': ({ body, services, me }) => {
    const { db } = services;
    const user = me();
    const where = ['1 = 1'];
    const params: Value[] = [];
    const add = (sql: string, v: Value) => {
      where.push(sql);
      params.push(v);
    };
    if (!isAdmin(user)) add('d.user_id = ?', user.id);
    else {
      if (body.user_id !== undefined) add('d.user_id = ?', body.user_id);
      if (body.account) add(`u.account LIKE ? ESCAPE '\\'`, likeSubstring(body.account));
    }
    if (body.domain) add(`d.domain LIKE ? ESCAPE '\\'`, likeSubstring(body.domain.toLowerCase()));
    if (body.display_type !== undefined) add('d.display_type = ?', body.display_type);
    if (body.group_id !== undefined) add('d.group_id = ?', body.group_id);
    if (body.shield_status !== undefined) add('d.shield_status = ?', body.shield_status);
    if (body.hold !== undefined) add('d.hold = ?', body.hold);
    const clause = `WHERE ${where.join(' AND ')}`;
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM domains d JOIN users u ON u.id = d.user_id ${clause}`).get(...params) as { n: number }).n;
    const content = db
      .prepare(`${DOMAIN_SELECT} ${clause} ORDER BY d.id DESC LIMIT ? OFFSET ?`)
      .all(...params, body.page_size, (body.page - 1) * body.page_size) as Domain[];
    return { content, total };
  },

  'group/add': groups.add,
  'group/inquire': groups.inquire,
  'group/update': groups.update,
  'group/remove': groups.remove,
  'internal_code_group/add': internalGroups.add,
  'internal_code_group/inquire': internalGroups.inquire,
  'internal_code_group/update': internalGroups.update,
  'internal_code_group/remove': internalGroups.remove,

  'forward/add': ({ body, services, me }) => {
    const { db } = services;
    const user = me();
    return db.transaction(() => {
      const d = requireDomain(db, body.domain_id, ownerScope(user));
      if (db.prepare('SELECT 1 FROM forwards WHERE domain_id = ?').get(d.id)) throw conflict('errors.forward_exists');
      const info = db
        .prepare('INSERT INTO forwards (user_id, domain_id, target_url, jump_type, show_status, remark, create_time) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(d.user_id, d.id, body.target_url, body.jump_type, body.show_status, body.remark, now(services));
      return getForward(db, Number(info.lastInsertRowid), undefined);
    })();
  },

  'forward/update': ({ body: { id, ...values }, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      getForward(db, id, ownerScope(me()));
      setRow(db, 'forwards', id, ['target_url', 'jump_type', 'show_status', 'remark'], values);
      return getForward(db, id, undefined);
    })();
  },

  'forward/remove': ({ body, services, me }) => {
    const { db } = services;
    const scope = ownerScope(me());
    return db.transaction(() => {
      const ids = [...new Set(body.ids)];
      for (const id of ids) getForward(db, id, scope);
      const del = db.prepare('DELETE FROM forwards WHERE id = ?');
      for (const id of ids) del.run(id);
      return { removed: ids.length };
    })();
  },

  'forward/inquire': ({ body, services, me }) => {
    const { db } = services;
    const where = ['1 = 1'];
    const params: Value[] = [];
    const scope = ownerScope(me());
    if (scope !== undefined) {
      where.push('f.user_id = ?');
      params.push(scope);
    }
    if (body.domain) {
      where.push(`d.domain LIKE ? ESCAPE '\\'`);
      params.push(likeSubstring(body.domain.toLowerCase()));
    }
    if (body.show_status !== undefined) {
      where.push('f.show_status = ?');
      params.push(body.show_status);
    }
    const clause = `WHERE ${where.join(' AND ')}`;
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM forwards f JOIN domains d ON d.id = f.domain_id ${clause}`).get(...params) as { n: number }).n;
    const content = db
      .prepare(`${FORWARD_SELECT} ${clause} ORDER BY f.id DESC LIMIT ? OFFSET ?`)
      .all(...params, body.page_size, (body.page - 1) * body.page_size) as Forward[];
    return { content, total };
  },
});
