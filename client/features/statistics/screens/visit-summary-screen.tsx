import { statisticsVisitSummary, type VisitSummary as Stats } from '../../../../contracts/index.ts';
import { dashboardScreen } from '../../../resources/dashboard/dashboard-screen.tsx';
import { defineDashboard, table } from '../../../resources/dashboard/define-dashboard.ts';
import { userFilter } from '../declarations.ts';
import { rangeFilters, rangePresets } from '../range-presets.ts';

const P = 'resources.visit_summary';

/**
 * /customer/visit_summary (administrators): visits per domain and per code over a range (last 30 days unless
 * chosen), split by the kind of domain each visit was counted on (entry / landing / short), both tables as CSV.
 */
export const visitSummaryDashboard = defineDashboard(statisticsVisitSummary, {
  name: 'visit_summary',
  description: `${P}.description`,
  filters: [...rangeFilters, userFilter()],
  applied: (d) => ({ start_date: d.start_date, end_date: d.end_date }),
  presets: rangePresets,
  cards: [
    { id: 'view_number', icon: 'eye-open', intent: 'primary', value: (d) => d.view_number },
    { id: 'entry', icon: 'log-in', value: (d) => d.entry },
    { id: 'landing', icon: 'flag', value: (d) => d.landing },
    { id: 'short', icon: 'link', value: (d) => d.short },
    { id: 'none', icon: 'disable', value: (d) => d.none, note: `${P}.none_note` },
  ],
  tables: [
    table<Stats, Stats['domains'][number]>({
      id: 'domains',
      rows: (d) => d.domains,
      columns: [
        { field: 'domain' },
        { field: 'display_type', labels: `${P}.kind.` },
        { field: 'qr_codes', kind: 'number' },
        { field: 'view_number', kind: 'number' },
        { field: 'ip_view_number', kind: 'number' },
      ],
      empty: `${P}.no_visits`,
      csv: true,
    }),
    table<Stats, Stats['codes'][number]>({
      id: 'codes',
      rows: (d) => d.codes,
      columns: [
        { field: 'name' },
        { field: 'file_name' },
        { field: 'account' },
        { field: 'view_number', kind: 'number' },
        { field: 'entry', kind: 'number' },
        { field: 'landing', kind: 'number' },
        { field: 'short', kind: 'number' },
        { field: 'ip_view_number', kind: 'number' },
      ],
      empty: `${P}.no_visits`,
      csv: true,
      wide: true,
    }),
  ],
});

export default dashboardScreen(visitSummaryDashboard);
