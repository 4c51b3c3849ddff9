import { domainInquire, qrCodeChangeDomainName } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { DOMAIN_LABELS, domainColumns, domainFilters, domainForms, domainLookups } from '../domain-parts.tsx';

/** /customer/domain_list: the caller's domains (administrators: everybody's) and moving codes off a blocked one. */
export const domainListResource = defineResource(domainInquire, (r) => ({
  name: 'domain_list',
  labels: DOMAIN_LABELS,
  description: `${DOMAIN_LABELS}.descriptions.domain_list`,
  columns: domainColumns({ account: true }),
  filters: [...domainFilters, 'hold'],
  lookups: domainLookups(r),
  ...domainForms(r),
  actions: [
    r.formAction(qrCodeChangeDomainName, {
      id: 'change_domain',
      scope: 'row',
      button: 'change_domain',
      label: `${DOMAIN_LABELS}.actions.change_domain`,
      icon: 'exchange',
      visible: (row) => row.qr_code_count > 0,
      form: {
        fields: [{ name: 'domain_id', lookup: 'domains', label: `${DOMAIN_LABELS}.fields.target_domain` }],
        toBody: (values, rows) => ({ from_domain_id: rows[0]?.id, domain_id: values.domain_id }),
      },
    }),
  ],
  export: {},
}));

export default resourceScreen(domainListResource);
