import { DomainDisplayType, domainMonitorInquire, MonitorOk, ShieldStatus } from '../../../contracts/index.ts';
import { defineResource } from '../../resources/define.ts';
import styles from './domain-monitor.module.css';

/** The monitors' labels and descriptions sit with the shield screens' (`resources.shield.*`): one check, two views. */
const LABELS = 'resources.shield';

const okIntent = (c: number) => (c === MonitorOk.values.ok ? 'success' : 'danger');
const statusIntent = (c: number) => (c === ShieldStatus.values.normal ? 'success' : c === ShieldStatus.values.blocked ? 'danger' : 'warning');

/** Where a domain should point: the A record's address or the CNAME's host, each as it is typed in DNS. */
function ExpectedTarget({ ip, cname }: { ip: string; cname: string }) {
  return (
    <span className={styles.expected}>
      <code>A {ip}</code>
      <code>CNAME {cname}</code>
    </span>
  );
}

/** A domain monitor: where domains point compared with get_ip, and whether they answer. */
export function domainMonitorResource(name: 'domain_monitor' | 'admin_domain_monitor', everyone: boolean) {
  return defineResource(domainMonitorInquire, () => ({
    name,
    labels: LABELS,
    description: `${LABELS}.descriptions.${name}`,
    columns: [
      { field: 'domain', kind: 'text' },
      ...(everyone ? [{ field: 'account', kind: 'text' } as const] : []),
      { field: 'display_type', kind: 'enum', enum: DomainDisplayType, intentOf: () => 'primary', priority: 2 },
      // Where it points and where it should point: beside each other on a desktop. A phone keeps the domain,
      // whether those agree (dns_ok) and its codes; these two wait in the column chooser there.
      { field: 'resolve_target', kind: 'text', priority: 2 },
      {
        kind: 'custom',
        id: 'expected',
        priority: 2,
        render: (row) => <ExpectedTarget ip={row.expected_ip} cname={row.expected_cname} />,
        text: (row) => `A ${row.expected_ip} / CNAME ${row.expected_cname}`,
      },
      { field: 'dns_ok', kind: 'enum', enum: MonitorOk, intentOf: okIntent, priority: 1 },
      { field: 'reachable', kind: 'enum', enum: MonitorOk, intentOf: okIntent },
      { field: 'shield_status', kind: 'enum', enum: ShieldStatus, intentOf: statusIntent },
      { field: 'qr_code_count', kind: 'number' },
    ],
    filters: ['domain', 'dns_ok', ...(everyone ? (['account'] as const) : [])],
  }));
}
