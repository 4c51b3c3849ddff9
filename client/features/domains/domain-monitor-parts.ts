import { DomainDisplayType, domainMonitorInquire, MonitorOk, ShieldStatus } from '../../../contracts/index.ts';
import { defineResource } from '../../resources/define.ts';

/** The monitors' labels and descriptions sit with the shield screens' (`resources.shield.*`): one check, two views. */
const LABELS = 'resources.shield';

const okIntent = (c: number) => (c === MonitorOk.values.ok ? 'success' : 'danger');
const statusIntent = (c: number) => (c === ShieldStatus.values.normal ? 'success' : c === ShieldStatus.values.blocked ? 'danger' : 'warning');

/** A domain monitor: where domains point compared with get_ip, and whether they answer. */
export function domainMonitorResource(name: 'domain_monitor' | 'admin_domain_monitor', everyone: boolean) {
  return defineResource(domainMonitorInquire, () => ({
    name,
    labels: LABELS,
    description: `${LABELS}.descriptions.${name}`,
    columns: [
      { field: 'domain', kind: 'text' },
      ...(everyone ? [{ field: 'account', kind: 'text' } as const] : []),
      { field: 'display_type', kind: 'enum', enum: DomainDisplayType, intentOf: () => 'primary' },
      { field: 'resolve_target', kind: 'text' },
      { field: 'dns_ok', kind: 'enum', enum: MonitorOk, intentOf: okIntent },
      { field: 'reachable', kind: 'enum', enum: MonitorOk, intentOf: okIntent },
      { field: 'shield_status', kind: 'enum', enum: ShieldStatus, intentOf: statusIntent },
      { field: 'qr_code_count', kind: 'number' },
    ],
    filters: ['domain', 'dns_ok', ...(everyone ? (['account'] as const) : [])],
  }));
}
