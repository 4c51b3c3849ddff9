import { defineHandlers } from '../http/handler.ts';

/**
 * `wallet/summary`: one read over the wallets in use (the set `wallet/collect` and `wallet/sync_balance` walk
 * when no ids are named), for the confirmations of "collect all" and "sync all balances".
 */
export const walletSummaryHandlers = defineHandlers({
  'wallet/summary': ({ services }) => {
    const row = services.db
      .prepare(
        `SELECT COUNT(*) AS wallets, COALESCE(SUM(usdt_micro), 0) AS usdt_micro, COALESCE(SUM(trx_micro), 0) AS trx_micro,
          CASE WHEN COUNT(*) = COUNT(balance_time) THEN MIN(balance_time) END AS oldest_sync
         FROM wallets WHERE removed = 1`,
      )
      .get() as { wallets: number; usdt_micro: number; trx_micro: number; oldest_sync: string | null };
    return row;
  },
});
