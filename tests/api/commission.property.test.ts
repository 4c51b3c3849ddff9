import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { BillType, type Order, type Page } from '../../contracts/index.ts';
import { ledgerProblems } from '../../harness/ledger.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { control } from '../helpers/control.ts';
import { billTotalOf } from '../../fixtures/factories.ts';
import { rowOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Exact commission (issue 21 point 4, docs/decisions/2026-11-26-money-matching.md): share ratios take at most
 * 2 decimals from 0 to 100, and a commission is floor(order amount × ratio in basis points / 10,000) whole
 * micro-units. Property: random ratios (changed between purchases) and random prices down to the micro-unit,
 * bought from the balance or paid on chain → every `agent_divided_into` row is exactly that, and the rows, the
 * agent's commission bills, `agent/historical_statistics` and the sum of `agent/daily_statistics` agree.
 */
const AGENT = 3;
const CUSTOMERS = [4, 5] as const;

const { t, tok } = useApiServer({}, { admin: 'admin01', agent: 'agent01' });
const tokens = new Map<number, string>();
const refusedUnchanged = refusalChecker(() => t);

type Row = { order_id: number; order_amount_micro: number; share_ratio: number; amount_micro: number };
async function allRows(): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const p = ok<Page<Row>>(await t.call('agent/commission_inquire', { page, page_size: 100 }, tok.agent));
    rows.push(...p.content);
    if (rows.length >= p.total || p.content.length === 0) return rows;
  }
}

beforeAll(async () => {
  tokens.set(4, await t.login('customer01'));
  tokens.set(5, await t.login('customer02'));
  for (const c of CUSTOMERS) ok(await t.call('user/change_balance', { id: c, amount_micro: 900_000_000_000, remark: 'property test funds' }, tok.admin));
});

describe('share ratio: 0 to 100, at most 2 decimals (contract and server)', () => {
  it.each([
    [12.345, /2 decimals/],
    [150, /0 to 100/],
    [-1, /0 to 100/],
    [100.01, /0 to 100/],
  ])('refuses %s, changing nothing', async (ratio, message) => {
    await refusedUnchanged('user/update', { id: AGENT, share_ratio: ratio }, tok.admin, 400, message);
  });
  it('takes 12.34, 0.01, 0 and 100', async () => {
    for (const ratio of [12.34, 0.01, 0, 100]) ok(await t.call('user/update', { id: AGENT, share_ratio: ratio }, tok.admin));
  });
});

describe('commission rows and totals add up', () => {
  it('floor(amount × basis points / 10,000) per row; rows = bills = historical = Σ daily', async () => {
    const purchase = fc.record({
      // whole basis points 0 … 10,000: a ratio with at most 2 decimals
      bp: fc.integer({ min: 0, max: 10_000 }),
      price: fc.integer({ min: 1, max: 999_999_999 }),
      buyer: fc.constantFrom(...CUSTOMERS),
      chain: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(purchase, { minLength: 1, maxLength: 6 }), async (buys) => {
        for (const b of buys) {
          const ratio = b.bp / 100;
          ok(await t.call('user/update', { id: AGENT, share_ratio: ratio }, tok.admin));
          const combo = ok<{ id: number }>(await t.call('vip_combo/add', { name: `p${b.price}`, price_micro: b.price, days: 1, domain_quota: 1 }, tok.admin));
          const order = ok<Order>(await t.call('vip_combo/buy', { vip_combo_id: combo.id, pay_method: b.chain ? 2 : 1 }, tokens.get(b.buyer)!));
          if (b.chain) await control(t, 'chain/send', { amount_micro: order.pay_amount_micro });
          const row = rowOf<Row>(t.db, 'commissions', { order_id: order.id }, ['order_amount_micro', 'share_ratio', 'amount_micro']);
          const expected = Math.floor((b.price * b.bp) / 10_000);
          // exact in doubles: price × bp < 2^53
          if (expected === 0) expect(row).toBeUndefined();
          else expect(row).toEqual({ order_amount_micro: b.price, share_ratio: ratio, amount_micro: expected });
        }
        const rows = await allRows();
        for (const r of rows) expect(r.amount_micro).toBe(Math.floor((r.order_amount_micro * Math.round(r.share_ratio * 100)) / 10_000));
        const sumRows = rows.reduce((s, r) => s + r.amount_micro, 0);
        const bills = billTotalOf(t.db, AGENT, BillType.values.commission);
        expect(bills).toBe(sumRows);
        const historical = ok<{ commission_micro: number }>(await t.call('agent/historical_statistics', {}, tok.agent));
        expect(historical.commission_micro).toBe(sumRows);
        const daily = ok<{ daily: { commission_micro: number }[] }>(await t.call('agent/daily_statistics', { days: 366 }, tok.agent));
        expect(daily.daily.reduce((s, d) => s + d.commission_micro, 0)).toBe(sumRows);
        expect(ledgerProblems(t.db)).toEqual([]);
      }),
      { numRuns: 12, seed: 20261126 },
    );
  }, 240_000);
});
