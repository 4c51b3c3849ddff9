import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, pageOf } from '../envelope.ts';
import { BillType } from '../enums.ts';
import { microAmount, signedMicro } from '../money.ts';

/**
 * The money ledger (spec §3 "Bill"): every balance change writes one bill in the same transaction, so a
 * balance always equals the sum of its user's bills. Amounts are integer micro-units (contracts/money.ts).
 */
export const bill = z.object({
  id,
  user_id: id,
  account: z.string(),
  phone: z.string(),
  type: BillType.schema,
  /** Signed: positive added, negative subtracted. */
  amount_micro: signedMicro,
  balance_before_micro: microAmount,
  balance_after_micro: microAmount,
  remark: z.string(),
  /** When the balance changed. */
  create_time: dateTime,
});
export type Bill = z.infer<typeof bill>;

export const billInquire = defineCall({
  path: 'bill/inquire',
  summary:
    "Bills, newest first, filtered by user, type and change time (inclusive). Administrators see every user's; " +
    "anyone else only their own (another user's id gives an empty page).",
  access: permission('bill'),
  request: listRequest({
    user_id: id.optional(),
    type: BillType.schema.optional(),
    start_time: dateTime.optional(),
    end_time: dateTime.optional(),
  }).refine((b) => !b.start_time || !b.end_time || b.start_time <= b.end_time, {
    message: 'validation.time_order',
    path: ['end_time'],
  }),
  response: pageOf(bill),
});

export const billCalls = [billInquire] as const;
