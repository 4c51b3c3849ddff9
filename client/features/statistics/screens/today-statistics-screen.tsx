import { statisticsToday, type TodayStatistics as Stats } from '../../../../contracts/index.ts';
import { dashboardScreen } from '../../../resources/dashboard/dashboard-screen.tsx';
import { defineDashboard, table } from '../../../resources/dashboard/define-dashboard.ts';
import { dayBreakdowns, devicesTable, hourlyChart, topCodesTable, userFilter } from '../declarations.ts';

const P = 'resources.today_statistics';

/**
 * /customer/today_statistics, where every role lands: today so far against yesterday until the same hour
 * (server clock). The server scopes it: a customer's codes, an agent's own and customers' codes, the whole
 * service for administrators, who may narrow it to one user.
 */
export const todayStatisticsDashboard = defineDashboard(statisticsToday, {
  name: 'today_statistics',
  description: `${P}.description`,
  filters: [userFilter(['super_admin', 'admin'])],
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
    { id: 'codes_today', icon: 'barcode', value: (d) => d.codes_today },
  ],
  // Today's line stops at the current hour (server clock).
  charts: [hourlyChart<Stats>('today', `${P}.charts.hourly.series.yesterday`, (d) => d.hour)],
  tables: [
    topCodesTable((d) => d.top_codes, `${P}.no_visits`),
    table<Stats, Stats['top_domains'][number]>({
      id: 'top_domains',
      rows: (d) => d.top_domains,
      columns: [{ field: 'name' }, { field: 'view_number', kind: 'number' }],
      empty: `${P}.no_visits`,
    }),
    devicesTable((d) => d.devices),
  ],
  breakdowns: dayBreakdowns(),
});

export default dashboardScreen(todayStatisticsDashboard);
