import { timingSafeEqual } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { qrCodeUpdate, type ParsedRequestOf, type qrCodeAdd } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { conflict, notFound } from '../http/errors.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Services } from '../services/index.ts';
import { requireDomainForCodes, requireGroup } from '../qr/owned.ts';
import { createQrCodeStore } from '../qr/qr-codes.ts';
import { isAdmin, ownerScope, perDatabase, randomCode } from '../qr/scope.ts';
import { startBatchUpdateJob } from '../jobs/kinds/qr-batch-update.ts';

const store = perDatabase(createQrCodeStore);
const now = (services: Services) => formatDateTime(services.clock.now());

/** Address and CNAME customers point domains at: the mock serves every domain itself, on loopback. */
export const RESOLUTION_TARGET = { ip: '127.0.0.1', cname: 'entry.qr-console.local' } as const;

function fileNameFree(db: Database, fileName: string, exceptId = 0): boolean {
  return !db.prepare('SELECT 1 FROM qr_codes WHERE file_name = ? AND id <> ?').get(fileName, exceptId);
}

function newFileName(db: Database): string {
  for (;;) {
    const candidate = randomCode(8);
    if (fileNameFree(db, candidate)) return candidate;
  }
}

type Child = ParsedRequestOf<typeof qrCodeAdd>['children'][number];

