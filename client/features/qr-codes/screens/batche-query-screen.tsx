import { qrCodeInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { QR_LABELS, qrColumns } from '../qr-code-parts.tsx';
import { qrViewActions } from '../qr-code-actions.tsx';

/** /customer/batche_query: look up many QR codes at once by their codes (one per line). */
export const batchQueryResource = defineResource(qrCodeInquire, () => ({
  name: 'batche_query',
  labels: QR_LABELS,
  description: `${QR_LABELS}.descriptions.batche_query`,
  columns: qrColumns(),
  filters: ['file_names', 'domain'],
  actions: qrViewActions(),
  export: {},
  pageSize: 50,
  // Codes asked for and not found are named above the list (typos, deleted or foreign codes).
  notFound: `${QR_LABELS}.not_found`,
}));

export default resourceScreen(batchQueryResource);
