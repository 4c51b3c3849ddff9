import { LogRecordStatus, logConfigInquire, logConfigUpdate } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/log_config: per log type, whether the server records it and how many days rows are kept. */
export const logConfigResource = defineResource(logConfigInquire, (r) => ({
  name: 'log_config',
  description: 'resources.log_config.description',
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { field: 'name', kind: 'text' },
    { field: 'record_status', kind: 'enum', enum: LogRecordStatus, intentOf: (c) => (c === LogRecordStatus.values.record ? 'success' : 'warning') },
    { field: 'retention_days', kind: 'number' },
  ],
  update: r.form(logConfigUpdate, {
    button: 'update',
    fields: [{ name: 'record_status', kind: 'switch' }, { name: 'retention_days', helper: 'resources.log_config.retention_help' }],
  }),
}));

export default resourceScreen(logConfigResource);
