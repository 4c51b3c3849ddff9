import {
  mysqlLock,
  mysqlLockInquire,
  mysqlLockRelease,
  mysqlSlowThread,
  mysqlSlowThreadInquire,
} from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';

/** Simulated MySQL locks: releasing one deletes its row (all named ids or none); the audit log records it by verb. */
const locks = defineResource({
  calls: { inquire: mysqlLockInquire, remove: mysqlLockRelease },
  row: mysqlLock,
  table: 'mysql_locks',
  alias: 'k',
  filters: { query: 'like' },
  orderBy: 'k.start_time, k.id',
});

const slowThreads = defineResource({
  calls: { inquire: mysqlSlowThreadInquire },
  row: mysqlSlowThread,
  table: 'mysql_slow_threads',
  alias: 's',
  filters: { db: 'eq', min_time: { op: 'gte', column: 's.time' } },
  orderBy: 's.time DESC, s.id',
});

export const databaseToolHandlers = defineHandlers({ ...locks.handlers, ...slowThreads.handlers });
