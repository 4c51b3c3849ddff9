import { statisticsHourly, type HourlyStatistics as Stats } from '../../../../contracts/index.ts';
import { dashboardScreen } from '../../../resources/dashboard/dashboard-screen.tsx';
import { defineDashboard, table } from '../../../resources/dashboard/define-dashboard.ts';
import { dayBreakdowns, devicesTable, hourlyChart, userFilter } from '../declarations.ts';

const P = 'resources.hourly_statistics';

/** /customer/hourly_statistics: the 24 hours of one day (today unless chosen) beside the day before. */
export const hourlyStatisticsDashboard = defineDashboard(statisticsHourly, {
  name: 'hourly_statistics',
  description: `${P}.description`,
  filters: [{ field: 'day', kind: 'date' }, { field: 'qr_code_id', kind: 'code' }, userFilter()],
  applied: (d) => ({ day: d.day }),
  cards: [
    { id: 'view_number', icon: 'eye-open', intent: 'primary', value: (d) => d.view_number },
    { id: 'ip_view_number', icon: 'globe', value: (d) => d.ip_view_number },
  ],
  charts: [hourlyChart('day', `${P}.charts.hourly.series.previous`)],
  tables: [
    table<Stats, Stats['hourly'][number]>({
      id: 'hours',
      rows: (d) => d.hourly.filter((x) => x.view_number > 0 || x.previous_view_number > 0),
      columns: [
        { field: 'hour', kind: 'number' },
        { field: 'view_number', kind: 'number' },
        { field: 'ip_view_number', kind: 'number' },
        { field: 'previous_view_number', kind: 'number' },
      ],
      empty: `${P}.no_visits`,
    }),
    devicesTable((d) => d.devices),
  ],
  breakdowns: dayBreakdowns(),
});

export default dashboardScreen(hourlyStatisticsDashboard);
