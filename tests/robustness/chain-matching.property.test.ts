import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { OFFSET_GRACE_HOURS, OrderType, TransferOutcome, type Order } from '../../contracts/index.ts';
import { ledgerProblems } from '../../harness/ledger.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { manualClock, MINUTE } from '../helpers/clock.ts';
import { billTotalOf, receiptsOf } from '../../fixtures/factories.ts';
import { rowOf, rowsOf, valueOf, valuesOf } from '../../fixtures/rows.ts';

/**
 * The chain observer never misdirects money nor poisons a block (issue 21 points 1–2). Random sequences of
 * chain orders (recharges and combos of four customers), payments (mined at once or later), late payments,
 * second payments of paid orders, stray amounts, replayed events, time passing (orders time out), users
 * removed with open orders, mining and restarts of the server on the same SQLite file. After the last `mine`:
 * - nothing is pending, and every confirmed incoming transfer was consumed exactly once (one receipt);
 * - a transfer paid only an order of the user it was sent for, and a stray amount paid nothing; a transfer
 *   kept for review names the user it was sent for;
 * - each user's recharge bills are exactly their paid recharge orders (nobody was credited with another's
 *   transfer), and every balance equals the sum of its bills.
 * Late and second payments are sent within the grace period (the rule's stated bound), and a pending transfer
 * is mined before the clock passes 12 hours beyond its sending (a real chain makes a block every 3 s).
 */
const NOW = new Date(2026, 5, 15, 12, 0, 0).getTime();
const HOUR = 60 * MINUTE;
const GRACE_SAFE_MS = (OFFSET_GRACE_HOURS - 1) * HOUR;
const CUSTOMER_ROLE = 3;
const PRICES = [10_000_000, 12_500_000, 20_000_000];
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

