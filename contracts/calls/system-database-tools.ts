import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, pageOf } from '../envelope.ts';

/**
 * Database tools (spec §3 "Lock", "Slow thread"; §6 administrators release locks). The mock runs on SQLite, so
 * both are simulated rows, seeded and created through the control API (`mysql_lock`, `mysql_slow_thread`).
 */
export const mysqlLock = z.object({ id, thread_id: id, query: z.string(), state: z.string(), start_time: dateTime });
export type MysqlLock = z.infer<typeof mysqlLock>;

export const mysqlSlowThread = z.object({
  id,
  /** Seconds the statement has run. */
  time: z.int().min(0),
  db: z.string(),
  thread_id: id,
  host: z.string(),
  command: z.string(),
  user: z.string(),
  sql: z.string(),
});
export type MysqlSlowThread = z.infer<typeof mysqlSlowThread>;

export const mysqlLockInquire = defineCall({
  path: 'mysql_lock/inquire',
  summary: 'Locks held (simulated), oldest first.',
  access: permission('mysql_lock'),
  request: listRequest({ query: z.string().max(256).optional() }),
  response: pageOf(mysqlLock),
});

export const mysqlLockRelease = defineCall({
  path: 'mysql_lock/release',
  summary: 'Release locks by id (all or none): the simulated rows go; each release is in the audit log.',
  access: permission('mysql_lock', 'release'),
  request: z.strictObject({ ids: z.array(id).min(1).max(100) }),
  response: z.object({ removed: z.int().min(0) }),
});

export const mysqlSlowThreadInquire = defineCall({
  path: 'mysql_time_consuming/inquire',
  summary: 'Slow threads (simulated), longest first, filtered by db and at least N seconds.',
  access: permission('mysql_time_consuming'),
  request: listRequest({ db: z.string().max(64).optional(), min_time: z.int().min(0).max(1_000_000).optional() }),
  response: pageOf(mysqlSlowThread),
});

export const databaseToolCalls = [mysqlLockInquire, mysqlLockRelease, mysqlSlowThreadInquire] as const;
