import { z } from 'zod';
import { microAmount } from '../money.ts';

/**
 * Type 25 (issue 21): the user's balance changed (a purchase, a recharge paid, a withdrawal reserved or
 * returned, a commission, an administrator's adjustment). Sent to the user's sockets after the change is
 * committed, with the balance read then; the console's header and personal center show it at once. Not in
 * `knownServerTypes`: the balance saga checks the data with this schema.
 */
export const BALANCE_FRAME_TYPE = 25;
export const balanceFrameData = z.object({ balance_micro: microAmount });
export type BalanceFrameData = z.infer<typeof balanceFrameData>;
