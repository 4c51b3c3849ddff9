import type { Database } from 'better-sqlite3';
import { AsyncOperationType, qrCodeUpdate, type ParsedRequestOf, type qrCodeBatchUpdate } from '../../../contracts/index.ts';
import type { HandlerContext } from '../../http/handler.ts';
import { requireGroup } from '../../qr/owned.ts';
import { createQrCodeStore } from '../../qr/qr-codes.ts';
import { ownerScope, perDatabase } from '../../qr/scope.ts';
import { formatDateTime } from '../../services/clock.ts';
import type { JobKind } from '../kind.ts';

type BatchBody = ParsedRequestOf<typeof qrCodeBatchUpdate>;
interface BatchParams {
  ids: number[];
  fields: BatchBody['fields'];
  /** The operating user's scope when the job started (undefined: an administrator). */
  owner?: number;
}

/** QR codes one step updates (one short transaction each, so visits keep flowing meanwhile). */
export const BATCH_STEP_IDS = 50;

/** Columns a batch may set: the settings of the update call (never a request key). */
const SETTABLE = Object.keys(qrCodeUpdate.request.shape).filter((k) => k !== 'id');
const store = perDatabase(createQrCodeStore);

function setColumns(db: Database, ids: readonly number[], fields: BatchBody['fields'], owner: number | undefined, time: string): number {
  const values = fields as Record<string, string | number | null | undefined>;
  const cols = SETTABLE.filter((c) => values[c] !== undefined);
  const scope = owner === undefined ? '' : ' AND user_id = ?';
  const stmt = db.prepare(`UPDATE qr_codes SET ${cols.map((c) => `"${c}" = ?`).join(', ')}, update_time = ? WHERE id = ?${scope}`);
  let n = 0;
  for (const id of ids) n += stmt.run(...cols.map((c) => values[c] ?? null), time, id, ...(owner === undefined ? [] : [owner])).changes;
  return n;
}

/**
 * `qr_code_list/batch_update` naming more codes than the threshold: everything is checked now, as the call
 * would (all or none: an unknown or foreign id, or a group of another owner, answers 404 and starts nothing),
 * then a job writes BATCH_STEP_IDS codes per step. Answers the call's `{ updated: 0, job_id }`.
 */
export function startBatchUpdateJob({ body, services, me, locale }: HandlerContext<typeof qrCodeBatchUpdate>): { updated: number; job_id: number } {
  const user = me();
  const owner = ownerScope(user);
  const rows = store(services.db).requireAll(body.ids, owner, 1);
  for (const r of rows) {
    requireGroup(services.db, 'qr_groups', body.fields.group_id, r.user_id);
    requireGroup(services.db, 'internal_code_groups', body.fields.internal_code_group_id, r.user_id);
  }
  const params: BatchParams = { ids: rows.map((r) => r.id), fields: body.fields, ...(owner === undefined ? {} : { owner }) };
  const job = services.jobs.enqueue(user.id, AsyncOperationType.values.qr_batch_update, params, { offset: 0, updated: 0 }, locale);
  return { updated: 0, job_id: job.id };
}

/** Kind 2: the next BATCH_STEP_IDS codes, in the same transaction as the job's progress. */
export const qrBatchUpdateKind: JobKind = {
  type: AsyncOperationType.values.qr_batch_update,
  step({ services }, job) {
    const params = JSON.parse(job.params) as BatchParams;
    const cursor = JSON.parse(job.cursor) as { offset: number; updated: number };
    const slice = params.ids.slice(cursor.offset, cursor.offset + BATCH_STEP_IDS);
    const offset = cursor.offset + slice.length;
    let updated = cursor.updated;
    const write = () => {
      updated += setColumns(services.db, slice, params.fields, params.owner, formatDateTime(services.clock.now()));
    };
    if (offset >= params.ids.length) {
      // The final message reads `updated` after `write` ran: a getter keeps it lazy.
      return {
        done: true,
        write,
        message: 'jobs.updated',
        get vars() {
          return { updated };
        },
      };
    }
    return {
      done: false,
      write,
      progress: (offset * 100) / params.ids.length,
      get cursor() {
        return { offset, updated };
      },
    };
  },
};
