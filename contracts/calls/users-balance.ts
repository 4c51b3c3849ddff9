import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { id } from '../envelope.ts';
import { balanceChangeRule } from '../validation.ts';
import { bill } from './vip-bill.ts';

export const BILL_REMARK_MAX = 255;

export const userChangeBalance = defineCall({
  path: 'user/change_balance',
  summary:
    "Change a user's balance by a signed amount in micro-units (§5: positive adds, negative subtracts) with a " +
    'remark; writes an admin-adjustment bill in the same transaction. A result below 0 answers 409 naming the balance.',
  access: permission('user_list', 'balance'),
  // Four eyes: never on oneself, never on a peer (super administrators included).
  target: { field: 'id', action: 'money' },
  request: z.strictObject({
    id,
    amount_micro: balanceChangeRule,
    remark: z
      .string({ error: 'validation.remark_required' })
      .trim()
      .min(1, 'validation.remark_required')
      .max(BILL_REMARK_MAX),
  }),
  response: bill,
});

export const balanceCalls = [userChangeBalance] as const;
