import type { Database } from 'better-sqlite3';
import type { ParsedRequestOf, qrCodeBatchUpdate } from '../../contracts/index.ts';
import { qrCodeAdd, qrCodeQrCodeRemove, qrCodeRemove, qrCodeUpdate, qrCodeUpdateRemove, qrCodeUserInquire } from '../../contracts/index.ts';
import { formatDateTime } from '../services/clock.ts';
import { forgetCodeBreakdown } from '../statistics/breakdown-counters.ts';
import type { Clock } from '../services/clock.ts';
import { defineResource } from '../resources/define.ts';
import { prepared, sortBy } from '../resources/engine.ts';
import { requireDomainForCodes, requireGroup } from './owned.ts';
import { QR_JOINS, QR_SELECT, qrRow, setChildThresholds, withChildren, writeChildren } from './qr-codes.ts';
import { ownerScope, randomCode } from '../services/scope.ts';

export const now = (services: { readonly clock: Clock }) => formatDateTime(services.clock.now());

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
  // Lists filtered by nothing but owner and bin state: the per-owner counts of migration 037 (a COUNT joined
  // with the owners read every code: 100k rows per page).
  total: (db, { filters, body, owners }) => {
    if (filters.some((f) => f !== 'removed' && f !== 'user_id')) return undefined;
    const byUser = filters.includes('user_id');
    return prepared(db, `SELECT COALESCE(SUM(n), 0) AS n FROM qr_code_counts WHERE removed = ? AND ${owners.sql('user_id')}${byUser ? ' AND user_id = ?' : ''}`)
      .pluck()
      .get(body.removed ?? 1, ...owners.params, ...(byUser ? [body.user_id] : [])) as number;
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
      if (body.visit_threshold !== undefined) setChildThresholds(db, body.id, body.visit_threshold);
    },
    // The log and counters have no foreign keys (bulk speed); they go with the code.
    purge: ({ services: { db } }, rows) => {
      // The owner's daily counters lose what the code added (migration 019), before its own rows go.
      const lower = db.prepare(`UPDATE user_daily SET view_number = user_daily.view_number - d.view_number,
        ip_view_number = user_daily.ip_view_number - d.ip_view_number
        FROM qr_code_daily d WHERE d.qr_code_id = ? AND user_daily.user_id = ? AND user_daily.day = d.day`);
      for (const r of rows) lower.run(r.id, r.owner);
      for (const table of ['access_records', 'cleared_access_records', 'qr_code_daily', 'qr_code_hourly', 'qr_code_domain_daily', 'qr_code_ips', 'visitors'] as const) {
        const stmt = db.prepare(`DELETE FROM ${table} WHERE qr_code_id = ?`);
        for (const r of rows) stmt.run(r.id);
      }
      for (const r of rows) forgetCodeBreakdown(db, r.id);
    },
  },
});

/** Set the same whitelisted columns on many codes; the number of rows changed. */
export function setMany(db: Database, ids: readonly number[], values: Readonly<Record<string, unknown>>, time: string): number {
  const threshold = values.visit_threshold;
  return ids.reduce((n, id) => {
    if (typeof threshold === 'number') setChildThresholds(db, id, threshold);
    return n + qrCodes.set(db, id, values, time);
  }, 0);
}

/** Every live code of one domain onto another (change_domain_name by from_domain_id, and a WeChat block). */
export function moveDomainCodes(db: Database, fromDomainId: number, toDomainId: number, time: string): number {
  const ids = db.prepare('SELECT id FROM qr_codes WHERE domain_id = ? AND removed = 1').pluck().all(fromDomainId) as number[];
  return setMany(db, ids, { domain_id: toDomainId }, time);
}

type BatchBody = ParsedRequestOf<typeof qrCodeBatchUpdate>;

/** qr_code_list/batch_update's checks: every id a live code of the caller (all or none), groups the owner's. */
export function checkBatch(db: Database, body: BatchBody, scope: number | undefined): number[] {
  const rows = qrCodes.findAll(db, body.ids, scope, 1);
  for (const r of rows) requireGroups(db, body.fields, r.owner!);
  return rows.map((r) => r.id);
}

/** qr_code_list/batch_update at once (call it inside a transaction). */
export function batchUpdate(db: Database, body: BatchBody, scope: number | undefined, time: string) {
  return { updated: setMany(db, checkBatch(db, body, scope), body.fields, time) };
}

