import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  OFFSET_GRACE_HOURS,
  OPEN_ORDERS_PER_USER,
  TransferOutcome,
  TransferReview,
  TransferReviewAction,
  UNPAID_ORDERS_PER_USER,
  type Order,
  type Page,
  type UsdtTransaction,
} from '../../contracts/index.ts';
import { ledgerProblems } from '../../harness/ledger.ts';
import { manualClock, MINUTE } from '../helpers/clock.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { control } from '../helpers/control.ts';
import { balanceOf, lastRowOf, receiptOf, withdrawalStatusOf } from '../../fixtures/factories.ts';
import { countOf, valueOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Matching that cannot misdirect money (issue 21, docs/decisions/2026-11-26-money-matching.md), over HTTP on a
 * real server: the misdirections of the issue replayed (late payment, second payment, replayed event after a
 * newer order took the amount), removed users and limits that used to poison the block, the review of what
 * paid nothing, and the per-user order caps.
 */
const NOW = new Date(2026, 5, 15, 12, 0, 0).getTime();
const HOUR = 60 * MINUTE;
const C1 = 4;
const C2 = 5;
const CUSTOMER_ROLE = 3;
const { paid, late, unknown_amount, duplicate, user_removed, not_booked } = TransferOutcome.values;

const clock = manualClock(NOW);
// The clock jumps days ahead (grace periods): sessions must outlive it.
const { t, tok } = useApiServer({ clock, sessionIdleMinutes: 1_000_000 }, { admin: 'admin01', c1: 'customer01', c2: 'customer02' });
const refusedUnchanged = refusalChecker(() => t);

/** An outside transfer to the receiving address; `id` is its row in usdt_transaction/inquire. */
async function send(amount_micro: number, mine = true): Promise<{ hash: string; id: number; status: number }> {
  const tx = await control(t, 'chain/send', { amount_micro, mine });
  return { ...tx, id: (await row(tx.hash)).id };
}
const balance = (id: number) => balanceOf(t.db, id);
const receipt = (hash: string) => receiptOf(t.db, hash);
async function details(id: number, token: string): Promise<Order> {
  return ok<Order>(await t.call('order/details', { id }, token));
}
async function recharge(token: string, amount_micro = 10_000_000): Promise<Order> {
  return ok<Order>(await t.call('order/recharge', { amount_micro }, token));
}
async function row(hash: string): Promise<UsdtTransaction> {
  return ok<Page<UsdtTransaction>>(await t.call('usdt_transaction/inquire', { hash }, tok.admin)).content[0]!;
}
/** Let every open order of the seeded customers time out and their amounts' grace end, so each test starts clean. */
function pastGrace(): void {
  clock.advance((OFFSET_GRACE_HOURS + 1) * HOUR);
}


describe('a transfer pays only an order open at its block time, of its own user', () => {
  it("a late payment of customer01's timed-out order does not pay customer02's newer order: kept for review, meant for customer01", async () => {
    const a = await recharge(tok.c1, 20_000_000);
    clock.advance(31 * MINUTE); // a times out unpaid
    const b = await recharge(tok.c2, 20_000_000);
    // The amount of a is still reserved (grace period): b gets another one.
    expect(b.pay_amount_micro).not.toBe(a.pay_amount_micro);
    const before = { c1: balance(C1), c2: balance(C2) };
    const tx = await send(a.pay_amount_micro);
    expect(receipt(tx.hash)).toEqual({ outcome: late, order_id: a.id, user_id: C1, review: TransferReview.values.waiting });
    expect((await details(b.id, tok.c2)).status).toBe(1);
    expect((await details(a.id, tok.c1)).status).toBe(1);
    expect({ c1: balance(C1), c2: balance(C2) }).toEqual(before);
    expect(await row(tx.hash)).toMatchObject({ outcome: late, review: TransferReview.values.waiting, order_no: a.order_no, account: 'customer01' });
    pastGrace();
  });

  it('a second transfer of a paid order\'s amount is a duplicate, not a payment of the next order', async () => {
    const a = await recharge(tok.c1, 30_000_000);
    const first = await send(a.pay_amount_micro);
    expect(receipt(first.hash)?.outcome).toBe(paid);
    const b = await recharge(tok.c2, 30_000_000);
    expect(b.pay_amount_micro).not.toBe(a.pay_amount_micro);
    const c2Before = balance(C2);
    const second = await send(a.pay_amount_micro);
    expect(receipt(second.hash)).toMatchObject({ outcome: duplicate, order_id: a.id, user_id: C1, review: 1 });
    expect((await details(b.id, tok.c2)).status).toBe(1);
    expect(balance(C2)).toBe(c2Before);
    pastGrace();
  });

  it('a replayed event changes nothing, even once a newer order carries the amount; a transfer mined before an order never pays it', async () => {
    const stray = await send(40_000_100); // no order of this amount yet
    expect(receipt(stray.hash)).toMatchObject({ outcome: unknown_amount, order_id: null, user_id: null, review: 1 });
    clock.advance(MINUTE);
    const b = await recharge(tok.c2, 40_000_000);
    expect(b.pay_amount_micro).toBe(40_000_100);
    const c2Before = balance(C2);
    await control(t, 'chain/replay', { hash: stray.hash });
    await control(t, 'chain/replay', { hash: stray.hash });
    expect((await details(b.id, tok.c2)).status).toBe(1);
    expect(balance(C2)).toBe(c2Before);
    expect(countOf(t.db, 'chain_receipts', { hash: stray.hash })).toBe(1);
    // Its own transfer, sent now, pays it.
    const own = await send(b.pay_amount_micro);
    expect(receipt(own.hash)).toMatchObject({ outcome: paid, order_id: b.id, user_id: C2, review: null });
    expect(balance(C2)).toBe(c2Before + 40_000_000);
    pastGrace();
  });

  it('block time decides: a transfer sent in time but mined after the time-out is late; one sent before the order but mined while it is open pays it', async () => {
    const a = await recharge(tok.c1, 50_000_000);
    const tx = await send(a.pay_amount_micro, false);
    clock.advance(31 * MINUTE);
    await control(t, 'chain/mine');
    expect(receipt(tx.hash)?.outcome).toBe(late);
    pastGrace();
    const pending = await send(60_000_100, false);
    const b = await recharge(tok.c2, 60_000_000);
    expect(b.pay_amount_micro).toBe(60_000_100);
    await control(t, 'chain/mine');
    expect(receipt(pending.hash)).toMatchObject({ outcome: paid, order_id: b.id });
    pastGrace();
  });

  it('after the grace period the amount is given again (the stated limit of the rule)', async () => {
    const a = await recharge(tok.c1, 70_000_000);
    clock.advance(31 * MINUTE + (OFFSET_GRACE_HOURS - 1) * HOUR);
    expect((await recharge(tok.c2, 70_000_000)).pay_amount_micro).not.toBe(a.pay_amount_micro);
    clock.advance(2 * HOUR);
    expect((await recharge(tok.c2, 70_000_000)).pay_amount_micro).toBe(a.pay_amount_micro);
    pastGrace();
  });
});

describe('a payment that cannot be booked never poisons the block', () => {
  it('a removed user\'s order: the transfer is kept for review, the block commits, later payments, payouts and collections work', async () => {
    const added = ok<{ id: number }>(await t.call('user/add', { account: 'leaving01', password: t.encrypt('Leaving123'), role_id: CUSTOMER_ROLE }, tok.admin));
    const leaving = await t.login('leaving01', 'Leaving123');
    const o = await recharge(leaving, 15_000_000);
    ok(await t.call('user/remove', { ids: [added.id] }, tok.admin));
    const tx = await send(o.pay_amount_micro);
    expect(tx.status).toBe(2);
    expect(receipt(tx.hash)).toMatchObject({ outcome: user_removed, order_id: o.id, user_id: added.id, review: 1 });
    expect((await control(t, 'chain/state')).pending).toBe(0);
    // The chain goes on for everyone else.
    const next = await recharge(tok.c2, 15_000_000);
    const before = balance(C2);
    expect(receipt((await send(next.pay_amount_micro)).hash)?.outcome).toBe(paid);
    expect(balance(C2)).toBe(before + 15_000_000);
    const sup = await t.login('superadmin');
    const w = ok<{ id: number; address: string }>(await t.call('wallet/add', {}, sup));
    await control(t, 'chain/send', { to: w.address, amount_micro: 1_000_000 });
    const job = ok<{ job_id: number }>(await t.call('wallet/collect', { ids: [w.id] }, sup));
    await control(t, 'job_step', { id: job.job_id, count: 3 });
    expect(valueOf(t.db, 'collections', 'status', { wallet_id: w.id })).toBe(1);
    // Crediting the removed user is refused and changes nothing; marking it refunded settles it.
    await refusedUnchanged('usdt_transaction/review', { id: tx.id, action: TransferReviewAction.values.credit, remark: 'try' }, tok.admin, 404);
    ok(await t.call('usdt_transaction/review', { id: tx.id, action: TransferReviewAction.values.refund, remark: 'sent back on 2026-06-16' }, tok.admin));
    expect(receipt(tx.hash)?.review).toBe(TransferReview.values.refunded);
    expect(ledgerProblems(t.db)).toEqual([]);
    pastGrace();
  });

  it('a balance limit refusing the credit keeps the transfer for review, the order unpaid, the block committed', async () => {
    const max = 1_000_000_000 * 1_000_000;
    const room = max - balance(C1) - 5_000_000; // 5 USDT of room left: a 10 USDT recharge would pass the limit
    ok(await t.call('user/change_balance', { id: C1, amount_micro: room, remark: 'near the limit' }, tok.admin));
    const o = await recharge(tok.c1, 10_000_000);
    const tx = await send(o.pay_amount_micro);
    expect(receipt(tx.hash)).toMatchObject({ outcome: not_booked, order_id: o.id, user_id: C1 });
    expect((await details(o.id, tok.c1)).status).toBe(1);
    ok(await t.call('user/change_balance', { id: C1, amount_micro: -room, remark: 'back' }, tok.admin));
    expect(ledgerProblems(t.db)).toEqual([]);
    pastGrace();
  });
});

describe('review of transfers that paid nothing', () => {
  it('credits the user the transfer was meant for (a bill and an audit row), once; refuses customers and paid transfers', async () => {
    const a = await recharge(tok.c1, 25_000_000);
    clock.advance(31 * MINUTE);
    const tx = await send(a.pay_amount_micro);
    const waiting = ok<Page<UsdtTransaction>>(await t.call('usdt_transaction/inquire', { review: TransferReview.values.waiting }, tok.admin));
    expect(waiting.content.map((r) => r.hash)).toContain(tx.hash);
    expect(waiting.content.every((r) => r.review === TransferReview.values.waiting && r.outcome !== paid)).toBe(true);
    await refusedUnchanged('usdt_transaction/review', { id: tx.id, action: 1, remark: 'x' }, tok.c1, 403);
    await refusedUnchanged('usdt_transaction/review', { id: tx.id, action: 3, remark: 'x' }, tok.admin, 400, /action/);
    await refusedUnchanged('usdt_transaction/review', { id: tx.id, action: 1, remark: ' ' }, tok.admin, 400, /remark/);
    await refusedUnchanged('usdt_transaction/review', { id: 999_999, action: 1, remark: 'x' }, tok.admin, 404);
    const before = balance(C1);
    const logsBefore = countOf(t.db, 'logs');
    const settled = ok<UsdtTransaction>(await t.call('usdt_transaction/review', { id: tx.id, action: TransferReviewAction.values.credit, remark: 'paid late, ticket 42' }, tok.admin));
    expect(settled).toMatchObject({ outcome: late, review: TransferReview.values.credited, account: 'customer01', review_remark: 'paid late, ticket 42' });
    // The whole transfer (offset included) is credited, as a recharge bill naming the review.
    expect(balance(C1)).toBe(before + a.pay_amount_micro);
    const bill = lastRowOf(t.db, 'bills', { user_id: C1 }, ['type', 'amount_micro', 'remark', 'operator_id'])!;
    expect(bill).toMatchObject({ type: 2, amount_micro: a.pay_amount_micro, operator_id: 2 });
    expect(String(bill.remark)).toContain('ticket 42');
    expect(countOf(t.db, 'logs')).toBe(logsBefore + 1);
    expect(JSON.stringify(lastRowOf(t.db, 'logs'))).toContain('usdt_transaction/review');
    await refusedUnchanged('usdt_transaction/review', { id: tx.id, action: 1, remark: 'again' }, tok.admin, 409, /not waiting/);
    await refusedUnchanged('usdt_transaction/review', { id: tx.id, action: 2, remark: 'again' }, tok.admin, 409, /not waiting/);
    // A transfer that paid its order has nothing to review.
    const o = await recharge(tok.c2, 25_000_000);
    const paidTx = await send(o.pay_amount_micro);
    await refusedUnchanged('usdt_transaction/review', { id: paidTx.id, action: 2, remark: 'x' }, tok.admin, 409, /not waiting/);
    expect(ledgerProblems(t.db)).toEqual([]);
    pastGrace();
  });

  it('an unknown amount needs the user named; a payout or collection is not reviewable', async () => {
    const tx = await send(33_000_007);
    await refusedUnchanged('usdt_transaction/review', { id: tx.id, action: 1, remark: 'who?' }, tok.admin, 400, /user/);
    const before = balance(C2);
    ok(await t.call('usdt_transaction/review', { id: tx.id, action: 1, user_id: C2, remark: 'customer02 wrote in' }, tok.admin));
    expect(balance(C2)).toBe(before + 33_000_007);
    expect(await row(tx.hash)).toMatchObject({ outcome: unknown_amount, review: 2, account: 'customer02', order_no: null });
    const payout = ok<Page<UsdtTransaction>>(await t.call('usdt_transaction/inquire', { type: 3 }, tok.admin)).content[0]!;
    expect(payout.outcome).toBeNull();
    await refusedUnchanged('usdt_transaction/review', { id: payout.id, action: 2, remark: 'x' }, tok.admin, 409, /receiving address/);
  });
});

describe('open-order limits', () => {
  it(`${OPEN_ORDERS_PER_USER} open chain orders per user: the next is 409 naming them; another user still gets the price`, async () => {
    const open: Order[] = [];
    for (let i = 0; i < OPEN_ORDERS_PER_USER; i++) open.push(await recharge(tok.c1, 12_000_000));
    const res = await t.call('order/recharge', { amount_micro: 12_000_000 }, tok.c1);
    expect(res.status).toBe(409);
    for (const o of open) expect(res.body.message).toContain(o.order_no);
    expect(res.body.message).toContain(`${OPEN_ORDERS_PER_USER} unpaid orders`);
    await refusedUnchanged('vip_combo/buy', { vip_combo_id: 1, pay_method: 2 }, tok.c1, 409, new RegExp(open[0]!.order_no));
    // Buying with the balance is not capped, and another user is not blocked.
    ok(await t.call('vip_combo/buy', { vip_combo_id: 1, pay_method: 1 }, tok.c1));
    expect((await recharge(tok.c2, 12_000_000)).status).toBe(1);
    // Paying one frees a place.
    await send(open[0]!.pay_amount_micro);
    expect((await recharge(tok.c1, 12_000_000)).status).toBe(1);
    pastGrace();
  });

  it(`${UNPAID_ORDERS_PER_USER} unpaid orders within the grace period: the next says when one frees up`, async () => {
    for (let round = 0; round < UNPAID_ORDERS_PER_USER / OPEN_ORDERS_PER_USER; round++) {
      for (let i = 0; i < OPEN_ORDERS_PER_USER; i++) await recharge(tok.c1, 11_000_000);
      clock.advance(31 * MINUTE);
    }
    await refusedUnchanged('order/recharge', { amount_micro: 11_000_000 }, tok.c1, 409, /20 unpaid orders from the last 24 hours/);
    expect(countOf(t.db, 'orders', { user_id: C1, status: 1, amount_micro: 11_000_000 })).toBe(UNPAID_ORDERS_PER_USER);
    pastGrace();
    expect((await recharge(tok.c1, 11_000_000)).status).toBe(1);
    pastGrace();
  });
});

describe('a payout that fails says why', () => {
  it('the receiving wallet short of the amount: 409 naming both figures, the request still pending, nothing moved', async () => {
    const agent = await t.login('agent01');
    const held = (await control(t, 'chain/state')).usdt_micro;
    const amount = Math.max(held + 1_000_000, 10_000_000);
    const w = ok<{ id: number }>(await t.call('withdrawal/add', { amount_micro: amount, address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' }, agent));
    const res = await t.call('withdrawal/approve', { id: w.id }, tok.admin);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(`holds ${formatMoney(held)} USDT, less than this payout of ${formatMoney(amount)} USDT`);
    expect(res.body.message).toContain('still pending');
    expect(withdrawalStatusOf(t.db, w.id)).toBe(1);
    expect((await control(t, 'chain/state')).usdt_micro).toBe(held);
    ok(await t.call('withdrawal/reject', { id: w.id, reason: 'test over' }, tok.admin));
  });
});
