import { timingSafeEqual } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { ParsedRequestOf, qrCodeBatchUpdate } from '../../contracts/index.ts';
import { qrCodeAdd, qrCodeQrCodeRemove, qrCodeRemove, qrCodeUpdate, qrCodeUpdateRemove, qrCodeUserInquire } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { notFound } from '../http/errors.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Services } from '../services/index.ts';
import { defineResource } from '../resources/define.ts';
import { sortBy } from '../resources/engine.ts';
import { requireDomainForCodes, requireGroup } from '../qr/owned.ts';
import { QR_JOINS, QR_SELECT, qrRow, withChildren, writeChildren } from '../qr/qr-codes.ts';
import { ownerScope, randomCode } from '../qr/scope.ts';

const now = (services: Services) => formatDateTime(services.clock.now());

/** Address and CNAME customers point domains at: the mock serves every domain itself, on loopback. */
export const RESOLUTION_TARGET = { ip: '127.0.0.1', cname: 'entry.qr-console.local' } as const;

function newFileName(db: Database): string {
  for (;;) {
    const candidate = randomCode(8);
    if (!db.prepare('SELECT 1 FROM qr_codes WHERE file_name = ?').get(candidate)) return candidate;
  }
}

/** A QR code's groups must be its owner's. */
function requireGroups(db: Database, body: { group_id?: number | null; internal_code_group_id?: number | null }, owner: number) {
  requireGroup(db, 'qr_groups', body.group_id, owner);
  requireGroup(db, 'internal_code_groups', body.internal_code_group_id, owner);
}

/**
 * QR codes: removal is to the recycle bin (`removed` 2), restore takes them back, purge deletes from the bin
 * only. The update call's contract is the list of settable columns (also for the batch calls below).
 */
export const qrCodes = defineResource({
  calls: { add: qrCodeAdd, update: qrCodeUpdate, remove: qrCodeRemove, restore: qrCodeUpdateRemove, purge: qrCodeQrCodeRemove, inquire: qrCodeUserInquire },
  row: qrRow,
  table: 'qr_codes',
  alias: 'q',
  select: QR_SELECT,
  joins: QR_JOINS,
  owner: 'user_id',
  filters: {
    // user_inquire's owner filters (the route is administrators'; a role given it by hand still sees only its own).
    user_id: 'eq',
    account: { op: 'like', column: 'u.account' },
    name: 'like',
    file_name: 'like',
    file_names: { op: 'in', column: 'file_name' },
    domain: { op: 'like', column: 'd.domain' },
    domain_id: 'eq',
    display_type: { op: 'eq', column: 'd.display_type' },
    group_id: 'eq',
    internal_code_group_id: 'eq',
    rotation_type: 'eq',
    jump_type: 'eq',
    removed: 'eq',
    no_domain: { op: 'is_null', column: 'domain_id' },
  },
  orderBy: sortBy({ create_time: 'q.create_time', update_time: 'q.update_time', view_number: 'q.view_number', ip_view_number: 'q.ip_view_number', name: 'q.name' }, 'q.id'),
  unique: [{ column: 'file_name', message: 'errors.file_name_taken' }],
  created: 'create_time',
  touched: 'update_time',
  notColumns: ['children'],
  softDelete: { column: 'removed', live: 1, removed: 2, time: 'remove_time', notRemoved: 'errors.not_in_recycle_bin' },
  present: withChildren,
  rules: {
    // A new code belongs to its domain's owner; code and share password are generated when not given.
    add: ({ body, services: { db }, me }) => {
      const domain = requireDomainForCodes(db, body.domain_id, ownerScope(me()));
      requireGroups(db, body, domain.user_id);
      return { owner: domain.user_id, values: { file_name: body.file_name ?? newFileName(db), password: body.password ?? randomCode(6) } };
    },
    added: ({ body, services }, id) => writeChildren(services.db, id, body.children, body.visit_threshold, now(services)),
    update: ({ body, services: { db }, me }, { owner }) => {
      if (body.domain_id !== undefined) requireDomainForCodes(db, body.domain_id, ownerScope(me()), owner!);
      requireGroups(db, body, owner!);
    },
    // The log and counters have no foreign keys (bulk speed); they go with the code.
    purge: ({ services: { db } }, rows) => {
      for (const table of ['access_records', 'cleared_access_records', 'qr_code_daily', 'qr_code_ips'] as const) {
        const stmt = db.prepare(`DELETE FROM ${table} WHERE qr_code_id = ?`);
        for (const r of rows) stmt.run(r.id);
      }
    },
  },
});

/** Set the same whitelisted columns on many codes; the number of rows changed. */
export function setMany(db: Database, ids: readonly number[], values: Readonly<Record<string, unknown>>, time: string): number {
  return ids.reduce((n, id) => n + qrCodes.set(db, id, values, time), 0);
}

/** qr_code_list/batch_update: every id must be a live code of the caller (all or none), groups the owner's. */
export function batchUpdate(db: Database, body: ParsedRequestOf<typeof qrCodeBatchUpdate>, scope: number | undefined, time: string) {
  const rows = qrCodes.findAll(db, body.ids, scope, 1);
  for (const r of rows) requireGroups(db, body.fields, r.owner!);
  return { updated: setMany(db, rows.map((r) => r.id), body.fields, time) };
}

/** Constant-time comparison of a share password; '' (sharing off) never matches. */
export function passwordMatches(stored: string, given: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const qrCodeHandlers = defineHandlers({
  ...qrCodes.handlers,

  'qr_code_list/inquire': ({ body, services, me }) => qrCodes.list(services.db, body, me()),

  'qr_code_list/update_url': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const { row: code } = qrCodes.find(db, body.id, ownerScope(me()));
      const time = now(services);
      writeChildren(db, code.id, body.children, code.visit_threshold, time);
      db.prepare('UPDATE qr_codes SET update_time = ? WHERE id = ?').run(time, code.id);
      return qrCodes.get(db, code.id);
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
        ids = qrCodes.findAll(db, body.ids, scope, 1).map((r) => {
          if (r.owner !== target.user_id) throw notFound();
          return r.id;
        });
      } else {
        const from = requireDomainForCodes(db, body.from_domain_id!, scope, target.user_id);
        ids = db.prepare('SELECT id FROM qr_codes WHERE domain_id = ? AND removed = 1').pluck().all(from.id) as number[];
      }
      return { updated: setMany(db, ids, { domain_id: target.id }, now(services)) };
    })();
  },

  'qr_code_list/batch_update': ({ body, services, me }) =>
    services.db.transaction(() => batchUpdate(services.db, body, ownerScope(me()), now(services)))(),

  'qr_code_list/update_restriction_visit': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const rows = qrCodes.findAll(db, body.ids, ownerScope(me()), 1);
      const values = { visit_method: body.visit_method, visit_restriction: body.visit_restriction };
      return { updated: setMany(db, rows.map((r) => r.id), values, now(services)) };
    })();
  },

  'qr_code_list/update_open_log': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const rows = qrCodes.findAll(db, body.ids, ownerScope(me()), 1);
      return { updated: setMany(db, rows.map((r) => r.id), { open_log: body.open_log }, now(services)) };
    })();
  },

  'qr_code_list/get_ip': () => ({ ...RESOLUTION_TARGET }),

  'qr_code_list/details': ({ body, services, me }) => {
    const { db } = services;
    const id = body.id ?? (db.prepare('SELECT id FROM qr_codes WHERE file_name = ?').pluck().get(body.file_name!) as number | undefined);
    if (id === undefined) throw notFound();
    return qrCodes.get(db, id, ownerScope(me()));
  },
});
