import { qrCodeUserInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { QR_LABELS, qrColumns } from '../qr-code-parts.tsx';
import { qrViewActions } from '../qr-code-actions.tsx';

/** /customer/nodomain: administrators' view of every user's QR codes left without a domain. */
export const nodomainResource = defineResource(qrCodeUserInquire, () => ({
  name: 'nodomain',
  labels: QR_LABELS,
  description: `${QR_LABELS}.descriptions.nodomain`,
  fixedQuery: { no_domain: 1 as const },
  columns: qrColumns({ account: true }).filter((c) => c.kind === 'custom' ? c.id !== 'qr' : c.field !== 'domain'),
  filters: ['account', 'name', 'file_name'],
  actions: qrViewActions().filter((a) => a.id === 'records'),
  export: {},
}));

export default resourceScreen(nodomainResource);
