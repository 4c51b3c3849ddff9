import { addDays } from '../mock-server/qr/time.ts';

type Answer = { status: boolean; message?: string; data?: unknown };
type Measure = (what: string, targetMs: number, run: () => Promise<Answer>, check: (r: { data?: unknown }) => string) => Promise<void>;

/**
 * Issue 10's rows of `npm run bench:access`: the statistics calls over HTTP for the big code and for the
 * customer's whole scope (every bench code), and home_admin as an administrator.
 */
export async function benchStatistics(o: {
  measure: Measure;
  call: (path: string, body: unknown, token?: string) => Promise<Answer>;
  token: string;
  adminToken: string;
  bigCodeId: number;
  codes: number;
  today: string;
}) {
  const { measure, call, token, bigCodeId, today } = o;
  const sum = (r: { data?: unknown }) => `${(r.data as { view_number: number }).view_number.toLocaleString('en')} visits`;
  const scope = `customer01's ${o.codes} codes`;
  await measure(`statistics/today, ${scope}`, 20, () => call('statistics/today', {}, token), (r) =>
    `${(r.data as { visits_today: number }).visits_today.toLocaleString('en')} visits today`,
  );
  await measure('statistics/hourly, big code, yesterday', 20, () => call('statistics/hourly', { qr_code_id: bigCodeId, day: addDays(today, -1) }, token), sum);
  await measure(`statistics/hourly, ${scope}, yesterday`, 20, () => call('statistics/hourly', { day: addDays(today, -1) }, token), sum);
  const range = { start_date: addDays(today, -89), end_date: today };
  await measure('statistics/daily, big code, 90 days', 20, () => call('statistics/daily', { ...range, qr_code_id: bigCodeId }, token), sum);
  await measure(`statistics/daily, ${scope}, 90 days`, 20, () => call('statistics/daily', range, token), sum);
  // Wave 3: the previous-period overlay and the breakdowns (migration 020's counters).
  await measure(`statistics/daily + compare, ${scope}, 90 days`, 20, () => call('statistics/daily', { ...range, compare: true }, token), sum);
  const cells = (r: { data?: unknown }) => `${(r.data as { cells: unknown[] }).cells.length} cells, ${sum(r)}`;
  await measure('statistics/breakdown, big code, 90 days', 20, () => call('statistics/breakdown', { ...range, qr_code_id: bigCodeId }, token), cells);
  await measure(`statistics/breakdown, ${scope}, 90 days`, 20, () => call('statistics/breakdown', range, token), cells);
  await measure('statistics/breakdown, whole service, 30 days', 50, () => call('statistics/breakdown', { start_date: addDays(today, -29), end_date: today }, o.adminToken), cells);
  await measure(`statistics/historical first page, ${scope}`, 20, () => call('statistics/historical', { page: 1, page_size: 20 }, token), (r) =>
    `${(r.data as { total: number }).total} codes`,
  );
  await measure('statistics/visit_summary, 90 days, administrator', 50, () => call('statistics/visit_summary', range, o.adminToken), sum);
  await measure('statistics/home_admin (30 days), administrator', 50, () => call('statistics/home_admin', {}, o.adminToken), (r) =>
    `${(r.data as { visits_range: number }).visits_range.toLocaleString('en')} visits`,
  );
}
