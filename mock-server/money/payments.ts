import {
  BillType,
  FrameType,
  OFFSET_GRACE_HOURS,
  formatMoney,
  OPEN_ORDERS_PER_SOURCE,
  OPEN_ORDERS_PER_USER,
  OrderType,
  PayMethod,
  UNPAID_ORDERS_PER_SOURCE,
  UNPAID_ORDERS_PER_USER,
  billRemark,
  type Order,
} from '../../contracts/index.ts';
import { ApiError, conflict } from '../services/errors.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Database } from 'better-sqlite3';
import type { Chain } from '../chain/chain.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { Clock } from '../services/clock.ts';
import { refusedAs, type Ledger } from '../services/ledger.ts';
import type { Settings } from '../services/settings.ts';
import {
  commissionOf,
  extendExpiry,
  OFFSET_MAX_STEPS,
  OFFSET_STEP_MICRO,
  parseDateTime,
  uniquePayAmount,
} from './arithmetic.ts';

/** Orders and what paying one does (docs/decisions/2026-11-23-money-flows.md, 2026-11-26-money-matching.md). */

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
  /** The source range it is placed from (mock-server/security/ip-address.ts `sourceRangeOf`). */
  readonly source: string;
}

const HOUR_MS = 3_600_000;
const GRACE_MS = OFFSET_GRACE_HOURS * HOUR_MS;

/**
 * A user's chain orders are capped (docs/decisions/2026-11-26-money-matching.md): OPEN_ORDERS_PER_USER open
 * ones (the 409 names them), and UNPAID_ORDERS_PER_USER unpaid ones whose amounts are still reserved (open, or
 * timed out within the grace period), so one user holds at most 20 of the 9,999 amounts of a price.
 */
function checkOrderCaps(services: PaymentDeps, userId: number, now: number): void {
  const { db } = services;
  const at = formatDateTime(now);
  const open = db
    .prepare<[number, string], { order_no: string }>(
      `SELECT order_no FROM orders WHERE user_id = ? AND status = 1 AND pay_method = ${PayMethod.values.chain} AND expire_time >= ? ORDER BY id`,
    )
    .all(userId, at);
  if (open.length >= OPEN_ORDERS_PER_USER)
    throw new ApiError(409, 'errors.open_orders_cap', {
      count: open.length,
      orders: open.map((o) => o.order_no).join(', '),
    });
  const held = db
    .prepare<[number, string], { n: number; first: string | null }>(
      `SELECT COUNT(*) AS n, min(expire_time) AS first FROM orders WHERE user_id = ? AND status = 1 AND pay_method = ${PayMethod.values.chain} AND expire_time >= ?`,
    )
    .get(userId, formatDateTime(now - GRACE_MS))!;
  if (held.n >= UNPAID_ORDERS_PER_USER && held.first !== null)
    throw new ApiError(409, 'errors.unpaid_orders_cap', {
      count: held.n,
      from: formatDateTime(parseDateTime(held.first) + GRACE_MS),
    });
}

/**
 * The per-user caps again, per source range and price across accounts (docs/decisions/2026-11-29-abuse-left.md):
 * OPEN_ORDERS_PER_SOURCE open chain orders of one price, UNPAID_ORDERS_PER_SOURCE unpaid ones still reserved.
 * 429 with when a new one is possible: when the first open one times out, or when the first reserved one's
 * grace ends. Rows from before migration 040 have source '' and count for none.
 */
function checkSourceCaps(services: PaymentDeps, source: string, price: number, now: number): void {
  const count = services.db.prepare<[string, number, string], { n: number; first: string | null }>(
    `SELECT COUNT(*) AS n, min(expire_time) AS first FROM orders
      WHERE source = ? AND amount_micro = ? AND status = 1 AND pay_method = ${PayMethod.values.chain} AND expire_time >= ?`,
  );
  const open = count.get(source, price, formatDateTime(now))!;
  if (open.n >= OPEN_ORDERS_PER_SOURCE && open.first !== null)
    throw new ApiError(429, 'errors.source_open_orders_cap', {
      count: open.n,
      price: formatMoney(price),
      from: formatDateTime(parseDateTime(open.first) + 1000),
    });
  const held = count.get(source, price, formatDateTime(now - GRACE_MS))!;
  if (held.n >= UNPAID_ORDERS_PER_SOURCE && held.first !== null)
    throw new ApiError(429, 'errors.source_unpaid_orders_cap', {
      count: held.n,
      price: formatMoney(price),
      from: formatDateTime(parseDateTime(held.first) + GRACE_MS),
    });
}

/**
 * The amounts of `price` still reserved at `address`: those of open orders, and of orders that were paid or
 * timed out less than the grace period ago (a late or second transfer of such an amount then finds no other
 * order to pay, and is kept for review as meant for its own order's user).
 */
