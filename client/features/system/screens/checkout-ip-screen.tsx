import { LogType, checkoutIpInquire, type IpReport } from '../../../../contracts/index.ts';
import { dashboardScreen } from '../../../resources/dashboard/dashboard-screen.tsx';
import { defineDashboard, table } from '../../../resources/dashboard/define-dashboard.ts';

type Hit = IpReport['black_hits'][number];
/** The list an entry is on, as a label key (the table shows codes through `labelKey`). */
const LISTS = { labelKey: (code: number) => (code === 2 ? 'menu.server_ip_black' : 'menu.ip_black') };

/** /customer/checkout_ip: everything known about one IPv4 address; opens on the administrator's own. */
export const checkoutIpDashboard = defineDashboard(checkoutIpInquire, {
  name: 'checkout_ip',
  description: 'resources.checkout_ip.description',
  search: { field: 'ip', placeholder: 'resources.checkout_ip.placeholder' },
  cards: [
    { id: 'black_hits', icon: 'disable', value: (d) => d.black_hits.length, intent: 'danger' },
    { id: 'visit_count', icon: 'eye-open', value: (d) => d.visit_count },
    { id: 'login_count', icon: 'log-in', value: (d) => d.login_count },
  ],
  tables: [
    table({
      id: 'location',
      rows: (d: IpReport) => [d],
      columns: [{ field: 'ip' }, { field: 'country', kind: 'place' }, { field: 'province', kind: 'place' }, { field: 'city', kind: 'place' }, { field: 'carrier', kind: 'place' }, { field: 'belong', kind: 'place' }],
    }),
    table({
      id: 'black_hits',
      rows: (d: IpReport) => d.black_hits.map((h: Hit) => ({ ...h, list: h.list === 'server_ip_black' ? 2 : 1 })),
      columns: [{ field: 'list', kind: 'enum', enum: LISTS }, { field: 'ip' }, { field: 'remark' }],
      empty: 'resources.checkout_ip.no_hits',
    }),
    table({
      id: 'recent_visits',
      rows: (d: IpReport) => d.recent_visits,
      columns: [{ field: 'create_time' }, { field: 'file_name' }, { field: 'account' }, { field: 'source' }],
    }),
    table({
      id: 'recent_logins',
      rows: (d: IpReport) => d.recent_logins,
      columns: [{ field: 'create_time' }, { field: 'type', kind: 'enum', enum: LogType }, { field: 'account' }],
    }),
  ],
});

export default dashboardScreen(checkoutIpDashboard);
