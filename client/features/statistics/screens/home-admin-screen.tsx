import { statisticsHomeAdmin, type HomeAdminStatistics as Stats } from '../../../../contracts/index.ts';
import { dashboardScreen } from '../../../resources/dashboard/dashboard-screen.tsx';
import { defineDashboard, table } from '../../../resources/dashboard/define-dashboard.ts';

const NO_ORDERS = 'resources.home_admin.no_orders';

/** /customer/home_admin: the service-wide overview for administrators. */
export const homeAdminDashboard = defineDashboard(statisticsHomeAdmin, {
  name: 'home_admin',
  description: 'resources.home_admin.description',
  body: { days: 30 },
  cards: [
    { id: 'users', icon: 'people', value: (d) => d.users },
    { id: 'customers', icon: 'person', value: (d) => d.customers },
    { id: 'agents', icon: 'briefcase', value: (d) => d.agents },
    { id: 'qr_codes', icon: 'barcode', value: (d) => d.qr_codes },
    { id: 'domains', icon: 'globe-network', value: (d) => d.domains },
    {
      id: 'blocked_domains',
      icon: 'shield',
      value: (d) => d.blocked_domains,
      intent: 'danger',
      note: 'resources.home_admin.blocked_note',
    },
    { id: 'visits_today', icon: 'eye-open', value: (d) => d.visits_today, intent: 'primary' },
    {
      id: 'visits_range',
      icon: 'timeline-line-chart',
      value: (d) => d.visits_range,
      note: 'resources.home_admin.range_note',
    },
    { id: 'orders', icon: 'shopping-cart', value: (d) => d.orders, note: NO_ORDERS },
    { id: 'revenue', icon: 'dollar', value: (d) => d.revenue, format: 'usdt', note: NO_ORDERS },
  ],
  charts: [
    {
      id: 'visits',
      kind: 'line',
      labels: (d) => d.daily.map((x) => x.day),
      series: [
        { id: 'view_number', values: (d) => d.daily.map((x) => x.view_number) },
        { id: 'ip_view_number', values: (d) => d.daily.map((x) => x.ip_view_number) },
      ],
    },
  ],
  tables: [
    table<Stats, Stats['top_codes'][number]>({
      id: 'top_codes',
      rows: (d) => d.top_codes,
      columns: [
        { field: 'name' },
        { field: 'file_name' },
        { field: 'account' },
        { field: 'view_number', kind: 'number' },
      ],
      empty: 'resources.home_admin.no_visits',
    }),
  ],
});

export default dashboardScreen(homeAdminDashboard);
