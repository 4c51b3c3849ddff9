import { statisticsDaily, type DailyStatistics as Stats } from '../../../../contracts/index.ts';
import { dashboardScreen } from '../../../resources/dashboard/dashboard-screen.tsx';
import { defineDashboard, table } from '../../../resources/dashboard/define-dashboard.ts';
import { dailyVisitsChart, userFilter } from '../declarations.ts';

const P = 'resources.daily_statistics';

/** 'YYYY-MM-DD' of the browser's day `n` days before `today` (a shortcut sends only the start: the server's today ends it). */
function daysBefore(today: Date, n: number): string {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** /customer/daily_statistics: visits per day over a range (last 30 days unless chosen), all codes in scope or one. */
export const dailyStatisticsDashboard = defineDashboard(statisticsDaily, {
  name: 'daily_statistics',
  description: `${P}.description`,
  filters: [
    { field: 'start_date', kind: 'date' },
    { field: 'end_date', kind: 'date' },
    { field: 'qr_code_id', kind: 'id' },
    userFilter(),
  ],
  // Spec §9's shortcuts: last week, last month, last three months (each ending today).
  presets: [
    { id: 'week', values: (today) => ({ start_date: daysBefore(today, 6) }) },
    { id: 'month', values: (today) => ({ start_date: daysBefore(today, 29) }) },
    { id: 'quarter', values: (today) => ({ start_date: daysBefore(today, 89) }) },
  ],
  cards: [
    { id: 'view_number', icon: 'eye-open', intent: 'primary', value: (d) => d.view_number },
    { id: 'ip_view_number', icon: 'globe', value: (d) => d.ip_view_number, note: `${P}.ip_note` },
    { id: 'days', icon: 'calendar', value: (d) => d.daily.length },
  ],
  charts: [dailyVisitsChart('daily')],
  tables: [
    table<Stats, Stats['daily'][number]>({
      id: 'days',
      // Newest first in the table; the chart reads left to right.
      rows: (d) => [...d.daily].reverse(),
      columns: [
        { field: 'day' },
        { field: 'view_number', kind: 'number' },
        { field: 'ip_view_number', kind: 'number' },
      ],
      csv: true,
    }),
  ],
  breakdowns: { period: (d) => ({ start_date: d.start_date, end_date: d.end_date }) },
});

export default dashboardScreen(dailyStatisticsDashboard);
