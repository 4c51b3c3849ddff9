import { qrCodeAccessClearedInquire, qrCodeAccessClearRecord, qrCodeAccessRestore } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/recover: cleared slices of access logs, put back with `restore` or deleted for good (§8 confirmation). */
export const recoverResource = defineResource(qrCodeAccessClearedInquire, (r) => ({
  name: 'recover',
  description: 'resources.recover.description',
  columns: [
    { field: 'file_name', kind: 'text' },
    { field: 'account', kind: 'text', hiddenByDefault: true },
    { field: 'record_count', kind: 'number' },
    { field: 'start_time', kind: 'date' },
    { field: 'end_time', kind: 'date' },
    { field: 'clear_time', kind: 'date' },
  ],
  filters: ['file_name'],
  actions: [
    r.action(qrCodeAccessRestore, {
      id: 'restore',
      scope: 'both',
      button: 'restore',
      label: 'resources.recover.restore',
      icon: 'undo',
      intent: 'primary',
      confirm: 'normal',
      body: (rows) => ({ ids: rows.map((x) => x.id) }),
    }),
  ],
  remove: r.remove(qrCodeAccessClearRecord, { button: 'remove', permanent: true, body: (ids) => ({ ids: ids.map(Number) }) }),
}));

export default resourceScreen(recoverResource);
