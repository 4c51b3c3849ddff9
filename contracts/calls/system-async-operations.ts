import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { defineEnum } from '../enum.ts';
import { dateTime, id, listRequest, pageOf } from '../envelope.ts';
import { AsyncOperationStatus } from '../enums.ts';

/**
 * Async operations (spec §3, §4): work too large for one request runs as a background job in small
 * transactional steps; its row says who started it, how far it got and where the result is. Progress is
 * pushed over the real-time socket as frame type 20 (`JobProgressData`, contracts/realtime/frames.ts).
 */
export const AsyncOperationType = defineEnum('async_operation_type', {
  /** CSV export of a list call (the list's own access and owner scope, as the operating user). */
  csv_export: 1,
  /** `qr_code_list/batch_update` over `BATCH_JOB_THRESHOLD` ids. */
  qr_batch_update: 2,
  /** `wallet/collect`: one wallet's USDT to the receiving address per step. */
  wallet_collect: 3,
  /** `wallet/sync_balance`: one wallet's balances read from the chain per step. */
  wallet_sync: 4,
  /** `script/run`: one simulated script step per job step (output lines kept with the job). */
  script_run: 5,
});

/** A list export with more rows than this runs as a job (the console pages smaller ones itself). */
export const EXPORT_JOB_THRESHOLD = 2_000;
/** Rows an export job writes at most (the console's own export limit too). */
export const EXPORT_JOB_MAX_ROWS = 100_000;
/** A batch update naming more QR codes than this runs as a job. */
export const BATCH_JOB_THRESHOLD = 100;

export const asyncOperation = z.object({
  id,
  user_id: id,
  /** Account of the operating user. */
  account: z.string(),
  type: AsyncOperationType.schema,
  status: AsyncOperationStatus.schema,
  /** 0-100. */
  progress: z.int().min(0).max(100),
  /** Where the result is: for an export, `async_operations/download` with this id (only its user may fetch it); '' if none. */
  link: z.string(),
  /** What happened, in the caller's language. */
  message: z.string(),
  /** A script run: which script (a `ScriptCode`, contracts/calls/script.ts, which imports this file); null for other jobs. */
  script: z.int().min(1).nullable(),
  /** A script run: the server it ran on as it was then, "name (host)"; '' for other jobs. */
  server: z.string(),
  create_time: dateTime,
  update_time: dateTime,
});
export type AsyncOperation = z.infer<typeof asyncOperation>;

export const asyncOperationsInquire = defineCall({
  path: 'async_operations/inquire',
  summary: 'List async operations, newest first: a customer or agent sees their own, administrators everyone\'s.',
  access: permission('async_operations'),
  request: listRequest({
    type: AsyncOperationType.schema.optional(),
    status: AsyncOperationStatus.schema.optional(),
    start_time: dateTime.optional().describe('created at or after'),
    end_time: dateTime.optional().describe('created at or before'),
  }),
  response: pageOf(asyncOperation),
});

/** A registered call path (the export names the list it runs). */
const callPath = z.string().regex(/^[a-z0-9_]+(\/[a-z0-9_]+)+$/, 'errors.export_not_list').max(200).meta({ examples: ['qr_code_list/inquire'] });

/** A filter value as list requests take them; the list call's own schema checks it when the export starts. */
const scalar = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);
const filterValue = z.union([scalar, z.array(scalar).max(500)]);

export const asyncOperationsExport = defineCall({
  path: 'async_operations/export',
  summary:
    'Export every row of a list call as CSV in a background job. The job pages through that call as the caller ' +
    '(its access and owner scope apply); `filters` are its request fields but page and page_size.',
  access: permission('async_operations'),
  // Starts a job: sent again after a time-out it would start a second one.
  idempotent: false,
  request: z.strictObject({
    path: callPath,
    // Not z.record: every zod class used anywhere lands in the first-load chunk (the login budget).
    filters: z.object({}).catchall(filterValue).default({}),
  }),
  response: asyncOperation,
});

export const asyncOperationsDownload = defineCall({
  path: 'async_operations/download',
  summary: 'The CSV of a finished export; only the user who started it may fetch it (anyone else: 404).',
  access: permission('async_operations'),
  request: z.strictObject({ id }),
  response: z.object({ file_name: z.string(), content: z.string() }),
});

export const asyncOperationsCalls = [asyncOperationsInquire, asyncOperationsExport, asyncOperationsDownload] as const;
