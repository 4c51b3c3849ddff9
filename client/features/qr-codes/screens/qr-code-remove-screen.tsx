import { qrCodeInquire, qrCodeQrCodeRemove, qrCodeUpdateRemove, RemovedFlag } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { QR_LABELS, qrColumns } from '../qr-code-parts.tsx';
import { aboutCodes, qrViewActions } from '../qr-code-actions.tsx';

/** /customer/qr_code_remove: the recycle bin — restore, or delete for good (confirmed, cannot be undone). */
export const qrCodeRemoveResource = defineResource(qrCodeInquire, (r) => ({
  name: 'qr_code_remove',
  labels: QR_LABELS,
  description: `${QR_LABELS}.descriptions.qr_code_remove`,
  fixedQuery: { removed: RemovedFlag.values.yes },
  columns: qrColumns({ removed: true }),
  filters: ['name', 'file_name', 'domain'],
  empty: `${QR_LABELS}.empty.qr_code_remove`,
  remove: r.remove(qrCodeQrCodeRemove, { confirm: aboutCodes('purge') }),
  actions: [
    r.action(qrCodeUpdateRemove, {
      id: 'restore',
      scope: 'both',
      button: 'restore',
      label: `${QR_LABELS}.actions.restore`,
      icon: 'undo',
      intent: 'primary',
      confirm: { ...aboutCodes('restore'), undoable: true },
      body: (rows) => ({ ids: rows.map((x) => x.id) }),
    }),
    ...qrViewActions().filter((a) => a.id === 'records'),
  ],
}));

export default resourceScreen(qrCodeRemoveResource);
