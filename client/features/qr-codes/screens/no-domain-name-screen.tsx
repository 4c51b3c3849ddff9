import { qrCodeInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { QR_LABELS, qrColumns, qrLookups } from '../qr-code-parts.tsx';
import { qrEditActions, qrViewActions } from '../qr-code-actions.tsx';

/**
 * /customer/no_domain_name: the caller's QR codes whose domain was removed, with the one thing to do about
 * them — move them to another domain. The page has no buttons of its own; the server checks the caller may
 * update QR codes (qr_code_list › update).
 */
export const noDomainNameResource = defineResource(qrCodeInquire, (r) => ({
  name: 'no_domain_name',
  labels: QR_LABELS,
  description: `${QR_LABELS}.descriptions.no_domain_name`,
  fixedQuery: { no_domain: 1 as const },
  columns: qrColumns().filter((c) => c.kind === 'custom' ? c.id !== 'qr' : c.field !== 'domain'),
  filters: ['name', 'file_name'],
  lookups: qrLookups(r),
  actions: [
    ...qrEditActions(r)
      .filter((a) => a.id === 'change_domain')
      .map((a) => ({ ...a, button: undefined })),
    ...qrViewActions().filter((a) => a.id === 'records'),
  ],
}));

export default resourceScreen(noDomainNameResource);
