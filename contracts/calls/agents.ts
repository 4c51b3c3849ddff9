import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, pageOf } from '../envelope.ts';
import { microAmount } from '../money.ts';
import { order, orderListFilters } from './vip.ts';

/** A commission record (agent_divided_into): a paid order of one of the agent's customers. */
export const commission = z.object({
  id,
  order_id: id,
  order_no: z.string(),
  agent_id: id,
  user_id: id,
  account: z.string(),
  order_amount_micro: microAmount,
  share_ratio: z.number(),
  amount_micro: microAmount,
  create_time: dateTime,
});

export const commissionInquire = defineCall({
  path: 'agent/commission_inquire',
  summary: "Commission records, newest first: an agent's own; administrators everyone's.",
  access: permission('agent_divided_into'),
  request: listRequest({ account: z.string().max(64).optional(), start_time: dateTime.optional(), end_time: dateTime.optional() }),
  response: pageOf(commission),
});

/** A customer of an agent (user_customer): a user whose superior is the agent. */
export const agentCustomer = z.object({
  id,
  account: z.string(),
  name: z.string(),
  balance_micro: microAmount,
  member_expire_time: dateTime.nullable(),
  create_time: dateTime,
});

export const customerInquire = defineCall({
  path: 'agent/customer_inquire',
  summary: "The agent's customers (users whose superior is the caller), newest first.",
  access: permission('user_customer'),
  request: listRequest({ account: z.string().max(64).optional() }),
  response: pageOf(agentCustomer),
});

const dayFigures = z.object({
  day: z.string(),
  customers: z.int(),
  orders: z.int(),
  revenue_micro: microAmount,
  commission_micro: microAmount,
});

export const agentDaily = defineCall({
  path: 'agent/daily_statistics',
  summary: "Per day over the last `days` days (server clock): the agent's customers registered, paid orders, revenue, commission.",
  access: permission('agent_daily_statistics'),
  request: z.strictObject({ days: z.int().min(1).max(366).default(30) }),
  response: z.object({ daily: z.array(dayFigures) }),
});

export const agentHistorical = defineCall({
  path: 'agent/historical_statistics',
  summary: "The agent's totals since the start: customers, paid orders, revenue, commission, withdrawn, pending withdrawal.",
  access: permission('agent_historical_statistics'),
  request: z.strictObject({}),
  response: z.object({
    customers: z.int(),
    orders: z.int(),
    revenue_micro: microAmount,
    commission_micro: microAmount,
    withdrawn_micro: microAmount,
    pending_withdrawal_micro: microAmount,
  }),
});

export const orderCustomerInquire = defineCall({
  path: 'order/customer_inquire',
  summary: "Orders of the agent's customers (users whose superior is the caller).",
  access: permission('order_customer'),
  request: listRequest({ ...orderListFilters, account: z.string().max(64).optional() }),
  response: pageOf(order),
});

export const agentCalls = [
  orderCustomerInquire,
  commissionInquire,
  customerInquire,
  agentDaily,
  agentHistorical,
] as const;