function reservedAmounts(services: PaymentDeps, address: string, price: number, now: number): Set<number> {
  const since = formatDateTime(now - GRACE_MS);
  return new Set(
    services.db
      .prepare<[string, number, number, string, string], { pay_amount_micro: number }>(
        `SELECT pay_amount_micro FROM orders WHERE address = ? AND pay_amount_micro > ? AND pay_amount_micro <= ?
          AND pay_method = ${PayMethod.values.chain} AND ((status = 1 AND expire_time >= ?) OR (status = 2 AND pay_time >= ?))`,
      )
      .all(address, price, price + OFFSET_MAX_STEPS * OFFSET_STEP_MICRO, since, since)
      .map((r) => r.pay_amount_micro),
  );
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
    checkOrderCaps(services, o.userId, now);
    checkSourceCaps(services, o.source, o.amountMicro, now);
    address = pay.usdt_address;
    const unique = uniquePayAmount(o.amountMicro, reservedAmounts(services, address, o.amountMicro, now));
    if (unique === null) throw new ApiError(409, 'errors.too_many_open_orders');
    payAmount = unique;
    expire = formatDateTime(now + pay.order_timeout_minutes * 60_000);
  }
  const seq = (db.prepare('SELECT coalesce(max(id), 0) + 1 AS n FROM orders').get() as { n: number }).n;
  const orderNo = `${at.replace(/\D/g, '')}${String(seq).padStart(6, '0')}`;
  return Number(
    db
      .prepare(
        `INSERT INTO orders (order_no, user_id, type, vip_combo_id, combo_name, amount_micro, pay_amount_micro, pay_type,
        pay_method, address, status, create_time, expire_time, source) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, 1, ?, ?, ?)`,
      )
      .run(
        orderNo,
        o.userId,
        o.type,
        o.comboId,
        o.comboName,
        o.amountMicro,
        payAmount,
        o.payMethod,
        address,
        at,
        expire,
        o.source,
      ).lastInsertRowid,
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
  const done = db
    .prepare('UPDATE orders SET status = 2, pay_time = ?, tx_hash = ? WHERE id = ? AND status = 1')
    .run(at, txHash, orderId);
  if (done.changes === 0) return false;
  const o = orderById(services, orderId);
  if (o.type === OrderType.values.recharge) {
    ledger.change(
      o.user_id,
      o.amount_micro,
      BillType.values.recharge,
      billRemark('recharge', { order_no: o.order_no }),
    );
  } else {
    const combo = db
      .prepare<[number], { days: number; domain_quota: number }>(
        'SELECT days, domain_quota FROM vip_combos WHERE id = ?',
      )
      .get(o.vip_combo_id!)!;
    const user = db
      .prepare<[number], { member_expire_time: string | null; superior_id: number | null }>(
        'SELECT member_expire_time, superior_id FROM users WHERE id = ?',
      )
      .get(o.user_id)!;
    db.prepare(
      'UPDATE users SET member_expire_time = ?, domain_limit = max(domain_limit, ?) WHERE id = ?',
    ).run(extendExpiry(user.member_expire_time, clock.now(), combo.days), combo.domain_quota, o.user_id);
    payCommission(services, o, user.superior_id, at);
  }
  const paid = orderById(services, orderId);
  // After the transaction: a rolled-back payment must not be announced.
  queueMicrotask(() =>
    services.realtime.push(paid.user_id, FrameType.values.payment, {
      order_id: paid.id,
      status: paid.status,
      order_no: paid.order_no,
    }),
  );
  return true;
}

function payCommission(services: PaymentDeps, o: Order, superiorId: number | null, at: string): void {
  if (superiorId === null) return;
  const agent = services.db
    .prepare<[number], { share_ratio: number; status: number }>(
      'SELECT share_ratio, status FROM users WHERE id = ?',
    )
    .get(superiorId);
  if (!agent || agent.status !== 1) return;
  const amount = commissionOf(o.amount_micro, agent.share_ratio);
  if (amount === 0) return;
  services.db
    .prepare(
      `INSERT INTO commissions (order_id, agent_id, user_id, order_amount_micro, share_ratio, amount_micro, create_time)
      VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(o.id, superiorId, o.user_id, o.amount_micro, agent.share_ratio, amount, at);
  // An agent balance at the limit refuses the payment: said without the agent's account and balance (the buyer
  // reads it); the chain observer keeps such a transfer for review as "not booked".
  refusedAs(
    () =>
      services.ledger.change(
        superiorId,
        amount,
        BillType.values.commission,
        billRemark('commission', { order_no: o.order_no, account: o.account }),
      ),
    () => new ApiError(409, 'errors.commission_not_booked'),
  );
}

export const orderNotUnpaid = () => conflict('errors.order_not_unpaid');
