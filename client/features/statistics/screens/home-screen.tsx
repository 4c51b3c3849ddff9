import { statisticsHome } from '../../../../contracts/index.ts';
import { dashboardScreen } from '../../../resources/dashboard/dashboard-screen.tsx';
import { defineDashboard } from '../../../resources/dashboard/define-dashboard.ts';

const P = 'resources.home';

/** /customer/home: the overview of one's own codes (an agent's: with their customers'). */
export const homeDashboard = defineDashboard(statisticsHome, {
  name: 'home',
  description: `${P}.description`,
  filters: [{ field: 'user_id', kind: 'id', roles: ['super_admin', 'admin', 'agent'] }],
  cards: [
    { id: 'qr_codes', icon: 'barcode', value: (d) => d.qr_codes },
    { id: 'domains', icon: 'globe-network', value: (d) => d.domains },
    { id: 'visits_today', icon: 'eye-open', intent: 'primary', value: (d) => d.visits_today },
    { id: 'visits_range', icon: 'timeline-line-chart', value: (d) => d.visits_range },
    { id: 'visits_total', icon: 'history', value: (d) => d.visits_total, note: `${P}.total_note` },
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
});

export default dashboardScreen(homeDashboard);
