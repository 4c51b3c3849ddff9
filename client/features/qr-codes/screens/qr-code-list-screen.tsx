import { qrCodeInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { QR_LABELS, qrColumns, qrDetails, qrCreateForm, qrFilters, qrLookups, qrUpdateForm } from '../qr-code-parts.tsx';
import { qrEditActions, qrRemove, qrViewActions } from '../qr-code-actions.tsx';

/** /customer/qr_code_list: the customer's own live QR codes. */
export const qrCodeListResource = defineResource(qrCodeInquire, (r) => ({
  name: 'qr_code_list',
  labels: QR_LABELS,
  description: `${QR_LABELS}.descriptions.qr_code_list`,
  columns: qrColumns(),
  filters: qrFilters,
  lookups: qrLookups(r),
  create: qrCreateForm(r),
  update: qrUpdateForm(r),
  details: qrDetails,
  remove: qrRemove(r),
  actions: [...qrViewActions(), ...qrEditActions(r)],
  export: { button: 'export' },
}));

export default resourceScreen(qrCodeListResource);
