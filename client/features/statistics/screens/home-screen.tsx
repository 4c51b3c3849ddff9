import { statisticsHome } from '../../../../contracts/index.ts';
import { dashboardScreen } from '../../../resources/dashboard/dashboard-screen.tsx';
import { defineDashboard } from '../../../resources/dashboard/define-dashboard.ts';
import { dailyBreakdowns, dailyVisitsChart, userFilter } from '../declarations.ts';

const P = 'resources.home';

/** /customer/home: the overview of one's own codes (an agent's: with their customers'). */
export const homeDashboard = defineDashboard(statisticsHome, {
  name: 'home',
  description: `${P}.description`,
  filters: [userFilter()],
  cards: [
    { id: 'qr_codes', icon: 'barcode', value: (d) => d.qr_codes },
    { id: 'domains', icon: 'globe-network', value: (d) => d.domains },
    { id: 'visits_today', icon: 'eye-open', intent: 'primary', value: (d) => d.visits_today },
    { id: 'visits_range', icon: 'timeline-line-chart', value: (d) => d.visits_range },
    { id: 'visits_total', icon: 'history', value: (d) => d.visits_total, note: `${P}.total_note` },
  ],
  charts: [dailyVisitsChart('visits')],
  breakdowns: dailyBreakdowns(),
});

export default dashboardScreen(homeDashboard);
