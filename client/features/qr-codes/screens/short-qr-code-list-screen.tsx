import { DomainDisplayType, qrCodeInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { QR_LABELS, qrColumns, qrDetails, qrCreateForm, qrLookups, qrUpdateForm } from '../qr-code-parts.tsx';
import { qrEditActions, qrRemove, qrViewActions } from '../qr-code-actions.tsx';

/** /customer/short_qr_code_list: QR codes on short domains (display type 3); new ones are offered short domains only. */
export const shortQrCodeListResource = defineResource(qrCodeInquire, (r) => ({
  name: 'short_qr_code_list',
  labels: QR_LABELS,
  description: `${QR_LABELS}.descriptions.short_qr_code_list`,
  fixedQuery: { display_type: DomainDisplayType.values.short },
  columns: qrColumns(),
  filters: ['name', 'file_name', 'domain'],
  lookups: qrLookups(r, { display_type: DomainDisplayType.values.short }),
  create: qrCreateForm(r),
  update: qrUpdateForm(r),
  details: qrDetails,
  remove: qrRemove(r),
  actions: [...qrViewActions(), ...qrEditActions(r).filter((a) => a.id === 'urls' || a.id === 'change_domain')],
  export: {},
}));

export default resourceScreen(shortQrCodeListResource);
