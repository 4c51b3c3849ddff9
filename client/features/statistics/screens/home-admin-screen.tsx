import { statisticsHomeAdmin } from '../../../../contracts/index.ts';
import { dashboardScreen } from '../../../resources/dashboard/dashboard-screen.tsx';
import { defineDashboard } from '../../../resources/dashboard/define-dashboard.ts';
import { dailyBreakdowns, dailyVisitsChart, topCodesTable } from '../declarations.ts';

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
  charts: [dailyVisitsChart('visits')],
  tables: [topCodesTable((d) => d.top_codes, 'resources.home_admin.no_visits')],
  breakdowns: dailyBreakdowns(),
});

export default dashboardScreen(homeAdminDashboard);
