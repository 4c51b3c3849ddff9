import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Order, Page } from '../../contracts/index.ts';
import { manualClock, MINUTE } from '../helpers/clock.ts';
import { ledgerProblems } from '../../harness/ledger.ts';
import { ok, refusalChecker, refused } from '../helpers/qr.ts';
import { countOf, rowOf, valueOf } from '../../fixtures/rows.ts';
import { commissionTotalOf } from '../../fixtures/factories.ts';
import { useApiServer } from '../helpers/api-server.ts';

const NOW = new Date(2026, 5, 15, 12, 0, 0).getTime();
const AGENT = 3;
const C1 = 4;
const C2 = 5;
const RECEIVING = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const PAYEE = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

const clock = manualClock(NOW);
const { t, tok } = useApiServer({ clock }, { admin: 'admin01', super: 'superadmin', agent: 'agent01', c1: 'customer01', c2: 'customer02' });
const refusedUnchanged = refusalChecker(() => t);
const user = (id: number) =>
  rowOf<{ balance_micro: number; member_expire_time: string | null; domain_limit: number }>(t.db, 'users', id, ['balance_micro', 'member_expire_time', 'domain_limit'])!;
async function control(op: string, body: object = {}) {
  const res = await request(t.server).post(`/__control/${op}`).send(body);
  expect(res.status, `${op}: ${res.text}`).toBe(200);
  return res.body.data;
}


describe('vip_combo (admin catalogue) and the shop', () => {
  it('adds, updates, lists larger sort first; the shop shows shown combos only', async () => {
    const added = ok<{ id: number }>(await t.call('vip_combo/add', { name: 'Quarter', price_micro: 25_000_000, days: 90, domain_quota: 50, sort: 25 }, tok.admin));
    ok(await t.call('vip_combo/update', { id: added.id, description: 'ninety days' }, tok.admin));
    const all = ok<Page<{ name: string; sort: number }>>(await t.call('vip_combo/inquire', {}, tok.admin));
    expect(all.content.map((c) => c.sort)).toEqual([30, 25, 20, 10]);
    const shop = ok<Page<{ id: number }>>(await t.call('vip_combo/shop', {}, tok.c1));
    expect(shop.content.map((c) => c.id)).not.toContain(3);
    expect(shop.total).toBe(3);
  });
  it('refuses customers, zero or fractional prices, and removing an ordered combo', async () => {
    await refusedUnchanged('vip_combo/add', { name: 'x', price_micro: 1, days: 1, domain_quota: 1 }, tok.c1, 403);
    await refusedUnchanged('vip_combo/add', { name: 'x', price_micro: 0, days: 1, domain_quota: 1 }, tok.admin, 400, /price_micro/);
    await refusedUnchanged('vip_combo/add', { name: 'x', price_micro: 1.5, days: 1, domain_quota: 1 }, tok.admin, 400, /price_micro/);
    await refusedUnchanged('vip_combo/add', { name: 'x', price_micro: -5, days: 1, domain_quota: 1 }, tok.admin, 400, /price_micro/);
  });
});

describe('buying with the balance', () => {
  it('takes the price, extends membership from max(now, expiry), raises the quota, pays 30 % commission', async () => {
    const before = user(C1);
    const agentBefore = user(AGENT).balance_micro;
    const o = ok<Order>(await t.call('vip_combo/buy', { vip_combo_id: 1, pay_method: 1 }, tok.c1));
    expect(o).toMatchObject({ status: 2, pay_method: 1, amount_micro: 10_000_000, combo_name: 'Monthly / 月度会员' });
    const after = user(C1);
    expect(after.balance_micro).toBe(before.balance_micro - 10_000_000);
    // customer01's membership runs to 2099-12-31 23:59:59: extended from there, not from now.
    expect(after.member_expire_time).toBe('2100-01-30 23:59:59');
    expect(after.domain_limit).toBe(Math.max(before.domain_limit, 20));
    expect(user(AGENT).balance_micro).toBe(agentBefore + 3_000_000);
    const commissions = ok<Page<{ order_id: number; amount_micro: number }>>(await t.call('agent/commission_inquire', {}, tok.agent));
    expect(commissions.content[0]).toMatchObject({ order_id: o.id, amount_micro: 3_000_000 });
    expect(ledgerProblems(t.db)).toEqual([]);
  });
  it('refuses a short balance, a hidden combo, an unknown combo and a bad pay method, changing nothing', async () => {
    // Said as the purchase (the price, the balance, top up first), not as the ledger ("the balance of customer02 …").
    await refusedUnchanged('vip_combo/buy', { vip_combo_id: 2, pay_method: 1 }, tok.c2, 409,
      '“Yearly / 年度会员” costs 100 USDT and your balance is 88 USDT: top up at least 12 USDT under “Top up balance” first, then buy again');
    await refusedUnchanged('vip_combo/buy', { vip_combo_id: 3, pay_method: 1 }, tok.c1, 409, /not on sale/);
    await refusedUnchanged('vip_combo/buy', { vip_combo_id: 999, pay_method: 2 }, tok.c1, 404);
    await refusedUnchanged('vip_combo/buy', { vip_combo_id: 1, pay_method: 3 }, tok.c1, 400, /pay_method/);
  });
});

