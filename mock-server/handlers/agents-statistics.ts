import { defineHandlers } from '../http/handler.ts';
import { formatDateTime } from '../services/clock.ts';

const DAY_MS = 86_400_000;

/**
 * Agent figures (agent_daily_statistics, agent_historical_statistics): the agent's customers (users whose
 * superior is the caller), their paid orders and revenue, and the agent's commission. Aggregates, not lists.
 */
export const agentStatisticsHandlers = defineHandlers({
  'agent/daily_statistics': ({ body, services, me }) => {
    const { db, clock } = services;
    const agent = me().id;
    const first = formatDateTime(clock.now() - (body.days - 1) * DAY_MS).slice(0, 10);
    const perDay = (sql: string) =>
      new Map(
        db
          .prepare<[number, string], { day: string; n: number }>(sql)
          .all(agent, first)
          .map((r) => [r.day, r.n]),
      );
    const customers = perDay(`SELECT substr(create_time, 1, 10) AS day, COUNT(*) AS n FROM users
      WHERE superior_id = ? AND create_time >= ? GROUP BY day`);
    const paid = `FROM orders o JOIN users u ON u.id = o.user_id WHERE u.superior_id = ? AND o.status = 2 AND o.pay_time >= ?`;
    const orders = perDay(`SELECT substr(o.pay_time, 1, 10) AS day, COUNT(*) AS n ${paid} GROUP BY day`);
    const revenue = perDay(`SELECT substr(o.pay_time, 1, 10) AS day, SUM(o.amount_micro) AS n ${paid} GROUP BY day`);
    const commission = perDay(`SELECT substr(create_time, 1, 10) AS day, SUM(amount_micro) AS n FROM commissions
      WHERE agent_id = ? AND create_time >= ? GROUP BY day`);
    const daily = Array.from({ length: body.days }, (_, i) => {
      const day = formatDateTime(clock.now() - (body.days - 1 - i) * DAY_MS).slice(0, 10);
      return {
        day,
        customers: customers.get(day) ?? 0,
        orders: orders.get(day) ?? 0,
        revenue_micro: revenue.get(day) ?? 0,
        commission_micro: commission.get(day) ?? 0,
      };
    });
    return { daily };
  },
  'agent/historical_statistics': ({ services, me }) => {
    const agent = me().id;
    const one = (sql: string) => (services.db.prepare<[number], { n: number | null }>(sql).get(agent)?.n ?? 0) || 0;
    const paid = 'FROM orders o JOIN users u ON u.id = o.user_id WHERE u.superior_id = ? AND o.status = 2';
    return {
      customers: one('SELECT COUNT(*) AS n FROM users WHERE superior_id = ?'),
      orders: one(`SELECT COUNT(*) AS n ${paid}`),
      revenue_micro: one(`SELECT SUM(o.amount_micro) AS n ${paid}`),
      commission_micro: one('SELECT SUM(amount_micro) AS n FROM commissions WHERE agent_id = ?'),
      withdrawn_micro: one('SELECT SUM(amount_micro) AS n FROM withdrawals WHERE user_id = ? AND status = 2'),
      pending_withdrawal_micro: one('SELECT SUM(amount_micro) AS n FROM withdrawals WHERE user_id = ? AND status = 1'),
    };
  },
});