type Op =
  | { k: 'order'; who: number; price: number; combo: boolean }
  | { k: 'pay'; pick: number; mine: boolean }
  | { k: 'late'; pick: number }
  | { k: 'again'; pick: number }
  | { k: 'stray'; extra: number }
  | { k: 'replay'; pick: number }
  | { k: 'wait'; minutes: number; mine: boolean }
  | { k: 'remove'; who: number }
  | { k: 'mine' }
  | { k: 'restart' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ k: fc.constant('order' as const), who: fc.nat(3), price: fc.constantFrom(...PRICES), combo: fc.boolean() }) },
  { weight: 5, arbitrary: fc.record({ k: fc.constant('pay' as const), pick: fc.nat(), mine: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('late' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('again' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('stray' as const), extra: fc.integer({ min: 1, max: 99 }) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('replay' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 45 }), mine: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('remove' as const), who: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.constant({ k: 'mine' as const }) },
  { weight: 1, arbitrary: fc.constant({ k: 'restart' as const }) },
);

interface OrderRow {
  id: number;
  user_id: number;
  type: number;
  amount_micro: number;
  pay_amount_micro: number;
  status: number;
  expire_time: string;
  pay_time: string | null;
}

async function run(ops: readonly Op[]): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-matching-'));
  dirs.push(dir);
  const dbPath = path.join(dir, 'mock.db');
  const clock = manualClock(NOW);
  const start = () => startTestServer({ dbPath, clock, sessionIdleMinutes: 1_000_000 });
  let t: TestServer = await start();
  const control = async <T,>(name: string, body: object = {}): Promise<T> => {
    const res = await request(t.server).post(`/__control/${name}`).send(body);
    expect(res.status, `${name}: ${res.text}`).toBe(200);
    return res.body.data as T;
  };
  const admin = await t.login('admin01');
  const customers: { id: number; token: string; removed: boolean }[] = [];
  for (let i = 0; i < 4; i++) {
    const account = `prop${i}cust`;
    const added = await t.call('user/add', { account, password: t.encrypt('Prop12345'), role_id: CUSTOMER_ROLE, superior_id: 3 }, admin);
    expect(added.status).toBe(200);
    customers.push({ id: (added.body.data as { id: number }).id, token: await t.login(account, 'Prop12345'), removed: false });
  }
  /** hash → the user it was sent for (null: a stray amount, meant for no order). */
  const intended = new Map<string, number | null>();
  let oldestPending: number | null = null;
  const nowText = () => {
    const d = new Date(clock.now());
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  };
  const chainOrders = () =>
    rowsOf<OrderRow>(t.db, 'orders', { pay_method: 2 }, { columns: ['id', 'user_id', 'type', 'amount_micro', 'pay_amount_micro', 'status', 'expire_time', 'pay_time'] });
  const textAgo = (ms: number) => {
    const saved = clock.now();
    const d = new Date(saved - ms);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  };
  async function send(amount: number, forUser: number | null, mine: boolean): Promise<void> {
    const tx = await control<{ hash: string }>('chain/send', { amount_micro: amount, mine });
    intended.set(tx.hash, forUser);
    if (mine) oldestPending = null;
    else oldestPending ??= clock.now();
  }
  const pick = <T,>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

  for (const o of ops) {
    switch (o.k) {
      case 'order': {
        const c = customers[o.who]!;
        if (c.removed) break;
        const res = o.combo
          ? await t.call('vip_combo/buy', { vip_combo_id: 1, pay_method: 2 }, c.token)
          : await t.call('order/recharge', { amount_micro: o.price }, c.token);
        expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
        if (res.status === 200) expect((res.body.data as Order).user_id).toBe(c.id);
        break;
      }
      case 'pay': {
        const now = nowText();
        const target = pick(chainOrders().filter((r) => r.status === 1 && r.expire_time >= now), o.pick);
        if (target) await send(target.pay_amount_micro, target.user_id, o.mine);
        break;
      }
      case 'late': {
        const now = nowText();
        const since = textAgo(GRACE_SAFE_MS);
        const target = pick(chainOrders().filter((r) => r.status === 1 && r.expire_time < now && r.expire_time >= since), o.pick);
        if (target) await send(target.pay_amount_micro, target.user_id, true);
        break;
      }
      case 'again': {
        const since = textAgo(GRACE_SAFE_MS);
        const target = pick(chainOrders().filter((r) => r.status === 2 && r.pay_time !== null && r.pay_time >= since), o.pick);
        if (target) await send(target.pay_amount_micro, target.user_id, true);
        break;
      }
      case 'stray':
        // Not a whole number of 0.0001 USDT steps above a price: no order can carry it.
        await send(PRICES[o.extra % PRICES.length]! + o.extra, null, true);
        break;
      case 'replay': {
        const hash = pick([...intended.keys()].filter((h) => valueOf(t.db, 'chain_transactions', 'status', { hash: h }) === 2), o.pick);
        if (hash) await control('chain/replay', { hash });
        break;
      }
      case 'wait':
        if (oldestPending !== null && (o.mine || clock.now() + o.minutes * MINUTE - oldestPending > 12 * HOUR)) {
          await control('chain/mine');
          oldestPending = null;
        }
        clock.advance(o.minutes * MINUTE);
        break;
      case 'remove': {
        const c = customers[o.who]!;
        if (c.removed) break;
        expect((await t.call('user/remove', { ids: [c.id] }, admin)).status).toBe(200);
        c.removed = true;
        break;
      }
      case 'mine':
        await control('chain/mine');
        oldestPending = null;
        break;
      case 'restart':
        await t.close();
        t = await start();
        break;
    }
  }
  await control('chain/mine');
  try {
    expect((await control<{ pending: number }>('chain/state')).pending).toBe(0);
    const receiving = (await control<{ address: string }>('chain/state')).address;
    const confirmed = valuesOf<string>(t.db, 'chain_transactions', 'hash', { token: 'USDT', type: 1, status: 2, to_address: receiving });
    const receipts = receiptsOf(t.db);
    expect(receipts.map((r) => r.hash).sort()).toEqual([...confirmed].sort());
    expect(confirmed.sort()).toEqual([...intended.keys()].sort());
    const orders = new Map(chainOrders().map((r) => [r.id, r]));
    for (const r of receipts) {
      const meant = intended.get(r.hash);
      if (meant === null) expect(r.outcome, `stray ${r.hash}`).not.toBe(TransferOutcome.values.paid);
      if (r.order_id !== null) {
        const order = orders.get(r.order_id)!;
        expect(order.user_id, `receipt ${r.hash} (outcome ${r.outcome})`).toBe(r.user_id);
        if (meant !== null) expect(order.user_id, `transfer for user ${meant} landed on order ${order.id}`).toBe(meant);
      }
      if (r.outcome === TransferOutcome.values.paid) {
        const tx = rowOf(t.db, 'orders', r.order_id!, ['tx_hash', 'status']);
        expect(tx).toEqual({ tx_hash: r.hash, status: 2 });
      }
    }
    // Every paid chain order of the test's customers was paid by exactly one receipt.
    const ours = new Set(customers.map((c) => c.id));
    for (const o of [...orders.values()].filter((x) => ours.has(x.user_id))) {
      const paidBy = receipts.filter((r) => r.order_id === o.id && r.outcome === TransferOutcome.values.paid).length;
      expect(paidBy, `order ${o.id}`).toBe(o.status === 2 ? 1 : 0);
    }
    // Recharge bills are exactly the user's paid recharge orders: nobody got another's money.
    for (const c of customers) {
      const bills = billTotalOf(t.db, c.id, 2);
      const paidRecharges = [...orders.values()]
        .filter((o) => o.user_id === c.id && o.status === 2 && o.type === OrderType.values.recharge)
        .reduce((s, o) => s + o.amount_micro, 0);
      expect(bills, `recharges of user ${c.id}`).toBe(paidRecharges);
    }
    expect(ledgerProblems(t.db)).toEqual([]);
  } finally {
    await t.close();
  }
}

describe('chain matching under random sequences, removals and restarts', () => {
  it('never pays another user, consumes each hash once, leaves nothing pending', async () => {
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 20, maxLength: 70 }), run), { numRuns: 8, seed: 21_2611 });
  }, 300_000);
});
