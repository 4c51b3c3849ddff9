import { qrCodeUserInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { QR_LABELS, qrColumns, qrDetails, qrFilters, qrLookups, qrUpdateForm } from '../qr-code-parts.tsx';
import { qrEditActions, qrRemove, qrViewActions } from '../qr-code-actions.tsx';

/** /customer/qr_code_list_admin: every user's QR codes, filterable by owner (administrators). */
export const qrCodeListAdminResource = defineResource(qrCodeUserInquire, (r) => ({
  name: 'qr_code_list_admin',
  labels: QR_LABELS,
  description: `${QR_LABELS}.descriptions.qr_code_list_admin`,
  columns: qrColumns({ account: true }),
  filters: ['account', ...qrFilters],
  lookups: qrLookups(r),
  update: qrUpdateForm(r),
  details: qrDetails,
  remove: qrRemove(r),
  actions: [...qrViewActions(), ...qrEditActions(r)],
  export: { button: 'export' },
}));

export default resourceScreen(qrCodeListAdminResource);
