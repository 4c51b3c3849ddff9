import { describe, expect, it } from 'vitest';
import { BillType, type Bill, type Page, type Session } from '../../contracts/index.ts';
import { ledgerProblems } from '../../harness/ledger.ts';
import { ok, refusalChecker, refusalText } from '../helpers/qr.ts';
import { countOf, rowsOf, valueOf } from '../../fixtures/rows.ts';
import { updateUser } from '../../fixtures/factories.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** Seeded ids (fixtures/seed/users.ts) and opening balances in micro-units. */
const AGENT = 3;
const C1 = 4;
const C2 = 5;
const TOTP = 6;

const { t, tok } = useApiServer({}, { admin: 'admin01', customer01: 'customer01' });
const refusedUnchanged = refusalChecker(() => t);
const balanceOf = (id: number) =>
  valueOf<number>(t.db, 'users', 'balance_micro', id)!;


describe('seeded ledger', () => {
  it('gives each seeded balance an opening bill, so balance = sum of bills from the start', () => {
    expect(ledgerProblems(t.db)).toEqual([]);
    expect([balanceOf(AGENT), balanceOf(C1), balanceOf(C2), balanceOf(TOTP)]).toEqual([
      1_280_500_000, 356_250_000, 88_000_000, 0,
    ]);
    const opening = rowsOf(t.db, 'bills', {}, { columns: ['user_id', 'type', 'amount_micro'], orderBy: 'user_id' });
    expect(opening).toEqual([
      { user_id: AGENT, type: BillType.values.opening_balance, amount_micro: 1_280_500_000 },
      { user_id: C1, type: BillType.values.opening_balance, amount_micro: 356_250_000 },
      { user_id: C2, type: BillType.values.opening_balance, amount_micro: 88_000_000 },
    ]);
  });

  it('shows the balance in user_info as integer micro-units', async () => {
    const info = ok<Session>(await t.call('admin/user_info', {}, tok.customer01));
    expect(info.user_info.balance_micro).toBe(balanceOf(C1));
    expect(info.user_info).not.toHaveProperty('balance');
  });
});

describe('user/change_balance', () => {
  it('adds a positive amount and subtracts a negative one, one bill each, in the same transaction', async () => {
    const before = balanceOf(C2);
    const added = ok<Bill>(
      await t.call(
        'user/change_balance',
        { id: C2, amount_micro: 12_500_001, remark: 'refund order 7' },
        tok.admin,
      ),
    );
    expect(added).toMatchObject({
      user_id: C2,
      account: 'customer02',
      phone: '13800000005',
      type: BillType.values.admin_adjustment,
      amount_micro: 12_500_001,
      balance_before_micro: before,
      balance_after_micro: before + 12_500_001,
      remark: 'refund order 7',
    });
    const taken = ok<Bill>(
      await t.call(
        'user/change_balance',
        { id: C2, amount_micro: -2_500_001, remark: '  correction  ' },
        tok.admin,
      ),
    );
    expect(taken).toMatchObject({
      amount_micro: -2_500_001,
      balance_before_micro: before + 12_500_001,
      balance_after_micro: before + 10_000_000,
      remark: 'correction',
    });
    expect(balanceOf(C2)).toBe(before + 10_000_000);
    expect(valueOf(t.db, 'bills', 'operator_id', taken.id)).toBe(2);
    expect(ledgerProblems(t.db)).toEqual([]);
  });

  it('may take a balance to exactly 0', async () => {
    const all = balanceOf(TOTP) + 1;
    ok(await t.call('user/change_balance', { id: TOTP, amount_micro: all, remark: 'top up' }, tok.admin));
    ok(await t.call('user/change_balance', { id: TOTP, amount_micro: -all, remark: 'take all' }, tok.admin));
    expect(balanceOf(TOTP)).toBe(0);
  });

  it('refuses a change that would make the balance negative with 409 naming the balance, in both languages', async () => {
    const balance = balanceOf(C1);
    await refusedUnchanged(
      'user/change_balance',
      { id: C1, amount_micro: -(balance + 1), remark: 'too much' },
      tok.admin,
      409,
      `amount_micro: The balance of customer01 is ${balance / 1e6}; changing it by -${(balance + 1) / 1e6} would make it negative`,
    );
    const zh = await t.call(
      'user/change_balance',
      { id: C1, amount_micro: -(balance + 1), remark: 'too much' },
      tok.admin,
      'zh-CN',
    );
    expect(zh.status).toBe(409);
    expect(refusalText(zh.body)).toBe(
      `amount_micro: customer01 的余额为 ${balance / 1e6}，变动 -${(balance + 1) / 1e6} 后将为负数`,
    );
  });

  it.each<[string, unknown, number, string | RegExp]>([
    ['amount 0', { id: C1, amount_micro: 0, remark: 'x' }, 400, /^amount_micro: enter a positive amount/],
    [
      'a float amount (decimal USDT instead of micro-units)',
      { id: C1, amount_micro: 1.5, remark: 'x' },
      400,
      /^amount_micro: enter a positive amount/,
    ],
    ['an amount as text', { id: C1, amount_micro: '100', remark: 'x' }, 400, /^amount_micro:/],
    [
      'an amount over the limit',
      { id: C1, amount_micro: 1_000_000_000_000_001, remark: 'x' },
      400,
      'amount_micro: an amount is at most 1,000,000,000',
    ],
    [
      'a balance past the limit',
      { id: C1, amount_micro: 1_000_000_000_000_000, remark: 'x' },
      409,
      /would pass 1,000,000,000$/,
    ],
    ['no remark', { id: C1, amount_micro: 1 }, 400, 'remark: please enter a remark'],
    ['a blank remark', { id: C1, amount_micro: 1, remark: '   ' }, 400, 'remark: please enter a remark'],
    ['a remark over 255 characters', { id: C1, amount_micro: 1, remark: 'r'.repeat(256) }, 400, /^remark:/],
    ['an unknown user', { id: 9999, amount_micro: 1, remark: 'x' }, 404, 'The user does not exist'],
    [
      'an extra field',
      { id: C1, amount_micro: 1, remark: 'x', balance_micro: 5 },
      400,
      /^balance_micro: This page sent/,
    ],
  ])('refuses %s and changes nothing', async (_name, body, status, message) => {
    await refusedUnchanged('user/change_balance', body, tok.admin, status, message);
  });

  it('is refused to a customer (403) and to an anonymous caller (401)', async () => {
    await refusedUnchanged(
      'user/change_balance',
      { id: C1, amount_micro: 1_000_000, remark: 'gift to myself' },
      tok.customer01,
      403,
    );
    await refusedUnchanged(
      'user/change_balance',
      { id: C1, amount_micro: 1_000_000, remark: 'x' },
      undefined,
      401,
    );
  });

  it('refuses a removed user with 404', async () => {
    updateUser(t.db, 7, { status: 2 });
    try {
      await refusedUnchanged('user/change_balance', { id: 7, amount_micro: 1, remark: 'x' }, tok.admin, 404);
    } finally {
      updateUser(t.db, 7, { status: 1 });
    }
  });
});

