import { BillType, WithdrawalStatus, formatMoney, withdrawal, withdrawalAdminInquire, withdrawalInquire, billRemark } from '../../contracts/index.ts';
import { ApiError } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Services } from '../compose.ts';
import { defineResource } from '../resources/define.ts';
import { refusedAs } from '../services/ledger.ts';

const WITHDRAWAL_COLUMNS = `w.id, w.user_id, u.account, w.amount_micro, w.address, w.status, w.reason, w.tx_hash, w.create_time, w.review_time`;
const withdrawalFilters = {
  status: 'eq',
  start_time: { op: 'gte', column: 'create_time' },
  end_time: { op: 'lte', column: 'create_time' },
} as const;
const withdrawalList = { row: withdrawal, table: 'withdrawals', alias: 'w', select: WITHDRAWAL_COLUMNS, joins: 'JOIN users u ON u.id = w.user_id', orderBy: 'w.id DESC' } as const;
const ownWithdrawals = defineResource({ ...withdrawalList, calls: { inquire: withdrawalInquire }, owner: 'user_id', personal: true, filters: withdrawalFilters });
const allWithdrawals = defineResource({
  ...withdrawalList,
  calls: { inquire: withdrawalAdminInquire },
  owner: 'user_id',
  filters: { ...withdrawalFilters, account: { op: 'like', column: 'u.account' } },
});

/** A pending withdrawal, or 409 naming its status (double approval, approving a rejected one …). */
function pending(services: Services, id: number) {
  const w = allWithdrawals.get(services.db, id);
  if (w.status !== WithdrawalStatus.values.pending) throw new ApiError(409, 'errors.withdrawal_not_pending', { field: 'id', status: w.status });
  return w;
}

/** An agent's withdrawals (acting_withdrawal_list) and their review by administrators (withdrawal_list). */
export const withdrawalHandlers = defineHandlers({
  ...ownWithdrawals.handlers,
  ...allWithdrawals.handlers,
  // Reserve at request: the amount leaves the balance now (a withdrawal bill), so it cannot be spent twice.
  'withdrawal/add': ({ body, services, me }) =>
    services.db.transaction(() => {
      const user = me().id;
      if (services.db.prepare('SELECT 1 FROM withdrawals WHERE user_id = ? AND status = 1').get(user))
        throw new ApiError(409, 'errors.withdrawal_pending', { field: 'amount_micro' });
      const at = formatDateTime(services.clock.now());
      const id = Number(
        services.db
          .prepare('INSERT INTO withdrawals (user_id, amount_micro, address, status, create_time) VALUES (?, ?, ?, 1, ?)')
          .run(user, body.amount_micro, body.address, at).lastInsertRowid,
      );
      refusedAs(
        () => services.ledger.change(user, -body.amount_micro, BillType.values.withdrawal, billRemark('withdrawal', { id, address: body.address })),
        (r) => new ApiError(409, 'errors.withdrawal_balance_short', { field: 'amount_micro', amount: formatMoney(body.amount_micro), balance: formatMoney(r.balanceMicro) }),
      );
      return allWithdrawals.get(services.db, id);
    }).immediate(),
  // Payout and status change commit together: a kill between them would leave the money paid and the request
  // pending, to be paid again (the crash rounds check it). A transfer the chain refuses commits too (it stays
  // recorded on the chain) and only then answers 409, so the request stays pending.
  'withdrawal/approve': ({ body, services, me }) => {
    const refusal = services.db.transaction((): ApiError | null => {
      const w = pending(services, body.id);
      const from = services.settings.require('pay_config').usdt_address;
      // A payout the hot wallet cannot cover is not sent at all (a refusal changes nothing) and says why (issue 21).
      const held = services.chain.balanceOf(from, 'USDT');
      if (held < w.amount_micro)
        return new ApiError(409, 'errors.payout_wallet_short', { address: from, balance: formatMoney(held), amount: formatMoney(w.amount_micro) });
      const tx = services.chain.transfer(from, w.address, w.amount_micro, 'USDT', `withdrawal #${w.id}`);
      if (tx.status !== 2) return new ApiError(409, 'errors.chain_transfer_failed', { field: 'id' });
      services.db
        .prepare('UPDATE withdrawals SET status = 2, tx_hash = ?, reviewer_id = ?, review_time = ? WHERE id = ? AND status = 1')
        .run(tx.hash, me().id, formatDateTime(services.clock.now()), w.id);
      return null;
    }).immediate();
    if (refusal) throw refusal;
    return allWithdrawals.get(services.db, body.id);
  },
  'withdrawal/reject': ({ body, services, me }) =>
    services.db.transaction(() => {
      const w = pending(services, body.id);
      services.db
        .prepare('UPDATE withdrawals SET status = 3, reason = ?, reviewer_id = ?, review_time = ? WHERE id = ?')
        .run(body.reason, me().id, formatDateTime(services.clock.now()), w.id);
      refusedAs(
        () => services.ledger.change(w.user_id, w.amount_micro, BillType.values.withdrawal_refund, billRemark('withdrawal_refund', { id: w.id })),
        (r) => new ApiError(409, 'errors.refund_balance_too_large', { field: 'id', account: r.account, amount: formatMoney(w.amount_micro), balance: formatMoney(r.balanceMicro) }),
      );
      return allWithdrawals.get(services.db, w.id);
    }).immediate(),
});