/** Replace a code's children; the first becomes current with a full turn. */
function writeChildren(db: Database, qrCodeId: number, children: readonly Child[], defaultThreshold: number, time: string): void {
  db.prepare('DELETE FROM qr_code_children WHERE qr_code_id = ?').run(qrCodeId);
  const insert = db.prepare(
    `INSERT INTO qr_code_children (qr_code_id, url, sort, visit_threshold, remaining, current, create_time) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  children.forEach((c, i) => {
    const threshold = c.visit_threshold ?? defaultThreshold;
    insert.run(qrCodeId, c.url, i, threshold, threshold, i === 0 ? 2 : 1, time);
  });
}

/**
 * Columns batch-style calls may set on qr_codes: the settings of the update call's contract (its fields but
 * the id). Column names come from this static list, never from a request.
 */
type Settable = Exclude<keyof typeof qrCodeUpdate.request.shape & string, 'id'>;
const SETTABLE = Object.keys(qrCodeUpdate.request.shape).filter((k): k is Settable => k !== 'id');

function setColumns(db: Database, ids: readonly number[], values: Partial<Record<Settable, string | number | null>>, time: string): number {
  const cols = SETTABLE.filter((c) => values[c] !== undefined);
  if (cols.length === 0 || ids.length === 0) return 0;
  const stmt = db.prepare(`UPDATE qr_codes SET ${cols.map((c) => `"${c}" = ?`).join(', ')}, update_time = ? WHERE id = ?`);
  let n = 0;
  for (const id of ids) n += stmt.run(...cols.map((c) => values[c] ?? null), time, id).changes;
  return n;
}

/** Constant-time comparison of a share password; '' (sharing off) never matches. */
export function passwordMatches(stored: string, given: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const qrCodeHandlers = defineHandlers({
  'qr_code_list/add': ({ body, services, me }) => {
    const { db } = services;
    const user = me();
    return db.transaction(() => {
      const domain = requireDomainForCodes(db, body.domain_id, ownerScope(user));
      const owner = domain.user_id;
      requireGroup(db, 'qr_groups', body.group_id, owner);
      requireGroup(db, 'internal_code_groups', body.internal_code_group_id, owner);
      const fileName = body.file_name ?? newFileName(db);
      if (!fileNameFree(db, fileName)) throw conflict('errors.file_name_taken');
      const time = now(services);
      const info = db
        .prepare(
          `INSERT INTO qr_codes (user_id, name, file_name, password, domain_id, group_id, internal_code_group_id, short_code_type,
            rotation_type, visit_threshold, jump_type, visit_method, visit_restriction, open_log, remark, create_time, update_time)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          owner,
          body.name,
          fileName,
          body.password ?? randomCode(6),
          domain.id,
          body.group_id,
          body.internal_code_group_id,
          body.short_code_type,
          body.rotation_type,
          body.visit_threshold,
          body.jump_type,
          body.visit_method,
          body.visit_restriction,
          body.open_log,
          body.remark,
          time,
          time,
        );
      const id = Number(info.lastInsertRowid);
      writeChildren(db, id, body.children, body.visit_threshold, time);
      return store(db).get(id);
    })();
  },

  'qr_code_list/update': ({ body: { id, ...values }, services, me }) => {
    const { db } = services;
    const user = me();
    return db.transaction(() => {
      const code = store(db).get(id, ownerScope(user));
      if (values.domain_id !== undefined) requireDomainForCodes(db, values.domain_id, ownerScope(user), code.user_id);
      requireGroup(db, 'qr_groups', values.group_id, code.user_id);
      requireGroup(db, 'internal_code_groups', values.internal_code_group_id, code.user_id);
      if (values.file_name !== undefined && !fileNameFree(db, values.file_name, id)) throw conflict('errors.file_name_taken');
      setColumns(db, [id], values, now(services));
      return store(db).get(id);
    })();
  },

  'qr_code_list/update_url': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const code = store(db).get(body.id, ownerScope(me()));
      const time = now(services);
      writeChildren(db, code.id, body.children, code.visit_threshold, time);
      db.prepare('UPDATE qr_codes SET update_time = ? WHERE id = ?').run(time, code.id);
      return store(db).get(code.id);
    })();
  },

  'qr_code_list/share_access': ({ body, services }) => {
    const row = services.db
      .prepare<[string], { id: number; name: string; password: string; view_number: number; ip_view_number: number }>(
        'SELECT id, name, password, view_number, ip_view_number FROM qr_codes WHERE file_name = ? AND removed = 1',
      )
      .get(body.file_name);
    if (!row || !passwordMatches(row.password, body.password)) throw notFound('errors.share_not_found');
    return { name: row.name, id: row.id, view_number: row.view_number, ip_view_number: row.ip_view_number };
  },

  'qr_code_list/change_domain_name': ({ body, services, me }) => {
    const { db } = services;
    const scope = ownerScope(me());
    return db.transaction(() => {
      const target = requireDomainForCodes(db, body.domain_id, scope);
      let ids: number[];
      if (body.ids) {
        ids = store(db).requireAll(body.ids, scope, 1).map((r) => {
          if (r.user_id !== target.user_id) throw notFound();
          return r.id;
        });
      } else {
        const from = requireDomainForCodes(db, body.from_domain_id!, scope, target.user_id);
        ids = db.prepare('SELECT id FROM qr_codes WHERE domain_id = ? AND removed = 1').pluck().all(from.id) as number[];
      }
      return { updated: setColumns(db, ids, { domain_id: target.id }, now(services)) };
    })();
  },

  'qr_code_list/batch_update': (ctx) => {
    const { body, services, me } = ctx;
    if (body.ids.length > services.jobs.batchThreshold) return startBatchUpdateJob(ctx);
    const { db } = services;
    return db.transaction(() => {
      const rows = store(db).requireAll(body.ids, ownerScope(me()), 1);
      for (const r of rows) {
        requireGroup(db, 'qr_groups', body.fields.group_id, r.user_id);
        requireGroup(db, 'internal_code_groups', body.fields.internal_code_group_id, r.user_id);
      }
      return { updated: setColumns(db, rows.map((r) => r.id), body.fields, now(services)) };
    })();
  },

  'qr_code_list/update_restriction_visit': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const rows = store(db).requireAll(body.ids, ownerScope(me()), 1);
      const values = { visit_method: body.visit_method, visit_restriction: body.visit_restriction };
      return { updated: setColumns(db, rows.map((r) => r.id), values, now(services)) };
    })();
  },

  'qr_code_list/update_open_log': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const rows = store(db).requireAll(body.ids, ownerScope(me()), 1);
      return { updated: setColumns(db, rows.map((r) => r.id), { open_log: body.open_log }, now(services)) };
    })();
  },

  'qr_code_list/remove': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const rows = store(db).requireAll(body.ids, ownerScope(me()), 1);
      const time = now(services);
      const stmt = db.prepare('UPDATE qr_codes SET removed = 2, remove_time = ?, update_time = ? WHERE id = ?');
      for (const r of rows) stmt.run(time, time, r.id);
      return { updated: rows.length };
    })();
  },

  'qr_code_list/update_remove': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const rows = store(db).requireAll(body.ids, ownerScope(me()), 2);
      const stmt = db.prepare('UPDATE qr_codes SET removed = 1, remove_time = NULL, update_time = ? WHERE id = ?');
      const time = now(services);
      for (const r of rows) stmt.run(time, r.id);
      return { updated: rows.length };
    })();
  },

  'qr_code_list/qr_code_remove': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const rows = store(db).requireAll(body.ids, ownerScope(me()));
      if (rows.some((r) => r.removed !== 2)) throw conflict('errors.not_in_recycle_bin');
      // The log and counters have no foreign keys (bulk speed); delete them with the code.
      for (const sql of [
        'DELETE FROM access_records WHERE qr_code_id = ?',
        'DELETE FROM cleared_access_records WHERE qr_code_id = ?',
        'DELETE FROM qr_code_daily WHERE qr_code_id = ?',
        'DELETE FROM qr_code_ips WHERE qr_code_id = ?',
        'DELETE FROM qr_codes WHERE id = ?',
      ]) {
        const stmt = db.prepare(sql);
        for (const r of rows) stmt.run(r.id);
      }
      return { removed: rows.length };
    })();
  },

  'qr_code_list/get_ip': () => ({ ...RESOLUTION_TARGET }),

  'qr_code_list/inquire': ({ body, services, me }) => store(services.db).list({ ...body, user_id: undefined, account: undefined }, ownerScope(me())),

  'qr_code_list/user_inquire': ({ body, services, me }) => {
    const user = me();
    // The route is administrators'; a role given it by hand still only sees its own codes.
    return store(services.db).list(body, isAdmin(user) ? undefined : user.id);
  },

  'qr_code_list/details': ({ body, services, me }) => {
    const scope = ownerScope(me());
    if (body.id !== undefined) return store(services.db).get(body.id, scope);
    const code = store(services.db).byFileName(body.file_name!);
    if (!code || (scope !== undefined && code.user_id !== scope)) throw notFound();
    return code;
  },
});
