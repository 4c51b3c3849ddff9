import { AsyncOperationStatus, AsyncOperationType, ScriptCode, asyncOperationsInquire, scriptRun, serverListInquire, ServerStatus, type AsyncOperation } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { JobOutputDialog } from '../components/job-output-dialog.tsx';

const { in_progress, completed, abnormal } = AsyncOperationStatus.values;
const statusIntent = (code: number) => (code === completed ? 'success' : code === abnormal ? 'danger' : 'primary');

/**
 * /customer/script: run a catalogue script on an enabled server (a job), watch the runs' progress (rows reload
 * on frame 20) and read each run's output as text. The list is the async operations of the script type.
 */
export const scriptResource = defineResource(asyncOperationsInquire, (r) => ({
  name: 'script',
  description: 'resources.script.description',
  fixedQuery: { type: AsyncOperationType.values.script_run },
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { field: 'account', kind: 'text' },
    // Which script ran on which server (the server as it was when the run started).
    { field: 'script', kind: 'enum', enum: ScriptCode },
    { field: 'server', kind: 'text' },
    // A run's state and how far it got stay however narrow the list; its message goes first (Output shows it all).
    { field: 'status', kind: 'enum', enum: AsyncOperationStatus, intentOf: statusIntent, priority: 1 },
    { field: 'progress', kind: 'progress', intentOf: (row: AsyncOperation) => statusIntent(row.status), active: (row: AsyncOperation) => row.status === in_progress, priority: 1 },
    { field: 'message', kind: 'text', priority: 3 },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['status', { range: ['start_time', 'end_time'] }],
  lookups: {
    servers: r.lookup(serverListInquire, {
      body: { status: ServerStatus.values.enabled, page: 1, page_size: 100 },
      label: (s) => `${s.name} (${s.host})`,
    }),
  },
  actions: [
    {
      id: 'run',
      kind: 'form',
      scope: 'toolbar',
      label: 'resources.script.run',
      icon: 'play',
      intent: 'primary',
      button: 'run',
      confirm: {
        text: 'resources.script.confirm.restart_visit_service',
        undoable: false,
        when: (body) => body.script === ScriptCode.values.restart_visit_service,
      },
      form: r.form(scriptRun, { button: 'run', fields: [{ name: 'server_id', lookup: 'servers', required: true }, { name: 'script', enum: ScriptCode, required: true }] }),
    },
    { id: 'output', kind: 'dialog', scope: 'row', label: 'resources.script.output', icon: 'console', dialog: JobOutputDialog },
  ],
}));

export default resourceScreen(scriptResource);
