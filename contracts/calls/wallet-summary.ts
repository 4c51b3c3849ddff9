import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, emptyRequest, id } from '../envelope.ts';
import { microAmount } from '../money.ts';

/**
 * What "collect all" and "sync all balances" would act on, for their confirmations (spec §6, §8): the wallets
 * in use, their USDT and TRX as last synced, and the oldest sync (null when one was never synced).
 */
export const walletSummary = defineCall({
  path: 'wallet/summary',
  summary:
    'Wallets in use: how many, their USDT and TRX as last synced, the oldest sync time (null if one never was), and the collect / sync job still running (one per kind at a time).',
  access: permission('tron'),
  audit: false,
  request: emptyRequest,
  response: z.object({ wallets: z.int().min(0), usdt_micro: microAmount, trx_micro: microAmount, oldest_sync: dateTime.nullable(), collect_job_id: id.nullable(), sync_job_id: id.nullable() }),
});