describe('bill/inquire', () => {
  it('lists every bill, newest first, for an administrator, with filters by user, type and time', async () => {
    const all = ok<Page<Bill>>(await t.call('bill/inquire', { page_size: 200 }, tok.admin));
    expect(all.total).toBe(countOf(t.db, 'bills'));
    expect(all.content.map((b) => b.id)).toEqual([...all.content.map((b) => b.id)].sort((a, b) => b - a));
    const c2 = ok<Page<Bill>>(
      await t.call('bill/inquire', { user_id: C2, type: BillType.values.admin_adjustment }, tok.admin),
    );
    expect(c2.content.length).toBeGreaterThanOrEqual(2);
    expect(c2.content.every((b) => b.user_id === C2 && b.type === BillType.values.admin_adjustment)).toBe(
      true,
    );
    const seedDay = ok<Page<Bill>>(
      await t.call(
        'bill/inquire',
        { start_time: '2026-01-01 00:00:00', end_time: '2026-01-01 23:59:59' },
        tok.admin,
      ),
    );
    expect(seedDay.content.map((b) => b.type)).toEqual([7, 7, 7]);
  });

  it("shows a customer only their own bills; another user's id gives an empty page", async () => {
    const own = ok<Page<Bill>>(await t.call('bill/inquire', {}, tok.customer01));
    expect(own.total).toBeGreaterThan(0);
    expect(own.content.every((b) => b.user_id === C1)).toBe(true);
    expect(ok<Page<Bill>>(await t.call('bill/inquire', { user_id: C2 }, tok.customer01))).toEqual({
      content: [],
      total: 0,
    });
  });

  it('refuses a start after the end and an unknown type', async () => {
    await refusedUnchanged(
      'bill/inquire',
      { start_time: '2026-02-01 00:00:00', end_time: '2026-01-01 00:00:00' },
      tok.admin,
      400,
      /^end_time: the start date is after the end date/,
    );
    await refusedUnchanged(
      'bill/inquire',
      { type: 99 },
      tok.admin,
      400,
      /^type: Choose one of the options/,
    );
  });
});
