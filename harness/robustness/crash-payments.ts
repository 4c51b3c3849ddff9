import type { Database } from 'better-sqlite3';

/**
 * The payments writer of the crash rounds (issue 11): customer01 buys the monthly combo, alternately from the
 * balance and by chain payment (the control API sends the exact USDT). After each kill every acknowledged
 * purchase must be a paid order, every acknowledged chain payment must have paid its order with its hash,
 * and no order may be paid twice or carry two commissions.
 */
export interface PaymentAck {
  order_id: number;
  /** The chain transaction that paid it; null for a balance purchase. */
  hash: string | null;
}

type Post = (url: string, path: string, body: unknown, token?: string) => Promise<{ status: number; data?: unknown }>;

export async function paymentStep(url: string, token: string, seq: number, post: Post, acked: PaymentAck[]): Promise<void> {
  const byBalance = seq % 2 === 0;
  const r = await post(url, 'vip_combo/buy', { vip_combo_id: 1, pay_method: byBalance ? 1 : 2 }, token);
  if (r.status !== 200) return;
  const order = r.data as { id: number; pay_amount_micro: number };
  if (byBalance) {
    acked.push({ order_id: order.id, hash: null });
    return;
  }
  const res = await fetch(`${url}/__control/chain/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount_micro: order.pay_amount_micro }),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await res.json()) as { data?: { hash: string } };
  if (res.status === 200 && json.data) acked.push({ order_id: order.id, hash: json.data.hash });
}

export function verifyPayments(db: Database, acked: readonly PaymentAck[]): { lost: string[]; problems: string[] } {
  const lost: string[] = [];
  const order = db.prepare<[number], { status: number; tx_hash: string | null }>('SELECT status, tx_hash FROM orders WHERE id = ?');
  for (const a of acked) {
    const o = order.get(a.order_id);
    if (!o || o.status !== 2) lost.push(`order ${a.order_id} acknowledged ${a.hash ? 'paid on chain' : 'bought'} but not paid`);
    else if (a.hash && o.tx_hash !== a.hash) lost.push(`order ${a.order_id} paid by ${o.tx_hash}, not ${a.hash}`);
  }
  const problems: string[] = [];
  const twice = db.prepare('SELECT COUNT(*) FROM (SELECT order_id FROM commissions GROUP BY order_id HAVING COUNT(*) > 1)').pluck().get() as number;
  if (twice) problems.push(`${twice} orders with two commissions`);
  const usedTwice = db.prepare('SELECT COUNT(*) FROM (SELECT tx_hash FROM orders WHERE tx_hash IS NOT NULL GROUP BY tx_hash HAVING COUNT(*) > 1)').pluck().get() as number;
  if (usedTwice) problems.push(`${usedTwice} transactions paying two orders`);
  const paidWithout = db.prepare("SELECT COUNT(*) FROM orders WHERE status = 2 AND pay_method = 2 AND tx_hash IS NULL AND order_no NOT LIKE '20260101%'").pluck().get() as number;
  if (paidWithout) problems.push(`${paidWithout} chain orders paid without a transaction`);
  return { lost, problems };
}
