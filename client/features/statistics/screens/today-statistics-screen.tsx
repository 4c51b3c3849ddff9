import { statisticsToday, type TodayStatistics as Stats } from '../../../../contracts/index.ts';
import { dashboardScreen } from '../../../resources/dashboard/dashboard-screen.tsx';
import { defineDashboard, table } from '../../../resources/dashboard/define-dashboard.ts';

const P = 'resources.today_statistics';
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * /customer/today_statistics, where every role lands: today so far against yesterday until the same hour
 * (server clock). The server scopes it: a customer's codes, an agent's own and customers' codes, the whole
 * service for administrators, who may narrow it to one user.
 */
export const todayStatisticsDashboard = defineDashboard(statisticsToday, {
  name: 'today_statistics',
  description: `${P}.description`,
  filters: [{ field: 'user_id', kind: 'id', roles: ['super_admin', 'admin'] }],
  cards: [
    {
      id: 'visits_today',
      icon: 'eye-open',
      intent: 'primary',
      value: (d) => d.visits_today,
      compare: { value: (d) => d.visits_yesterday, label: `${P}.vs_yesterday` },
    },
    {
      id: 'ips_today',
      icon: 'globe',
      value: (d) => d.ips_today,
      compare: { value: (d) => d.ips_yesterday, label: `${P}.vs_yesterday` },
    },
    { id: 'codes_today', icon: 'barcode', value: (d) => d.top_codes.length, note: `${P}.codes_note` },
  ],
  charts: [
    {
      id: 'hourly',
      kind: 'line',
      labels: (d) => d.hourly.map((x) => hourLabel(x.hour)),
      series: [
        // Hours still to come today are left off the line rather than drawn as zeros.
        { id: 'today', values: (d) => d.hourly.filter((x) => x.hour <= d.hour).map((x) => x.view_number) },
        { id: 'yesterday', values: (d) => d.hourly.map((x) => x.previous_view_number) },
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
      empty: `${P}.no_visits`,
    }),
    table<Stats, Stats['top_domains'][number]>({
      id: 'top_domains',
      rows: (d) => d.top_domains,
      columns: [{ field: 'name' }, { field: 'view_number', kind: 'number' }],
      empty: `${P}.no_visits`,
    }),
    table<Stats, Stats['devices'][number]>({
      id: 'devices',
      rows: (d) => d.devices,
      columns: [
        { field: 'device', labels: `${P}.device.` },
        { field: 'view_number', kind: 'number' },
      ],
    }),
  ],
});

export default dashboardScreen(todayStatisticsDashboard);
