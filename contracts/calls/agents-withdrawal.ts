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

export const withdrawalCalls = [withdrawalAdd, withdrawalInquire, withdrawalAdminInquire, withdrawalApprove, withdrawalReject] as const;
