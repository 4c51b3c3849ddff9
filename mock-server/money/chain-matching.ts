import { ChainTxType, OrderStatus, PayMethod, TransferOutcome, TransferReview, type EnumValue } from '../../contracts/index.ts';
import type { ChainTx } from '../chain/chain.ts';
import { ApiError } from '../services/errors.ts';
import { formatDateTime } from '../services/clock.ts';
import { markPaid, type PaymentDeps } from './payments.ts';

type Outcome = EnumValue<typeof TransferOutcome>;

/**
 * The chain observer of incoming USDT (docs/decisions/2026-11-26-money-matching.md). Each transfer to an
 * order address is consumed once, by hash, whatever becomes of it:
 * - it pays the one chain order carrying exactly its amount that was open at its block time (created at or
 *   before the block, timing out at or after it) — unless that order's user was removed or the booking is
 *   refused (a balance limit …): then it is kept for review, the order stays unpaid, and the block commits;
 * - else it is kept for review, labelled by the latest order of that amount created before the block: paid
 *   already (duplicate), timed out (late), or none (unknown amount).
 * A replayed event of a consumed hash changes nothing. Nothing here throws for a booking refusal, so a
 * payment can never keep a block (and every later payout and collection) from committing.
 */
export function watchPayments(services: PaymentDeps): void {
  const { db } = services;
  const q = {
    consumed: db.prepare<[string], { id: number }>('SELECT id FROM chain_receipts WHERE hash = ?'),
    orderAddress: db.prepare<[string], { n: number }>('SELECT 1 AS n FROM orders WHERE address = ? LIMIT 1'),
    open: db.prepare<[string, number, string, string], { id: number; user_id: number; user_status: number }>(
      `SELECT o.id, o.user_id, u.status AS user_status FROM orders o JOIN users u ON u.id = o.user_id
        WHERE o.status = ${OrderStatus.values.unpaid} AND o.pay_method = ${PayMethod.values.chain}
        AND o.address = ? AND o.pay_amount_micro = ? AND o.create_time <= ? AND o.expire_time >= ? ORDER BY o.id LIMIT 1`,
    ),
    latest: db.prepare<[string, number, string], { id: number; user_id: number; status: number }>(
      `SELECT id, user_id, status FROM orders WHERE pay_method = ${PayMethod.values.chain} AND address = ? AND pay_amount_micro = ?
        AND create_time <= ? ORDER BY id DESC LIMIT 1`,
    ),
    insert: db.prepare(`INSERT INTO chain_receipts (hash, amount_micro, to_address, block_time, outcome, order_id, user_id, review, create_time)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
  };
  const isOrderAddress = (address: string) =>
    address === services.settings.require('pay_config').usdt_address || q.orderAddress.get(address) !== undefined;

  services.chain.observe((tx: ChainTx, blockTime: string) => {
    if (tx.token !== 'USDT' || tx.type !== ChainTxType.values.payment_in || !isOrderAddress(tx.to_address)) return;
    if (q.consumed.get(tx.hash)) return; // a replayed event: this hash was consumed already
    const record = (outcome: Outcome, order: { id: number; user_id: number } | undefined) =>
      q.insert.run(tx.hash, tx.amount_micro, tx.to_address, blockTime, outcome, order?.id ?? null, order?.user_id ?? null,
        outcome === TransferOutcome.values.paid ? null : TransferReview.values.waiting, formatDateTime(services.clock.now()));
    const open = q.open.get(tx.to_address, tx.amount_micro, blockTime, blockTime);
    if (open) {
      // users.status 2 = removed (soft delete, spec §3); a removed user's order is not booked.
      if (open.user_status !== 1) return record(TransferOutcome.values.user_removed, open);
      try {
        // A savepoint: a refused booking undoes only its own writes, never the block's.
        db.transaction(() => markPaid(services, open.id, tx.hash))();
        return record(TransferOutcome.values.paid, open);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        return record(e.message === 'errors.user_not_found' ? TransferOutcome.values.user_removed : TransferOutcome.values.not_booked, open);
      }
    }
    const latest = q.latest.get(tx.to_address, tx.amount_micro, blockTime);
    const outcome = !latest
      ? TransferOutcome.values.unknown_amount
      : latest.status === OrderStatus.values.paid
        ? TransferOutcome.values.duplicate
        : TransferOutcome.values.late;
    record(outcome, latest);
  });
}
