import { Callout, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DomainDisplayType, domainInquire, qrCodeGetIp, type ResolutionTarget } from '../../../../contracts/index.ts';
import { ResourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { useResource } from '../../../resources/use-resource.ts';
import { dataOf } from '../../../state/async.ts';
import { DOMAIN_LABELS } from '../domain-parts.tsx';

/** /customer/export_domain_resolution: what each domain must resolve to, exported as CSV for the DNS provider. */
export const exportDomainResolutionResource = defineResource(domainInquire, (r) => ({
  name: 'export_domain_resolution',
  labels: DOMAIN_LABELS,
  description: `${DOMAIN_LABELS}.descriptions.export_domain_resolution`,
  columns: [
    { field: 'domain', kind: 'text' },
    { field: 'display_type', kind: 'enum', enum: DomainDisplayType, intentOf: () => 'primary' },
    { kind: 'custom', id: 'record_type', label: `${DOMAIN_LABELS}.fields.record_type`, render: (row) => recordType(row.resolve_target), text: (row) => recordType(row.resolve_target) },
    { field: 'resolve_target', kind: 'text' },
    { field: 'account', kind: 'text', hiddenByDefault: true },
  ],
  filters: ['domain', 'display_type'],
  lookups: { resolution: r.lookup(qrCodeGetIp) },
  export: { button: 'export' },
  pageSize: 50,
}));

/** An address resolves with an A record, a host name with a CNAME. */
function recordType(target: string): string {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(target) ? 'A' : 'CNAME';
}

export default function ExportDomainResolutionScreen() {
  const { t } = useTranslation();
  const { state } = useResource(exportDomainResolutionResource);
  const lookup = state.lookups.resolution;
  const target = lookup ? (dataOf(lookup) as ResolutionTarget | undefined) : undefined;
  return (
    <ResourceScreen decl={exportDomainResolutionResource}>
      <Callout intent={Intent.PRIMARY} icon="globe-network" title={t(`${DOMAIN_LABELS}.resolution.title`)} style={{ marginBottom: 12 }}>
        {target ? (
          <span>
            {t(`${DOMAIN_LABELS}.resolution.a_record`)} <code>{target.ip}</code> · {t(`${DOMAIN_LABELS}.resolution.cname`)} <code>{target.cname}</code>
          </span>
        ) : (
          <span className={lookup?.status === 'failed' ? undefined : Classes.SKELETON}>{t(lookup?.status === 'failed' ? 'common.states.load_failed' : 'common.states.loading')}</span>
        )}
      </Callout>
    </ResourceScreen>
  );
}
