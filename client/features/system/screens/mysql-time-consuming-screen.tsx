import { mysqlSlowThreadInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/mysql_time_consuming: slow threads (simulated on SQLite), longest first. */
export const mysqlSlowThreadResource = defineResource(mysqlSlowThreadInquire, () => ({
  name: 'mysql_time_consuming',
  description: 'resources.mysql_time_consuming.description',
  columns: [
    { field: 'time', kind: 'number' },
    { field: 'thread_id', kind: 'number' },
    // Database and database-user names are identifiers, shown as code.
    { kind: 'custom', id: 'db', render: (row) => <code>{row.db}</code>, text: (row) => row.db },
    { kind: 'custom', id: 'user', render: (row) => <code>{row.user}</code>, text: (row) => row.user },
    { field: 'host', kind: 'text' },
    { field: 'command', kind: 'text' },
    { field: 'sql', kind: 'text' },
  ],
  filters: ['db', 'min_time'],
}));

export default resourceScreen(mysqlSlowThreadResource);
