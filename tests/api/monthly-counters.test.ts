import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticsBreakdown, VisitSummary } from '../../contracts/index.ts';
import type { TestServer } from '../../harness/server.ts';
import { countOf, valueOf } from '../../fixtures/rows.ts';
import { dailyReference, monthlyAgreements, monthlyBackfill } from '../../fixtures/statistics.ts';
import { USER_AGENTS } from '../../fixtures/visitors.ts';
import { startBulkSeededServer, type BulkSeededServer } from '../helpers/bulk-server.ts';
import { manualClock } from '../helpers/clock.ts';
import { ok, QR_NOW, TODAY } from '../helpers/qr.ts';

/**
 * Monthly counters (migration 036) through a real SQLite file and real HTTP: 90 days of bulk-seeded visits
 * (2026-03-18 … 2026-06-15: April and May whole months), read by visit_summary and the owner breakdown, which
 * take whole months from the monthly sums; every answer must equal what the daily rows alone say. The monthly
 * tables follow a real visit and a purge (triggers), and the migration's backfill rebuilds them exactly.
 */
let bulk: BulkSeededServer;
let t: TestServer;
let admin: string;
let customer: string;
let owner: number;
const clock = manualClock(QR_NOW);
const FIRST = '2026-03-18';

beforeAll(async () => {
  bulk = await startBulkSeededServer('monthly-counters', clock, { records: 30_000, bigRecords: 6_000, codes: 8, days: 90, seed: 11 });
  t = bulk.t;
  owner = bulk.owner;
  admin = await t.login('admin01');
  customer = await t.login('customer01');
}, 120_000);
afterAll(() => bulk.close());

const key = (r: Record<string, unknown>) => JSON.stringify(r);
const sorted = (list: Record<string, unknown>[]) => list.map(key).sort();
function expectMonthlyAgree() {
  const agreements = monthlyAgreements(t.db);
  expect(agreements).toHaveLength(3);
  for (const { name, counted, raw } of agreements) expect(sorted(counted), name).toEqual(sorted(raw));
}

describe('monthly counters', () => {
  it('hold the daily counters summed per month after a bulk seed', () => {
    expectMonthlyAgree();
    expect(countOf(t.db, 'qr_code_domain_monthly', { month: '2026-04' })).toBeGreaterThan(0);
  });

  it.each([
    [FIRST, TODAY],
    ['2026-04-01', '2026-05-31'],
    ['2026-03-31', '2026-05-01'],
    ['2026-04-10', '2026-04-20'],
  ])('visit_summary and the owner breakdown over %s … %s equal the daily rows alone', async (start_date, end_date) => {
    const ref = dailyReference(t.db, start_date, end_date, owner);
    const summary = ok<VisitSummary>(await t.call('statistics/visit_summary', { start_date, end_date }, admin));
    expect(summary.domains.map(({ domain_id, view_number, ip_view_number, qr_codes }) => ({ domain_id, view_number, ip_view_number, qr_codes })).sort((a, b) => a.domain_id - b.domain_id)).toEqual(ref.domains);
    expect(summary.view_number).toBe(ref.domains.reduce((s, d) => s + (d.view_number as number), 0));
    expect(summary.codes.map(({ id, view_number }) => ({ id, view_number })).sort((a, b) => a.id - b.id)).toEqual(ref.codes);
    expect(summary.codes_total).toBe(ref.codes.length);
    const cells = ok<StatisticsBreakdown>(await t.call('statistics/breakdown', { start_date, end_date }, customer)).cells;
    expect(cells).toHaveLength(ref.ownerCells.length);
    expect(cells.map((c) => c.view_number).sort((a, b) => a - b)).toEqual(ref.ownerCells.map((c) => c.view_number as number).sort((a, b) => a - b));
  });

  it('follow a real visit and a purge in the same transaction', async () => {
    const range = { start_date: '2026-06-01', end_date: TODAY };
    const before = ok<VisitSummary>(await t.call('statistics/visit_summary', { start_date: FIRST, end_date: TODAY }, admin));
    const res = await fetch(`${t.url}/v/demo01`, { redirect: 'manual', headers: { 'user-agent': USER_AGENTS.wechatIphone, 'x-forwarded-for': '39.128.10.77' } });
    expect(res.status).toBe(200);
    expectMonthlyAgree();
    const after = ok<VisitSummary>(await t.call('statistics/visit_summary', { start_date: FIRST, end_date: TODAY }, admin));
    expect(after.view_number).toBe(before.view_number + 1);
    const bench = valueOf<number>(t.db, 'qr_codes', 'id', { name: 'Benchmark 3' })!;
    const own = ok<StatisticsBreakdown>(await t.call('statistics/breakdown', { start_date: FIRST, end_date: TODAY, qr_code_id: bench }, customer)).view_number;
    expect(own).toBeGreaterThan(0);
    const mine = ok<StatisticsBreakdown>(await t.call('statistics/breakdown', { start_date: FIRST, end_date: TODAY }, customer)).view_number;
    ok(await t.call('qr_code_list/remove', { ids: [bench] }, customer));
    ok(await t.call('qr_code_list/qr_code_remove', { ids: [bench] }, customer));
    expectMonthlyAgree();
    expect(countOf(t.db, 'qr_code_domain_monthly', { qr_code_id: bench })).toBe(0);
    expect(countOf(t.db, 'qr_code_breakdown_monthly', { qr_code_id: bench })).toBe(0);
    expect(ok<StatisticsBreakdown>(await t.call('statistics/breakdown', { start_date: FIRST, end_date: TODAY }, customer)).view_number).toBe(mine - own);
    expect(ok<StatisticsBreakdown>(await t.call('statistics/breakdown', range, customer)).view_number).toBeGreaterThan(0);
  });
});

describe('migration 036 on a database that already has counters', () => {
  it('sums the daily counters into the monthly tables', () => {
    const db = monthlyBackfill.copy(t.db, `${bulk.dir}/copy.db`);
    try {
      const kept = monthlyBackfill.monthlyRows(db);
      monthlyBackfill.undo(db);
      monthlyBackfill.run(db);
      expect(monthlyBackfill.monthlyRows(db)).toBe(kept);
      for (const { name, counted, raw } of monthlyAgreements(db)) expect(sorted(counted), name).toEqual(sorted(raw));
    } finally {
      db.close();
    }
  });
});
