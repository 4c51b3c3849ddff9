import { buildVisitorContext, ipBadge, sourceParts, visitorInquire, type VisitorContext, type VisitorRow } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { IpCell } from '../../../components/ip-badge.tsx';

/** The §9 rules compare a visitor with the others shown: one context per page of rows, built on first use. */
const contexts = new WeakMap<readonly VisitorRow[], VisitorContext>();
function contextOf(rows: readonly VisitorRow[]): VisitorContext {
  let context = contexts.get(rows);
  if (!context) contexts.set(rows, (context = buildVisitorContext(rows)));
  return context;
}

/**
 * /customer/visitor: spec §3 visitor records of the codes in the caller's scope (newest first), the IP with
 * its §9 badge (the /access_log page's rules and colours), the §9 filters as one choice, CSV export.
 */
export const visitorResource = defineResource(visitorInquire, () => ({
  name: 'visitor',
  description: 'resources.visitor.description',
  columns: [
    {
      kind: 'custom',
      id: 'ip',
      // The IP is what a visitor row is (the domain is the same host for most rows).
      names: true,
      render: (row, rows) => <IpCell ip={row.ip} badge={ipBadge(row, contextOf(rows))} />,
      text: (row) => row.ip,
    },
    { field: 'ip_count', kind: 'number', sortable: false },
    { field: 'domain', kind: 'text', sortable: false },
    { field: 'latest_create_time', kind: 'date', sortable: false },
    // Kept on a phone with the IP and its visits: the location is what the IP's badge colour speaks of.
    { field: 'latest_ip_belong', kind: 'place', sortable: false, priority: 1 },
    { kind: 'custom', id: 'latest_source', render: (row) => sourceParts(row.latest_source).join(' · '), text: (row) => row.latest_source },
    { field: 'latest_user_agent', kind: 'text', sortable: false, hiddenByDefault: true },
    { field: 'file_name', kind: 'text', sortable: false },
    { field: 'account', kind: 'text', sortable: false },
  ],
  filters: [
    { field: 'filter', optionLabels: 'resources.visitor.options.filter' },
    'ip',
    'domain',
    // Codes by name (the picker sends the id): a typed name never turns into another code's number.
    { field: 'qr_code_id', kind: 'code' },
    { range: ['start_time', 'end_time'] },
  ],
  export: {},
}));

export default resourceScreen(visitorResource);
