import { agentDaily, agentHistorical } from '../../../contracts/index.ts';
import { defineDashboard } from '../../resources/dashboard/define-dashboard.ts';

/** /customer/agent_daily_statistics: the last 30 days of the agent's customers, orders, revenue, commission. */
export const agentDailyDashboard = defineDashboard(agentDaily, {
  name: 'agent_daily_statistics',
  description: 'resources.agent_daily_statistics.description',
  body: { days: 30 },
  cards: [
    { id: 'customers', icon: 'person', value: (d) => d.daily.reduce((n, x) => n + x.customers, 0) },
    { id: 'orders', icon: 'shopping-cart', value: (d) => d.daily.reduce((n, x) => n + x.orders, 0) },
    { id: 'revenue', icon: 'dollar', format: 'usdt', value: (d) => d.daily.reduce((n, x) => n + x.revenue_micro, 0) },
    { id: 'commission', icon: 'bank-account', format: 'usdt', intent: 'success', value: (d) => d.daily.reduce((n, x) => n + x.commission_micro, 0) },
  ],
  charts: [
    {
      id: 'daily',
      kind: 'line',
      labels: (d) => d.daily.map((x) => x.day),
      series: [
        { id: 'orders', values: (d) => d.daily.map((x) => x.orders) },
        { id: 'customers', values: (d) => d.daily.map((x) => x.customers) },
      ],
    },
  ],
});

/** /customer/agent_historical_statistics: the agent's totals since the start. */
export const agentHistoricalDashboard = defineDashboard(agentHistorical, {
  name: 'agent_historical_statistics',
  description: 'resources.agent_historical_statistics.description',
  cards: [
    { id: 'customers', icon: 'person', value: (d) => d.customers },
    { id: 'orders', icon: 'shopping-cart', value: (d) => d.orders },
    { id: 'revenue', icon: 'dollar', format: 'usdt', value: (d) => d.revenue_micro },
    { id: 'commission', icon: 'bank-account', format: 'usdt', intent: 'success', value: (d) => d.commission_micro },
    { id: 'withdrawn', icon: 'export', format: 'usdt', value: (d) => d.withdrawn_micro },
    { id: 'pending_withdrawal', icon: 'time', format: 'usdt', intent: 'warning', value: (d) => d.pending_withdrawal_micro },
  ],
});
