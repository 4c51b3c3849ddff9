import { ShowStatus, logTypeInquire, logTypeUpdate } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/log_type: the categories the server writes; names, remarks and whether the log list shows them. */
export const logTypeResource = defineResource(logTypeInquire, (r) => ({
  name: 'log_type',
  description: 'resources.log_type.description',
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    // An identifier the server writes, not a text to translate: shown as code.
    { kind: 'custom', id: 'code', render: (row) => <code>{row.code}</code>, text: (row) => row.code },
    { field: 'name', kind: 'text' },
    { field: 'show_status', kind: 'enum', enum: ShowStatus, intentOf: (c) => (c === ShowStatus.values.show ? 'success' : 'none') },
    { field: 'remark', kind: 'text' },
  ],
  filters: ['name', 'show_status'],
  update: r.form(logTypeUpdate, { button: 'update', fields: ['name', 'remark', { name: 'show_status', kind: 'switch' }] }),
}));

export default resourceScreen(logTypeResource);
