import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_MAX_MICRO, TransferReviewAction, type Order, type Page, type UsdtTransaction } from '../../contracts/index.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { ledgerProblems } from '../../harness/ledger.ts';
import { balanceOf } from '../../fixtures/factories.ts';
import { manualClock, MINUTE } from '../helpers/clock.ts';
import { control } from '../helpers/control.ts';
import { snapshot } from '../helpers/db-snapshot.ts';
import { failureBody, ok } from '../helpers/qr.ts';

/**
 * A refusal is said as the action the person took, never in the words of a lower layer. The ledger's own
 * sentence ("The balance of customer02 is 88; changing it by -100 would make it negative") reached a buyer
 * twice; now each action that moves money through the ledger says its own: the purchase (price, balance, how
 * much to top up), the withdrawal, the rejection that would refund past the limit, the credit of a reviewed
 * transfer, a commission that cannot be booked (without the agent's account or balance: the buyer reads it).
 * Only the balance edit, whose action IS changing a balance, keeps the ledger's sentence. Each with its own
 * key and values, both languages, nothing changed.
 */
const AGENT = 3;
const C1 = 4;
const clock = manualClock(new Date(2026, 5, 15, 12, 0, 0).getTime());
let t: TestServer;
let admin: string;
let agent: string;
let c1: string;
let c2: string;
beforeAll(async () => {
  t = await startTestServer({ clock, sessionIdleMinutes: 1_000_000 });
  [admin, agent, c1, c2] = (await Promise.all(['admin01', 'agent01', 'customer01', 'customer02'].map((a) => t.login(a)))) as [string, string, string, string];
});
afterAll(() => t.close());

/** A refused call: the status, the sentence in each language, the key and values; nothing changed. */
async function saidAs(path: string, body: object, token: string, status: number, key: string, en: string, zh: string, params?: Record<string, string | number>) {
  const before = snapshot(t.db);
  const inEn = await t.call(path, body, token, 'en');
  expect(inEn).toEqual({ status, body: failureBody(en) });
  expect(inEn.body.key).toBe(key);
  if (params) expect(inEn.body.params).toEqual(params);
  expect((await t.call(path, body, token, 'zh-CN')).body).toEqual(failureBody(zh));
  expect(JSON.stringify(inEn.body)).not.toMatch(/The balance of|changing it by/);
  expect(snapshot(t.db)).toEqual(before);
}
/** Move a balance to `target` (an administrator's adjustment, as the console does it). */
async function setBalance(user: number, target: number) {
  const by = target - balanceOf(t.db, user);
  if (by !== 0) ok(await t.call('user/change_balance', { id: user, amount_micro: by, remark: 'test set-up' }, admin));
}

describe('refusals said as the action', () => {
  it('buying with too little balance: the price, the balance, how much to top up first', async () => {
    await saidAs('vip_combo/buy', { vip_combo_id: 2, pay_method: 1 }, c2, 409, 'errors.purchase_balance_short',
      '“Yearly / 年度会员” costs 100 USDT and your balance is 88 USDT: top up at least 12 USDT under “Top up balance” first, then buy again',
      '「Yearly / 年度会员」价格为 100 USDT，您的余额为 88 USDT：请先在「余额充值」至少充值 12 USDT，再购买',
      { name: 'Yearly / 年度会员', price: '100', balance: '88', short: '12' });
  });

  it('withdrawing more than the balance: the amount and the balance, under the amount', async () => {
    const balance = balanceOf(t.db, AGENT) / 1_000_000;
    await saidAs('withdrawal/add', { amount_micro: 900_000_000_000, address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' }, agent, 409, 'errors.withdrawal_balance_short',
      `amount_micro: You asked to withdraw 900000 USDT but your balance is ${balance} USDT; withdraw at most your balance`,
      `amount_micro: 您申请提现 900000 USDT，但余额只有 ${balance} USDT；提现金额不能超过余额`);
  });

  it('rejecting a withdrawal whose refund would pass the limit', async () => {
    const w = ok<{ id: number }>(await t.call('withdrawal/add', { amount_micro: 50_000_000, address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' }, agent));
    const before = balanceOf(t.db, AGENT);
    await setBalance(AGENT, MONEY_MAX_MICRO - 10_000_000);
    await saidAs('withdrawal/reject', { id: w.id, reason: 'wrong address' }, admin, 409, 'errors.refund_balance_too_large',
      'id: Rejecting returns 50 USDT to agent01, whose balance of 999999990 USDT would then pass the 1,000,000,000 USDT limit; approve the withdrawal instead',
      'id: 拒绝将向 agent01 退回 50 USDT，其余额 999999990 USDT 将超过 1,000,000,000 USDT 上限；请改为审核通过');
    await setBalance(AGENT, before);
    ok(await t.call('withdrawal/reject', { id: w.id, reason: 'wrong address' }, admin));
  });

  it('a purchase whose agent commission cannot be booked names neither the agent nor its balance', async () => {
    const before = balanceOf(t.db, AGENT);
    await setBalance(AGENT, MONEY_MAX_MICRO - 1_000_000);
    await saidAs('vip_combo/buy', { vip_combo_id: 1, pay_method: 1 }, c1, 409, 'errors.commission_not_booked',
      'This payment cannot be booked now (the commission of the inviting agent cannot be credited); contact the administrator',
      '此笔付款暂时无法入账（邀请代理的佣金无法入账），请联系管理员');
    await setBalance(AGENT, before);
  });

  it('crediting a reviewed transfer past the limit', async () => {
    const order = ok<Order>(await t.call('order/recharge', { amount_micro: 25_000_000 }, c1));
    clock.advance(31 * MINUTE); // the order timed out: the transfer arrives late and waits for review
    const tx = await control(t, 'chain/send', { amount_micro: order.pay_amount_micro, mine: true });
    const row = ok<Page<UsdtTransaction>>(await t.call('usdt_transaction/inquire', { hash: tx.hash }, admin)).content[0]!;
    const before = balanceOf(t.db, C1);
    await setBalance(C1, MONEY_MAX_MICRO - 1_000_000);
    const amount = order.pay_amount_micro / 1_000_000;
    await saidAs('usdt_transaction/review', { id: row.id, action: TransferReviewAction.values.credit, remark: 'late' }, admin, 409, 'errors.credit_balance_too_large',
      `user_id: Crediting ${amount} USDT to customer01 would take their balance of 999999999 USDT past the 1,000,000,000 USDT limit; credit another user or refund the transfer`,
      `user_id: 向 customer01 入账 ${amount} USDT 将使其余额 999999999 USDT 超过 1,000,000,000 USDT 上限；请入账给其他用户或退回该转账`);
    await setBalance(C1, before);
    ok(await t.call('usdt_transaction/review', { id: row.id, action: TransferReviewAction.values.credit, remark: 'late' }, admin));
  });

  it('the balance edit keeps the ledger’s sentence: changing the balance is the action', async () => {
    const res = await t.call('user/change_balance', { id: 5, amount_micro: -100_000_000, remark: 'too much' }, admin);
    expect(res).toEqual({ status: 409, body: failureBody('amount_micro: The balance of customer02 is 88; changing it by -100 would make it negative') });
    expect(ledgerProblems(t.db)).toEqual([]);
  });
});
