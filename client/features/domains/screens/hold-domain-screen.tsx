import { domainInquire, HoldFlag } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { DOMAIN_LABELS, domainColumns, domainForms, domainLookups } from '../domain-parts.tsx';

/** /customer/hold_domain: domains kept in reserve (not offered for new QR codes); added here, they start held. */
export const holdDomainResource = defineResource(domainInquire, (r) => ({
  name: 'hold_domain',
  labels: DOMAIN_LABELS,
  description: `${DOMAIN_LABELS}.descriptions.hold_domain`,
  fixedQuery: { hold: HoldFlag.values.yes },
  columns: domainColumns(),
  filters: ['domain', 'display_type'],
  lookups: domainLookups(r),
  ...domainForms(r, HoldFlag.values.yes),
}));

export default resourceScreen(holdDomainResource);
