import { BillType, formatMoney, TransferReview, TransferReviewAction, type EnumValue, billRemark } from '../../contracts/index.ts';
import { ApiError, badRequest } from '../services/errors.ts';
import { formatDateTime } from '../services/clock.ts';
import { refusedAs } from '../services/ledger.ts';
import type { PaymentDeps } from './payments.ts';

interface Receipt {
  id: number;
  amount_micro: number;
  user_id: number | null;
  review: number | null;
}

interface ReviewBody {
  action: EnumValue<typeof TransferReviewAction>;
  user_id?: number;
  remark: string;
}

/**
 * Settle a transfer that paid nothing (docs/decisions/2026-11-26-money-matching.md), in the caller's
 * transaction: credit its whole amount (what the sender sent, offset included) to a user's balance through
 * the ledger — the user it was meant for unless the reviewer names another — or mark it refunded to its
 * sender (the refund itself happens outside). Once: a transfer not waiting is 409. The call is audited by
 * its contract (`audit: true`), so who settled what stays in the audit log; the credit leaves a bill.
 */
export function reviewTransfer(services: Pick<PaymentDeps, 'db' | 'clock' | 'ledger'>, hash: string, body: ReviewBody, reviewerId: number): void {
  const { db, clock, ledger } = services;
  const r = db.prepare<[string], Receipt>('SELECT id, amount_micro, user_id, review FROM chain_receipts WHERE hash = ?').get(hash);
  if (!r) throw new ApiError(409, 'errors.transfer_not_reviewable', { field: 'id' });
  if (r.review !== TransferReview.values.waiting) throw new ApiError(409, 'errors.transfer_not_waiting', { field: 'id' });
  const at = formatDateTime(clock.now());
  if (body.action === TransferReviewAction.values.credit) {
    const userId = body.user_id ?? r.user_id;
    if (userId === null) throw badRequest('errors.transfer_user_required', { field: 'user_id' });
    // A removed user (404) or a balance over the limit (409, said as the credit) refuses the credit and the review with it.
    refusedAs(
      () => ledger.change(userId, r.amount_micro, BillType.values.recharge, billRemark('transfer_review', { hash: hash.slice(0, 16), remark: body.remark }), {
        operatorId: reviewerId,
        at,
      }),
      (refusal) => new ApiError(409, 'errors.credit_balance_too_large', {
        field: 'user_id',
        account: refusal.account,
        amount: formatMoney(r.amount_micro),
        balance: formatMoney(refusal.balanceMicro),
      }),
    );
    db.prepare('UPDATE chain_receipts SET review = 2, user_id = ?, review_remark = ?, reviewer_id = ?, review_time = ? WHERE id = ?').run(
      userId, body.remark, reviewerId, at, r.id);
    return;
  }
  db.prepare('UPDATE chain_receipts SET review = 3, review_remark = ?, reviewer_id = ?, review_time = ? WHERE id = ?').run(body.remark, reviewerId, at, r.id);
}
