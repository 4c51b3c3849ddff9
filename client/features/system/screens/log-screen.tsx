import { LogType, logClear, logInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { LogTypeName } from '../components/log-type-name.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/log: the audit log (admin), filtered and exported; older rows cleared after a question. */
export const logResource = defineResource(logInquire, () => ({
  name: 'log',
  description: 'resources.log.description',
  columns: [
    { field: 'id', kind: 'number', width: 72 },
    { field: 'create_time', kind: 'date' },
    // A renamed type shows its new name (log_type); the others their translated label.
    { kind: 'custom', id: 'type', label: 'resources.log.fields.type', render: (row) => <LogTypeName row={row} />, text: (row) => row.type_name || String(row.type) },
    { field: 'account', kind: 'text' },
    { field: 'source', kind: 'text' },
    { field: 'content', kind: 'text' },
    { field: 'target_ids', kind: 'text', hiddenByDefault: true },
    { field: 'ip', kind: 'text' },
    { field: 'ua', kind: 'text', hiddenByDefault: true },
    { field: 'user_id', kind: 'number', hiddenByDefault: true },
  ],
  filters: [{ field: 'type', enum: LogType }, 'account', 'source', { range: ['start_time', 'end_time'], label: 'resources.log.fields.time' }],
  actions: [
    {
      kind: 'form',
      id: 'clear',
      scope: 'toolbar',
      button: 'clear',
      label: 'resources.log.actions.clear',
      icon: 'trash',
      intent: 'danger',
      confirm: { text: 'resources.log.confirm.clear', undoable: false, vars: (_rows, body) => ({ days: Number(body?.days ?? 0) }) },
      form: { call: logClear, button: 'clear', fields: ['days'], initial: () => ({ days: 30 }) },
    },
  ],
  export: {},
}));

export default resourceScreen(logResource);
