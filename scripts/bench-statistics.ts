import type { BenchCall } from '../harness/bench.ts';
import { addDays } from '../mock-server/services/time.ts';

/** What the bench seeded, for the calls' bodies. */
export interface AccessFixture {
  today: string;
  bigCodeId: number;
  bigFileName: string;
  bigPassword: string;
  bigRecords: number;
  /** customer01's codes (the bench codes and the seed's own). */
  codes: number;
  /** customer01's user id (the bench codes' owner). */
  owner: number;
  /** 50 IPs for the public lookup: 40 that visited the big code this week. */
  ips: string[];
}

const n = (x: number) => x.toLocaleString('en');
const visits = (d: unknown) => `${n((d as { view_number: number }).view_number)} visits`;
const total = (d: unknown) => `${(d as { content: unknown[] }).content.length} rows of ${n((d as { total: number }).total)}`;
const big = (f: AccessFixture) => `big code (${n(f.bigRecords)} records)`;
const mine = (f: AccessFixture) => `customer01's ${f.codes} codes`;
const cells = (d: unknown) => `${(d as { cells: unknown[] }).cells.length} cells, ${visits(d)}`;
const days90 = (f: AccessFixture) => ({ start_date: addDays(f.today, -89), end_date: f.today });

/**
 * Issue 10's rows of `npm run bench:access`: each statistics call for one code and for the customer's whole
 * scope, visitor/inquire's first page per role, home_admin. One entry per row; add a row here.
 */
export const STATISTICS_CALLS: readonly BenchCall<AccessFixture>[] = [
  { call: 'statistics/today', scope: big, as: 'customer01', body: (f) => ({ qr_code_id: f.bigCodeId }), target: 20, detail: (d) => `${n((d as { visits_today: number }).visits_today)} visits today` },
  { call: 'statistics/today', scope: mine, as: 'customer01', body: () => ({}), target: 20, detail: (d) => `${n((d as { visits_today: number }).visits_today)} visits today` },
  { call: 'statistics/daily', scope: (f) => `${big(f)}, 90 days`, as: 'customer01', body: (f) => ({ ...days90(f), qr_code_id: f.bigCodeId }), target: 20, detail: visits },
  { call: 'statistics/daily', scope: (f) => `${mine(f)}, 90 days`, as: 'customer01', body: days90, target: 20, detail: visits },
  { call: 'statistics/hourly', scope: (f) => `${big(f)}, yesterday`, as: 'customer01', body: (f) => ({ qr_code_id: f.bigCodeId, day: addDays(f.today, -1) }), target: 20, detail: visits },
  { call: 'statistics/hourly', scope: (f) => `${mine(f)}, yesterday`, as: 'customer01', body: (f) => ({ day: addDays(f.today, -1) }), target: 20, detail: visits },
  { call: 'statistics/historical', scope: big, as: 'customer01', body: (f) => ({ file_name: f.bigFileName, page: 1, page_size: 20 }), target: 20, detail: total },
  { call: 'statistics/historical', scope: (f) => `${mine(f)}, first page`, as: 'customer01', body: () => ({ page: 1, page_size: 20 }), target: 20, detail: total },
  { call: 'visitor/inquire', scope: big, as: 'customer01', body: (f) => ({ qr_code_id: f.bigCodeId, page: 1, page_size: 20 }), target: 20, detail: total },
  { call: 'visitor/inquire', scope: (f) => `${mine(f)}, first page`, as: 'customer01', body: () => ({ page: 1, page_size: 20 }), target: 20, detail: total },
  { call: 'visitor/inquire', scope: 'agent01 (own + customers), first page', as: 'agent01', body: () => ({ page: 1, page_size: 20 }), target: 20, detail: total },
  { call: 'visitor/inquire', scope: 'administrator, every code, first page', as: 'admin01', body: () => ({ page: 1, page_size: 20 }), target: 20, detail: total },
  { call: 'visitor/inquire', scope: 'administrator, WeChat filter, first page', as: 'admin01', body: () => ({ filter: 'wechat', page: 1, page_size: 20 }), target: 20, detail: total },
  { call: 'statistics/home_admin', scope: 'administrator, 30 days', as: 'admin01', body: () => ({}), target: 50, detail: (d) => `${n((d as { visits_range: number }).visits_range)} visits` },
  // Wave 3: the previous-period overlay, the breakdowns (migration 020) and visit_summary (migration 018).
  { call: 'statistics/daily', scope: (f) => `${mine(f)}, 90 days + compare`, as: 'customer01', body: (f) => ({ ...days90(f), compare: true }), target: 20, detail: visits },
  { call: 'statistics/breakdown', scope: (f) => `${big(f)}, 90 days`, as: 'customer01', body: (f) => ({ ...days90(f), qr_code_id: f.bigCodeId }), target: 20, detail: cells },
  // Issue 25: the owner breakdown < 10 ms, visit_summary < 20 ms (monthly counters, migration 036).
  { call: 'statistics/breakdown', scope: (f) => `${mine(f)}, 90 days`, as: 'customer01', body: days90, target: 10, detail: cells },
  { call: 'statistics/breakdown', scope: 'administrator, whole service, 30 days', as: 'admin01', body: (f) => ({ start_date: addDays(f.today, -29), end_date: f.today }), target: 50, detail: cells },
  { call: 'statistics/visit_summary', scope: 'administrator, 90 days', as: 'admin01', body: days90, target: 20, detail: visits },
  { call: 'statistics/visit_summary', scope: (f) => `administrator, ${mine(f)}, 90 days`, as: 'admin01', body: (f) => ({ ...days90(f), user_id: f.owner }), target: 10, detail: visits },
];
