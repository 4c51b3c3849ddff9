import type { Database } from 'better-sqlite3';
import { AsyncOperationType, type Locale, type ParsedRequestOf, type qrCodeBatchUpdate } from '../../../contracts/index.ts';
import { checkBatch, setMany } from '../../qr/qr-resource.ts';
import { ownerScope } from '../../services/scope.ts';
import { formatDateTime } from '../../services/clock.ts';
import type { UserRow } from '../../services/users.ts';
import type { JobKind } from '../kind.ts';
import type { JobRunner } from '../runner.ts';

type BatchBody = ParsedRequestOf<typeof qrCodeBatchUpdate>;
interface BatchParams {
  ids: number[];
  fields: BatchBody['fields'];
}

/** QR codes one step updates (one short transaction each, so visits keep flowing meanwhile). */
export const BATCH_STEP_IDS = 50;

/**
 * `qr_code_list/batch_update` naming more codes than the threshold: everything is checked now, as the call
 * would (all or none: an unknown or foreign id, or a group of another owner, answers 404 and starts nothing),
 * then a job writes BATCH_STEP_IDS codes per step. Answers the call's `{ updated: 0, job_id }`.
 */
export function startBatchUpdateJob({ body, services, me, locale }: {
  readonly body: BatchBody;
  readonly services: { readonly db: Database; readonly jobs: Pick<JobRunner, 'enqueue'> };
  readonly locale: Locale;
  me(): UserRow;
}): { updated: number; job_id: number } {
  const user = me();
  // The call's own checks, all or none; the steps then write only ids that passed them.
  const params: BatchParams = { ids: checkBatch(services.db, body, ownerScope(user)), fields: body.fields };
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
      updated += setMany(services.db, slice, params.fields, formatDateTime(services.clock.now()));
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
