import { dashboardScreen } from '../../../resources/dashboard/dashboard-screen.tsx';
import { agentHistoricalDashboard } from '../agent-statistics.ts';

export default dashboardScreen(agentHistoricalDashboard);
