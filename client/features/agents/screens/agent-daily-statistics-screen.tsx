import { dashboardScreen } from '../../../resources/dashboard/dashboard-screen.tsx';
import { agentDailyDashboard } from '../agent-statistics.ts';

export default dashboardScreen(agentDailyDashboard);
