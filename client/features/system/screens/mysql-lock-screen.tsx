import { mysqlLockInquire, mysqlLockRelease } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/mysql_lock: locks held (simulated on SQLite); releasing asks first (§8) and is audited. */
export const mysqlLockResource = defineResource(mysqlLockInquire, () => ({
  name: 'mysql_lock',
  description: 'resources.mysql_lock.description',
  columns: [
    // The thread is what a lock is known by (the release question names it): kept on a phone beside the query.
    { field: 'thread_id', kind: 'number', priority: 1 },
    { field: 'query', kind: 'text' },
    { field: 'state', kind: 'text' },
    { field: 'start_time', kind: 'date' },
  ],
  filters: ['query'],
  actions: [
    {
      kind: 'call',
      id: 'release',
      scope: 'both',
      button: 'release',
      label: 'resources.mysql_lock.actions.release',
      icon: 'unlock',
      intent: 'danger',
      call: mysqlLockRelease,
      confirm: { text: 'resources.mysql_lock.confirm.release', undoable: false, vars: (rows) => ({ threads: rows.map((r) => r.thread_id).join(', ') }) },
      body: (rows) => ({ ids: rows.map((r) => r.id) }),
    },
  ],
}));

export default resourceScreen(mysqlLockResource);