describe('paying on the simulated chain', () => {
  it('opens an unpaid order with a unique amount; the exact transfer pays it once, replays change nothing', async () => {
    const a = ok<Order>(await t.call('vip_combo/buy', { vip_combo_id: 1, pay_method: 2 }, tok.c2));
    const b = ok<Order>(await t.call('vip_combo/buy', { vip_combo_id: 1, pay_method: 2 }, tok.c2));
    expect(a).toMatchObject({ status: 1, address: RECEIVING, pay_amount_micro: 10_000_100 });
    expect(b.pay_amount_micro).toBe(10_000_200);
    const expiryBefore = user(C2).member_expire_time;
    const tx = await control('chain/send', { amount_micro: b.pay_amount_micro });
    expect(tx.status).toBe(2);
    const paid = ok<Order & { qr_code_switch: number }>(await t.call('order/details', { id: b.id }, tok.c2));
    expect(paid).toMatchObject({ status: 2, tx_hash: tx.hash, qr_code_switch: 1 });
    expect(ok<Order>(await t.call('order/details', { id: a.id }, tok.c2)).status).toBe(1);
    const agentBalance = user(AGENT).balance_micro;
    await control('chain/replay', { hash: tx.hash });
    await control('chain/replay', { hash: tx.hash });
    expect(user(AGENT).balance_micro).toBe(agentBalance);
    expect(user(C2).member_expire_time).not.toBe(expiryBefore);
    expect(countOf(t.db, 'commissions', { order_id: b.id })).toBe(1);
  });
  it('does not pay an expired order; another customer cannot read an order', async () => {
    const o = ok<Order>(await t.call('order/recharge', { amount_micro: 20_000_000 }, tok.c1));
    await refusedUnchanged('order/details', { id: o.id }, tok.c2, 404);
    clock.advance(31 * MINUTE);
    await control('chain/send', { amount_micro: o.pay_amount_micro });
    expect(ok<Order>(await t.call('order/details', { id: o.id }, tok.c1)).status).toBe(1);
  });
  it('recharge credits the balance through the ledger; below the minimum is refused', async () => {
    await refusedUnchanged('order/recharge', { amount_micro: 9_999_999 }, tok.c1, 400, /10 USDT/);
    await refusedUnchanged('order/recharge', { amount_micro: 0 }, tok.c1, 400, /amount_micro/);
    const o = ok<Order>(await t.call('order/recharge', { amount_micro: 15_500_000 }, tok.c1));
    const before = user(C1).balance_micro;
    await control('chain/send', { amount_micro: o.pay_amount_micro, mine: false });
    expect(user(C1).balance_micro).toBe(before);
    await control('chain/mine', { count: 1 });
    expect(user(C1).balance_micro).toBe(before + 15_500_000);
    expect(ledgerProblems(t.db)).toEqual([]);
  });
  it('lists: own orders, every order for admins, the agent\'s customers\' orders', async () => {
    const own = ok<Page<Order>>(await t.call('order/inquire', {}, tok.c2));
    expect(own.content.every((o) => o.user_id === C2)).toBe(true);
    const all = ok<Page<Order>>(await t.call('order/admin_inquire', { status: 2 }, tok.admin));
    expect(new Set(all.content.map((o) => o.user_id))).toEqual(new Set([C1, C2]));
    const customers = ok<Page<Order>>(await t.call('order/customer_inquire', {}, tok.agent));
    expect(customers.total).toBe(all.total + ok<Page<Order>>(await t.call('order/admin_inquire', { status: 1 }, tok.admin)).total);
    await refusedUnchanged('order/admin_inquire', {}, tok.c1, 403);
  });
});

