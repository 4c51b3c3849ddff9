import { withStoredExpiry } from '../services/stored-dates.ts';
import { agentCustomer, commission, commissionInquire, customerInquire, orderCustomerInquire } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';
import { agentStatisticsHandlers } from './agents-statistics.ts';
import { orderFilters, orderList } from './vip.ts';

/** `agent_divided_into`: commission records; an agent sees their own, administrators everyone's. */
const commissions = defineResource({
  calls: { inquire: commissionInquire },
  row: commission,
  table: 'commissions',
  alias: 'm',
  select: `m.id, m.order_id, o.order_no, m.agent_id, m.user_id, u.account, m.order_amount_micro, m.share_ratio, m.amount_micro, m.create_time`,
  joins: 'JOIN orders o ON o.id = m.order_id JOIN users u ON u.id = m.user_id',
  owner: 'agent_id',
  filters: {
    account: { op: 'like', column: 'u.account' },
    start_time: { op: 'gte', column: 'create_time' },
    end_time: { op: 'lte', column: 'create_time' },
  },
  orderBy: 'm.id DESC',
});

/** `user_customer`: users whose superior is the caller. */
const customers = defineResource({
  calls: { inquire: customerInquire },
  row: agentCustomer,
  table: 'users',
  alias: 'c',
  select: 'c.id, c.account, c.name, c.balance_micro, c.member_expire_time, c.create_time',
  // An impossible expiry stored before issue 20 reads as none (mock-server/services/stored-dates.ts).
  present: withStoredExpiry,
  owner: 'superior_id',
  where: 'c.status = 1',
  filters: { account: 'like' },
  orderBy: 'c.id DESC',
});

/** `order_customer`: orders of the users whose superior is the caller (administrators: all). */
const customerOrders = defineResource({
  ...orderList,
  calls: { inquire: orderCustomerInquire },
  owner: 'u.superior_id',
  filters: { ...orderFilters, account: { op: 'like', column: 'u.account' } },
});

export const agentHandlers = defineHandlers({
  ...commissions.handlers,
  ...customers.handlers,
  ...customerOrders.handlers,
  ...agentStatisticsHandlers,
});
