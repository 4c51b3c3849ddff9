import { z } from 'zod';
import { microAmount } from '../money.ts';

/**
 * Control API of the simulated TRON chain (`POST /__control/chain/<op>`, dev and test modes, loopback only):
 * how QA and tests make payments arrive. Nothing here reaches a network.
 */
const address = z.string().regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);

const chainTx = z.object({
  hash: z.string(),
  block_number: z.int().nullable(),
  from_address: z.string(),
  to_address: z.string(),
  amount_micro: z.int(),
  status: z.int(),
});

export const chainControlBodies = {
  /** USDT from outside to `to` (default: the pay-config receiving address); mined at once unless `mine: false`. */
  'chain/send': z.strictObject({
    to: address.optional(),
    amount_micro: microAmount.min(1),
    mine: z.boolean().default(true),
  }),
  /** Mine `count` blocks; each holds every pending transaction. */
  'chain/mine': z.strictObject({ count: z.int().min(1).max(100).default(1) }),
  /** The next `count` outgoing transfers (withdrawal payouts) fail. */
  'chain/fail_next': z.strictObject({ count: z.int().min(1).max(100).default(1) }),
  /** Deliver a confirmed transaction's event again (a duplicate, as real chain watchers see). */
  'chain/replay': z.strictObject({ hash: z.string().regex(/^[0-9a-f]{64}$/) }),
  /** Height, pending count and an address's USDT balance (default the receiving address). */
  'chain/state': z.strictObject({ address: address.optional() }),
} as const;

export const chainControlAnswers = {
  'chain/send': chainTx,
  'chain/mine': z.object({ height: z.int(), confirmed: z.int() }),
  'chain/fail_next': z.null(),
  'chain/replay': chainTx,
  'chain/state': z.object({ height: z.int(), pending: z.int(), address: z.string(), usdt_micro: z.int() }),
} as const;
