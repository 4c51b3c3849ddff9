import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, pageOf } from '../envelope.ts';
import { WithdrawalStatus } from '../enums.ts';
import { microAmount } from '../money.ts';
import { isTronAddress } from '../tron-address.ts';
import { positiveMicro } from './vip.ts';

/**
 * A TRC20 address, checked like the pay-config address: T and 33 Base58 characters, then the Base58Check
 * checksum (a typo in one character is refused before any money moves).
 */
export const tronAddress = z
  .string()
  .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'validation.usdt_address')
  .refine(isTronAddress, 'validation.usdt_address_checksum')
  .meta({ examples: ['TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'] });

/** Smallest withdrawal: 10 USDT (docs/decisions/2026-11-23-money-flows.md). */
export const WITHDRAWAL_MIN_MICRO = 10_000_000;

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

export const withdrawal = z.object({
  id,
  user_id: id,
  account: z.string(),
  amount_micro: microAmount,
  address: z.string(),
  status: WithdrawalStatus.schema,
  reason: z.string(),
  tx_hash: z.string().nullable(),
  create_time: dateTime,
  review_time: dateTime.nullable(),
});

export type Withdrawal = z.infer<typeof withdrawal>;

export const withdrawalAdd = defineCall({
  path: 'withdrawal/add',
  summary:
    'Request a withdrawal to a TRC20 address: at least 10 USDT, one pending request at a time; the amount is ' +
    'taken from the balance at once (a withdrawal bill) and returned if rejected.',
  access: permission('acting_withdrawal_list', 'add'),
  // The 10 USDT minimum is declared here (so the document and the form show it), the message names it.
  request: z.strictObject({ amount_micro: positiveMicro.min(WITHDRAWAL_MIN_MICRO, 'validation.withdrawal_min'), address: tronAddress }),
  response: withdrawal,
});

const withdrawalFilters = { status: WithdrawalStatus.schema.optional(), start_time: dateTime.optional(), end_time: dateTime.optional() };

export const withdrawalInquire = defineCall({
  path: 'withdrawal/inquire',
  summary: "The caller's own withdrawal requests, newest first.",
  access: permission('acting_withdrawal_list'),
  request: listRequest(withdrawalFilters),
  response: pageOf(withdrawal),
});

export const withdrawalAdminInquire = defineCall({
  path: 'withdrawal/admin_inquire',
  summary: 'Every withdrawal request, for review (administrators).',
  access: permission('withdrawal_list'),
  request: listRequest({ ...withdrawalFilters, account: z.string().max(64).optional() }),
  response: pageOf(withdrawal),
});

export const withdrawalApprove = defineCall({
  path: 'withdrawal/approve',
  summary: 'Approve a pending request: pays it out on the (simulated) chain from the receiving address and records the hash. 409 unless pending.',
  access: permission('withdrawal_list', 'approve'),
  // Four eyes: nobody reviews their own request, nor a peer's (a super administrator's: another super administrator).
  target: { field: 'id', via: 'withdrawal', action: 'review' },
  request: z.strictObject({ id }),
  response: withdrawal,
});

export const withdrawalReject = defineCall({
  path: 'withdrawal/reject',
  summary: 'Reject a pending request with a reason; the reserved amount returns to the balance. 409 unless pending.',
  access: permission('withdrawal_list', 'reject'),
  target: { field: 'id', via: 'withdrawal', action: 'review' },
  request: z.strictObject({ id, reason: z.string().trim().min(1, 'validation.reason_required').max(255) }),
  response: withdrawal,
});

export const agentCalls = [
  commissionInquire,
  customerInquire,
  agentDaily,
  agentHistorical,
  withdrawalAdd,
  withdrawalInquire,
  withdrawalAdminInquire,
  withdrawalApprove,
  withdrawalReject,
] as const;
