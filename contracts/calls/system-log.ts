import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { defineEnum } from '../enum.ts';
import { dateTime, id, listRequest, pageOf } from '../envelope.ts';
import { LogType, ShowStatus } from '../enums.ts';

/** Whether the server writes rows of a log type at all (log_config). */
export const LogRecordStatus = defineEnum('log_record_status', { record: 1, off: 2 });

/** Longest retention a log type may have (10 years); 0 keeps rows for ever. */
export const LOG_RETENTION_MAX_DAYS = 3650;

/** A row of the audit log (spec §3 "Log": content, source, UA, type, user id, time), read-only. */
export const logEntry = z.object({
  id,
  type: LogType.schema,
  /** Null for a refused login of an unknown account (then `account` is what was typed). */
  user_id: id.nullable(),
  account: z.string(),
  source: z.string(),
  content: z.string(),
  target_ids: z.string(),
  ip: z.string(),
  ua: z.string(),
  create_time: dateTime,
  /** The type's name as `log_type` holds it: its built-in name (LOG_TYPE_BUILT_IN_NAMES) until an administrator renames it. */
  type_name: z.string().optional(),
});
export type LogEntry = z.infer<typeof logEntry>;

/**
 * The names the server seeds for its log types (migrations 008 and 015). The console shows a type through its
 * translated label while it keeps this name, and the name an administrator gave it once renamed.
 */
export const LOG_TYPE_BUILT_IN_NAMES: Readonly<Record<number, string>> = {
  1: 'Login',
  2: 'Failed login',
  3: 'Logout',
  4: 'Registration',
  5: 'Administrator change',
  6: 'WeChat block action',
};

export const logInquire = defineCall({
  path: 'log/inquire',
  summary:
    'The audit log, newest first, filtered by type, user, account and time (inclusive); rows of hidden log ' +
    'types (log_type show status 2) are left out.',
  access: permission('log'),
  request: listRequest({
    type: LogType.schema.optional(),
    user_id: id.optional(),
    account: z.string().max(64).optional(),
    source: z.string().max(128).optional(),
    start_time: dateTime.optional(),
    end_time: dateTime.optional(),
  }).refine((b) => !b.start_time || !b.end_time || b.start_time <= b.end_time, {
    message: 'validation.time_order',
    path: ['end_time'],
  }),
  response: pageOf(logEntry),
});

export const logClear = defineCall({
  path: 'log/clear',
  summary: 'Delete every log row older than `days` days (0 = everything before now); answers how many went.',
  access: permission('log', 'clear'),
  request: z.strictObject({ days: z.int().min(0, 'validation.days_range').max(LOG_RETENTION_MAX_DAYS, 'validation.days_range') }),
  response: z.object({ removed: z.int().min(0) }),
});

/** A category the server writes (the codes are fixed by the server; names, remark and show status are editable). */
export const logTypeRow = z.object({
  id,
  code: z.string(),
  name: z.string(),
  remark: z.string(),
  show_status: ShowStatus.schema,
  record_status: LogRecordStatus.schema,
  retention_days: z.int().min(0),
});
export type LogTypeRow = z.infer<typeof logTypeRow>;

const typeList = listRequest({ name: z.string().max(64).optional(), show_status: ShowStatus.schema.optional() });

export const logTypeInquire = defineCall({
  path: 'log_type/inquire',
  summary: 'The log types the server writes.',
  access: permission('log_type'),
  request: typeList,
  response: pageOf(logTypeRow),
});

export const logTypeUpdate = defineCall({
  path: 'log_type/update',
  summary: "Rename a log type, change its remark or whether the log list shows its rows.",
  access: permission('log_type', 'update'),
  request: z.strictObject({
    id,
    name: z.string().trim().min(1, 'validation.name_required').max(64).optional(),
    remark: z.string().max(255).optional(),
    show_status: ShowStatus.schema.optional(),
  }),
  response: logTypeRow,
});

export const logConfigInquire = defineCall({
  path: 'log_config/inquire',
  summary: 'Per log type: whether it is recorded and for how many days rows are kept (0 = for ever).',
  access: permission('log_config'),
  request: typeList,
  response: pageOf(logTypeRow),
});

export const logConfigUpdate = defineCall({
  path: 'log_config/update',
  summary:
    'Turn recording of a log type on or off and set its retention in days (0 = for ever); rows older than the ' +
    'retention are deleted at once and then hourly.',
  access: permission('log_config', 'update'),
  request: z.strictObject({
    id,
    record_status: LogRecordStatus.schema.optional(),
    retention_days: z
      .int()
      .min(0, 'validation.days_range')
      .max(LOG_RETENTION_MAX_DAYS, 'validation.days_range')
      .optional(),
  }),
  response: logTypeRow,
});

export const logCalls = [logInquire, logClear, logTypeInquire, logTypeUpdate, logConfigInquire, logConfigUpdate] as const;
