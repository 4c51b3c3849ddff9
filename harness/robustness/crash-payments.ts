import type { Database } from 'better-sqlite3';

/**
 * The payments writer of the crash rounds (issue 11): customer01 buys the monthly combo, alternately from the
 * balance and by chain payment (the control API sends the exact USDT). After each kill every acknowledged
 * purchase must be a paid order, every acknowledged chain payment must have paid its order with its hash,
 * and no order may be paid twice or carry two commissions.
 * Issue 21 adds: every fourth step a stray transfer (an amount no order carries) and a replay of the last
 * payment; each acknowledged stray must be consumed as a transfer for review and pay nothing, every confirmed
 * incoming transfer must be consumed exactly once, and a chain purchase refused by the open-order cap (orders
 * left unpaid by earlier kills) pays one of the customer's own open orders instead.
 */
export interface PaymentAck {
  order_id: number;
  /** The chain transaction that paid it; null for a balance purchase; `stray` for a transfer meant for no order. */
  hash: string | null;
  stray?: boolean;
}

type Post = (url: string, path: string, body: unknown, token?: string) => Promise<{ status: number; data?: unknown }>;

async function controlCall(url: string, op: string, body: unknown): Promise<{ hash: string } | undefined> {
  const res = await fetch(`${url}/__control/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await res.json()) as { data?: { hash: string } };
  return res.status === 200 ? json.data : undefined;
}

type OpenOrder = { id: number; pay_amount_micro: number; pay_method: number };

export async function paymentStep(url: string, token: string, seq: number, post: Post, acked: PaymentAck[]): Promise<void> {
  if (seq % 4 === 3) {
    // A transfer meant for no order (not a whole 0.0001 USDT step above any price), then a replayed event.
    const stray = await controlCall(url, 'chain/send', { amount_micro: 10_000_000 + (seq % 97) + 1 });
    if (stray) acked.push({ order_id: 0, hash: stray.hash, stray: true });
    const last = [...acked].reverse().find((a) => a.hash && !a.stray);
    if (last?.hash) await controlCall(url, 'chain/replay', { hash: last.hash });
    return;
  }
  const byBalance = seq % 2 === 0;
  const r = await post(url, 'vip_combo/buy', { vip_combo_id: 1, pay_method: byBalance ? 1 : 2 }, token);
  let order: OpenOrder | undefined;
  if (r.status === 200) order = r.data as OpenOrder;
  else if (r.status === 409 && !byBalance) {
    // The open-order cap (orders a kill left unpaid): pay one of our own open chain orders instead.
    const open = await post(url, 'order/inquire', { status: 1, page_size: 20 }, token);
    const rows = open.status === 200 ? (open.data as { content: (OpenOrder & { expire_time: string })[] }).content : [];
    // Still open a minute from now (server local time, 'YYYY-MM-DD HH:mm:ss'), so the payment is not late.
    const d = new Date(Date.now() + 60_000);
    const p = (n: number) => String(n).padStart(2, '0');
    const soon = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    order = rows.filter((o) => o.pay_method === 2 && o.expire_time >= soon).sort((a, b) => a.id - b.id)[0];
  }
  if (!order) return;
  if (byBalance) {
    acked.push({ order_id: order.id, hash: null });
    return;
  }
  const sent = await controlCall(url, 'chain/send', { amount_micro: order.pay_amount_micro });
  if (sent) acked.push({ order_id: order.id, hash: sent.hash });
}

export function verifyPayments(db: Database, acked: readonly PaymentAck[]): { lost: string[]; problems: string[] } {
  const lost: string[] = [];
  const order = db.prepare<[number], { status: number; tx_hash: string | null }>('SELECT status, tx_hash FROM orders WHERE id = ?');
  const receipt = db.prepare<[string], { outcome: number; order_id: number | null }>('SELECT outcome, order_id FROM chain_receipts WHERE hash = ?');
  for (const a of acked) {
    if (a.stray) {
      const r = receipt.get(a.hash!);
      if (!r) lost.push(`stray transfer ${a.hash} acknowledged but not consumed`);
      else if (r.outcome === 1) lost.push(`stray transfer ${a.hash} paid order ${r.order_id}`);
      continue;
    }
    const o = order.get(a.order_id);
    if (!o || o.status !== 2) lost.push(`order ${a.order_id} acknowledged ${a.hash ? 'paid on chain' : 'bought'} but not paid`);
    else if (a.hash && o.tx_hash !== a.hash) lost.push(`order ${a.order_id} paid by ${o.tx_hash}, not ${a.hash}`);
  }
  const problems: string[] = [];
  const twice = db.prepare('SELECT COUNT(*) FROM (SELECT order_id FROM commissions GROUP BY order_id HAVING COUNT(*) > 1)').pluck().get() as number;
  if (twice) problems.push(`${twice} orders with two commissions`);
  const usedTwice = db.prepare('SELECT COUNT(*) FROM (SELECT tx_hash FROM orders WHERE tx_hash IS NOT NULL GROUP BY tx_hash HAVING COUNT(*) > 1)').pluck().get() as number;
  if (usedTwice) problems.push(`${usedTwice} transactions paying two orders`);
  const unconsumed = db
    .prepare(`SELECT COUNT(*) FROM chain_transactions t WHERE t.type = 1 AND t.status = 2 AND t.token = 'USDT'
      AND t.to_address IN (SELECT address FROM orders WHERE address <> '') AND NOT EXISTS (SELECT 1 FROM chain_receipts r WHERE r.hash = t.hash)`)
    .pluck()
    .get() as number;
  if (unconsumed) problems.push(`${unconsumed} confirmed incoming transfers never consumed`);
  const paidByOther = db
    .prepare('SELECT COUNT(*) FROM chain_receipts r JOIN orders o ON o.id = r.order_id WHERE r.outcome = 1 AND (o.tx_hash IS NOT r.hash OR o.status <> 2)')
    .pluck()
    .get() as number;
  if (paidByOther) problems.push(`${paidByOther} paid receipts whose order does not carry their hash`);
  const paidWithout = db.prepare("SELECT COUNT(*) FROM orders WHERE status = 2 AND pay_method = 2 AND tx_hash IS NULL AND order_no NOT LIKE '20260101%'").pluck().get() as number;
  if (paidWithout) problems.push(`${paidWithout} chain orders paid without a transaction`);
  return { lost, problems };
}
