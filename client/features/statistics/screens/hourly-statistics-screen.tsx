import { statisticsHourly, type HourlyStatistics as Stats } from '../../../../contracts/index.ts';
import { dashboardScreen } from '../../../resources/dashboard/dashboard-screen.tsx';
import { defineDashboard, table } from '../../../resources/dashboard/define-dashboard.ts';

const P = 'resources.hourly_statistics';
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** /customer/hourly_statistics: the 24 hours of one day (today unless chosen) beside the day before. */
export const hourlyStatisticsDashboard = defineDashboard(statisticsHourly, {
  name: 'hourly_statistics',
  description: `${P}.description`,
  filters: [
    { field: 'day', kind: 'date' },
    { field: 'qr_code_id', kind: 'id' },
    { field: 'user_id', kind: 'id', roles: ['super_admin', 'admin', 'agent'] },
  ],
  cards: [
    { id: 'view_number', icon: 'eye-open', intent: 'primary', value: (d) => d.view_number },
    { id: 'ip_view_number', icon: 'globe', value: (d) => d.ip_view_number },
  ],
  charts: [
    {
      id: 'hourly',
      kind: 'line',
      labels: (d) => d.hourly.map((x) => hourLabel(x.hour)),
      series: [
        { id: 'day', values: (d) => d.hourly.map((x) => x.view_number) },
        { id: 'previous', values: (d) => d.hourly.map((x) => x.previous_view_number) },
      ],
    },
  ],
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
    table<Stats, Stats['devices'][number]>({
      id: 'devices',
      rows: (d) => d.devices,
      columns: [
        { field: 'device', labels: 'resources.today_statistics.device.' },
        { field: 'view_number', kind: 'number' },
      ],
    }),
  ],
});

export default dashboardScreen(hourlyStatisticsDashboard);