describe('withdrawals', () => {
  it('reserves at request, one pending at a time, reject returns it, approve pays on chain', async () => {
    await refusedUnchanged('withdrawal/add', { amount_micro: 9_000_000, address: PAYEE }, tok.agent, 400, /10 USDT/);
    await refusedUnchanged('withdrawal/add', { amount_micro: 20_000_000, address: 'T123' }, tok.agent, 400, /address/);
    // Right shape, wrong Base58Check checksum (last character changed): a typo never receives money.
    await refusedUnchanged('withdrawal/add', { amount_micro: 20_000_000, address: `${PAYEE.slice(0, -1)}8` }, tok.agent, 400, /^address: this TRON address fails its checksum/);
    await refusedUnchanged('withdrawal/add', { amount_micro: 1_000_000_000_001, address: PAYEE }, tok.agent, 400, /1,000,000/);
    await refusedUnchanged('withdrawal/add', { amount_micro: 900_000_000_000, address: PAYEE }, tok.agent, 409,
      'amount_micro: You asked to withdraw 900000 USDT but your balance is 1286.5 USDT; withdraw at most your balance');
    const before = user(AGENT).balance_micro;
    const w = ok<{ id: number; status: number }>(await t.call('withdrawal/add', { amount_micro: 50_000_000, address: PAYEE }, tok.agent));
    expect(user(AGENT).balance_micro).toBe(before - 50_000_000);
    await refusedUnchanged('withdrawal/add', { amount_micro: 10_000_000, address: PAYEE }, tok.agent, 409, /waiting/);
    ok(await t.call('withdrawal/reject', { id: w.id, reason: 'wrong address' }, tok.admin));
    expect(user(AGENT).balance_micro).toBe(before);
    await refusedUnchanged('withdrawal/approve', { id: w.id }, tok.admin, 409, /status: 3/);

    const w2 = ok<{ id: number }>(await t.call('withdrawal/add', { amount_micro: 12_000_000, address: PAYEE }, tok.agent));
    await control('chain/fail_next', {});
    // The failed transfer stays on the chain (status 3); the request stays pending and no money moves.
    const reserved = user(AGENT).balance_micro;
    refused(await t.call('withdrawal/approve', { id: w2.id }, tok.admin), 409, /chain transfer failed/);
    expect(valueOf(t.db, 'withdrawals', 'status', w2.id)).toBe(1);
    expect(user(AGENT).balance_micro).toBe(reserved);
    const approved = ok<{ status: number; tx_hash: string }>(await t.call('withdrawal/approve', { id: w2.id }, tok.admin));
    expect(approved.status).toBe(2);
    expect((await control('chain/state', { address: PAYEE })).usdt_micro).toBe(12_000_000);
    await refusedUnchanged('withdrawal/approve', { id: w2.id }, tok.admin, 409, /status: 2/);
    await refusedUnchanged('withdrawal/approve', { id: w2.id }, tok.agent, 403);
    const mine = ok<Page<{ id: number }>>(await t.call('withdrawal/inquire', {}, tok.agent));
    expect(mine.content.map((x) => x.id)).toEqual([w2.id, w.id]);
    expect(ledgerProblems(t.db)).toEqual([]);
  });
});

describe('agent figures', () => {
  it('customers, daily and historical statistics', async () => {
    const customers = ok<Page<{ account: string }>>(await t.call('agent/customer_inquire', {}, tok.agent));
    expect(customers.content.map((c) => c.account)).toEqual(expect.arrayContaining(['customer01', 'customer02']));
    const hist = ok<{ orders: number; commission_micro: number }>(await t.call('agent/historical_statistics', {}, tok.agent));
    expect(hist.orders).toBeGreaterThanOrEqual(3);
    expect(hist.commission_micro).toBe(commissionTotalOf(t.db, 3));
    const daily = ok<{ daily: { day: string; orders: number }[] }>(await t.call('agent/daily_statistics', { days: 7 }, tok.agent));
    expect(daily.daily).toHaveLength(7);
    // The seeded paid order (2026-01-01) is outside the last 7 days; every other was paid today.
    expect(daily.daily.at(-1)!.orders).toBe(hist.orders - 1);
  });
});

describe('races', () => {
  it('100 simultaneous purchases and withdrawals on one account never overdraw it', async () => {
    const balance = user(C1).balance_micro;
    const buys = Array.from({ length: 100 }, () => t.call('vip_combo/buy', { vip_combo_id: 1, pay_method: 1 }, tok.c1));
    const answers = await Promise.all(buys);
    const okCount = answers.filter((a) => a.status === 200).length;
    expect(okCount).toBe(Math.min(100, Math.floor(balance / 10_000_000)));
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(user(C1).balance_micro).toBe(balance - okCount * 10_000_000);
    const withdrawals = await Promise.all(
      Array.from({ length: 100 }, () => t.call('withdrawal/add', { amount_micro: 10_000_000, address: PAYEE }, tok.agent)),
    );
    expect(withdrawals.filter((a) => a.status === 200), JSON.stringify(withdrawals.slice(0, 2).map((a) => a.body))).toHaveLength(1);
    expect(ledgerProblems(t.db)).toEqual([]);
  });
});
