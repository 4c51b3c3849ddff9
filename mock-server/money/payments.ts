import { BillType, PAYMENT_FRAME_TYPE, OrderStatus, OrderType, PayMethod, type Order } from '../../contracts/index.ts';
import type { Chain, ChainTx } from '../chain/chain.ts';
import { ApiError, conflict } from '../services/errors.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Database } from 'better-sqlite3';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { Clock } from '../services/clock.ts';
import type { Ledger } from '../services/ledger.ts';
import type { Settings } from '../services/settings.ts';
import { commissionOf, extendExpiry, uniquePayAmount } from './arithmetic.ts';

/** Orders and what paying one does (docs/decisions/2026-11-23-money-flows.md). */

/** What orders and payments touch: their tables, the time, the pay settings, the ledger, the buyer's sockets, the chain. */
export interface PaymentDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly settings: Settings;
  readonly ledger: Ledger;
  readonly realtime: Pick<RealtimeHub, 'push'>;
  readonly chain: Pick<Chain, 'observe'>;
}

export const ORDER_SELECT = `SELECT o.id, o.order_no, o.user_id, u.account, o.type, o.vip_combo_id, o.combo_name, o.amount_micro,
  o.pay_amount_micro, o.pay_type, o.pay_method, o.address, o.status, o.tx_hash, o.create_time, o.expire_time, o.pay_time
  FROM orders o JOIN users u ON u.id = o.user_id`;

export function orderById(services: PaymentDeps, id: number): Order {
  return services.db.prepare<[number], Order>(`${ORDER_SELECT} WHERE o.id = ?`).get(id)!;
}

interface NewOrder {
  readonly userId: number;
  readonly type: number;
  readonly comboId: number | null;
  readonly comboName: string;
  readonly amountMicro: number;
  readonly payMethod: number;
}

/** Insert an order; a chain order gets the receiving address and a unique amount, open until the time-out. */
export function createOrder(services: PaymentDeps, o: NewOrder): number {
  const { db, clock, settings } = services;
  const pay = settings.require('pay_config');
  const now = clock.now();
  const at = formatDateTime(now);
  let address = '';
  let payAmount = o.amountMicro;
  let expire = at;
  if (o.payMethod === PayMethod.values.chain) {
    address = pay.usdt_address;
    const taken = new Set(
      db
        .prepare<[string, string], { pay_amount_micro: number }>(
          'SELECT pay_amount_micro FROM orders WHERE status = 1 AND address = ? AND expire_time >= ?',
        )
        .all(address, at)
        .map((r) => r.pay_amount_micro),
    );
    const unique = uniquePayAmount(o.amountMicro, taken);
    if (unique === null) throw new ApiError(409, 'errors.too_many_open_orders');
    payAmount = unique;
    expire = formatDateTime(now + pay.order_timeout_minutes * 60_000);
  }
  const seq = (db.prepare('SELECT coalesce(max(id), 0) + 1 AS n FROM orders').get() as { n: number }).n;
  const orderNo = `${at.replace(/\D/g, '')}${String(seq).padStart(6, '0')}`;
  return Number(
    db
      .prepare(`INSERT INTO orders (order_no, user_id, type, vip_combo_id, combo_name, amount_micro, pay_amount_micro, pay_type,
        pay_method, address, status, create_time, expire_time) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, 1, ?, ?)`)
      .run(orderNo, o.userId, o.type, o.comboId, o.comboName, o.amountMicro, payAmount, o.payMethod, address, at, expire)
      .lastInsertRowid,
  );
}

/**
 * Mark an unpaid order paid and do what it bought, in the caller's transaction: membership and quota for a
 * combo (plus the superior agent's commission), a recharge bill for a recharge. `false` when it was paid
 * already (a duplicate event changes nothing). The buyer's sockets get frame 22 once the write is done.
 */
export function markPaid(services: PaymentDeps, orderId: number, txHash: string | null): boolean {
  const { db, clock, ledger } = services;
  const at = formatDateTime(clock.now());
  const done = db.prepare('UPDATE orders SET status = 2, pay_time = ?, tx_hash = ? WHERE id = ? AND status = 1').run(at, txHash, orderId);
  if (done.changes === 0) return false;
  const o = orderById(services, orderId);
  if (o.type === OrderType.values.recharge) {
    ledger.change(o.user_id, o.amount_micro, BillType.values.recharge, `recharge ${o.order_no}`);
  } else {
    const combo = db.prepare<[number], { days: number; domain_quota: number }>('SELECT days, domain_quota FROM vip_combos WHERE id = ?').get(o.vip_combo_id!)!;
    const user = db.prepare<[number], { member_expire_time: string | null; superior_id: number | null }>(
      'SELECT member_expire_time, superior_id FROM users WHERE id = ?').get(o.user_id)!;
    db.prepare('UPDATE users SET member_expire_time = ?, domain_limit = max(domain_limit, ?) WHERE id = ?').run(
      extendExpiry(user.member_expire_time, clock.now(), combo.days), combo.domain_quota, o.user_id);
    payCommission(services, o, user.superior_id, at);
  }
  const paid = orderById(services, orderId);
  // After the transaction: a rolled-back payment must not be announced.
  queueMicrotask(() => services.realtime.push(paid.user_id, PAYMENT_FRAME_TYPE, { order_id: paid.id, status: paid.status, order_no: paid.order_no }));
  return true;
}

function payCommission(services: PaymentDeps, o: Order, superiorId: number | null, at: string): void {
  if (superiorId === null) return;
  const agent = services.db.prepare<[number], { share_ratio: number; status: number }>('SELECT share_ratio, status FROM users WHERE id = ?').get(superiorId);
  if (!agent || agent.status !== 1) return;
  const amount = commissionOf(o.amount_micro, agent.share_ratio);
  if (amount === 0) return;
  services.db
    .prepare(`INSERT INTO commissions (order_id, agent_id, user_id, order_amount_micro, share_ratio, amount_micro, create_time)
      VALUES (?, ?, ?, ?, ?, ?, ?)`)
    .run(o.id, superiorId, o.user_id, o.amount_micro, agent.share_ratio, amount, at);
  services.ledger.change(superiorId, amount, BillType.values.commission, `commission ${o.order_no} (${o.account})`);
}

/** A confirmed USDT transfer to the receiving address pays the open order carrying exactly that amount. */
export function watchPayments(services: PaymentDeps): void {
  services.chain.observe((tx: ChainTx) => {
    if (tx.token !== 'USDT') return;
    const { db } = services;
    if (db.prepare('SELECT 1 FROM orders WHERE tx_hash = ?').get(tx.hash)) return; // duplicate event
    const open = db
      .prepare<[string, number, string], { id: number }>(
        `SELECT id FROM orders WHERE status = ${OrderStatus.values.unpaid} AND pay_method = ${PayMethod.values.chain}
          AND address = ? AND pay_amount_micro = ? AND expire_time >= ? ORDER BY id LIMIT 1`,
      )
      .get(tx.to_address, tx.amount_micro, tx.create_time);
    if (open) markPaid(services, open.id, tx.hash);
  });
}

export const orderNotUnpaid = () => conflict('errors.order_not_unpaid');
