import { describe, expect, it } from 'vitest';
import type { DailyStatistics, HourlyStatistics, TodayStatistics } from '../../contracts/index.ts';
import { USER_AGENTS } from '../../fixtures/visitors.ts';
import { ok, QR_LOGINS, QR_NOW, refusalChecker, TODAY } from '../helpers/qr.ts';
import { manualClock } from '../helpers/clock.ts';
import { countOf, valueOf } from '../../fixtures/rows.ts';
import { dailyViews, liveCodeViews } from '../../fixtures/statistics.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** statistics/today and statistics/hourly over real HTTP, the seeded counters and real visits. */

const clock = manualClock(QR_NOW);
const { t, tok } = useApiServer({ clock }, QR_LOGINS);
const refusedUnchanged = refusalChecker(() => t);
const userId = (account: string) => valueOf<number>(t.db, 'users', 'id', { account })!;
const codeId = (file: string) => valueOf<number>(t.db, 'qr_codes', 'id', { file_name: file })!;
const todayOf = async (token: string, body: object = {}) => ok<TodayStatistics>(await t.call('statistics/today', body, token));
/** Visits today in the daily counters of the codes of these owners (all codes when none given). */
const dailyToday = (owners?: number[]) => dailyViews(t.db, { day: TODAY, owners });
const visit = (file: string, ua: string, ip: string) =>
  fetch(`${t.url}/v/${file}`, { redirect: 'manual', headers: { 'user-agent': ua, 'x-forwarded-for': ip } });

describe('statistics/today', () => {
  it('a customer sees their own codes: 24 zero-filled hours adding up to the daily counters', async () => {
    const s = await todayOf(tok.customer01);
    expect(s.day).toBe(TODAY);
    expect(s.hour).toBe(12);
    expect(s.hourly.map((h) => h.hour)).toEqual([...Array(24).keys()]);
    expect(s.visits_today).toBe(dailyToday([userId('customer01')]));
    expect(s.visits_today).toBeGreaterThan(0);
    expect(s.hourly.reduce((a, h) => a + h.view_number, 0)).toBe(s.visits_today);
    expect(s.hourly.slice(13).every((h) => h.view_number === 0)).toBe(true);
    expect(s.ips_today).toBe(
      dailyViews(t.db, { day: TODAY, owners: [userId('customer01')] }, 'ip_view_number'),
    );
    expect(s.devices.reduce((a, d) => a + d.view_number, 0)).toBe(s.visits_today);
    expect(s.top_codes.every((c) => c.account === 'customer01')).toBe(true);
    const yesterdayToNoon = s.hourly.slice(0, 13).reduce((a, h) => a + h.previous_view_number, 0);
    expect(s.visits_yesterday).toBe(yesterdayToNoon);
  });

  it('an agent sees their customers’ totals; an administrator the whole service or one user', async () => {
    const agent = await todayOf(tok.agent);
    expect(agent.visits_today).toBe(dailyToday([userId('agent01'), userId('customer01'), userId('customer02')]));
    const admin = await todayOf(tok.admin);
    expect(admin.visits_today).toBe(dailyToday());
    const one = await todayOf(tok.admin, { user_id: userId('customer01') });
    expect(one).toEqual(await todayOf(tok.customer01));
    expect(await todayOf(tok.agent, { user_id: userId('customer02') })).toEqual(await todayOf(tok.customer02));
  });

  it('counts a real visit in its hour, its device and its domain; clearing the log lowers nothing', async () => {
    const before = await todayOf(tok.customer01);
    expect((await visit('demo01', USER_AGENTS.chromeWindows, '39.128.10.77')).status).toBe(200);
    const after = await todayOf(tok.customer01);
    expect(after.visits_today).toBe(before.visits_today + 1);
    expect(after.hourly[12]!.view_number).toBe(before.hourly[12]!.view_number + 1);
    const pc = (s: TodayStatistics) => s.devices.find((d) => d.device === 'pc')!.view_number;
    expect(pc(after)).toBe(pc(before) + 1);
    expect(after.top_domains.reduce((a, d) => a + d.view_number, 0)).toBe(before.top_domains.reduce((a, d) => a + d.view_number, 0) + 1);
    const demo = codeId('demo01');
    ok(await t.call('qr_code_access/clear_access_history', { qr_code_id: demo }, tok.customer01));
    expect(countOf(t.db, 'access_records', { qr_code_id: demo })).toBe(0);
    expect(await todayOf(tok.customer01)).toEqual(after);
  });

  it('refuses another user’s scope with 404 and bad input with 400, changing nothing', async () => {
    await refusedUnchanged('statistics/today', { user_id: userId('customer01') }, tok.customer02, 404);
    await refusedUnchanged('statistics/today', { user_id: userId('admin01') }, tok.agent, 404);
    await refusedUnchanged('statistics/today', { user_id: 999_999 }, tok.admin, 404);
    await refusedUnchanged('statistics/today', { user_id: 'x' }, tok.admin, 400, /^user_id: /);
    await refusedUnchanged('statistics/today', { day: TODAY }, tok.admin, 400, 'day: This page sent something the server does not take; reload the page and try again');
    await refusedUnchanged('statistics/today', {}, undefined, 401);
  });

  it('narrows to one code of the scope; another customer’s code is 404', async () => {
    const demo = codeId('demo01');
    const one = await todayOf(tok.customer01, { qr_code_id: demo });
    expect(one.visits_today).toBe(dailyViews(t.db, { codeId: demo, day: TODAY }));
    expect(one.top_codes.every((c) => c.id === demo)).toBe(true);
    expect(await todayOf(tok.admin, { qr_code_id: demo })).toEqual(one);
    await refusedUnchanged('statistics/today', { qr_code_id: demo }, tok.customer02, 404);
  });
});

describe('statistics/hourly', () => {
  const hourlyOf = async (token: string, body: object) => ok<HourlyStatistics>(await t.call('statistics/hourly', body, token));

  it('gives a past day and one code, with the day before beside it', async () => {
    const demo = codeId('demo01');
    const day = '2026-06-14';
    const s = await hourlyOf(tok.customer01, { day, qr_code_id: demo });
    expect(s.day).toBe(day);
    expect(s.view_number).toBe(dailyViews(t.db, { codeId: demo, day }));
    expect(s.hourly.reduce((a, h) => a + h.view_number, 0)).toBe(s.view_number);
    const prev = dailyViews(t.db, { codeId: demo, day: '2026-06-13' });
    expect(s.hourly.reduce((a, h) => a + h.previous_view_number, 0)).toBe(prev);
    expect((await hourlyOf(tok.customer01, {})).day).toBe(TODAY);
  });

  it('refuses a future day, a bad date, another customer’s code and an unknown code', async () => {
    const demo = codeId('demo01');
    await refusedUnchanged('statistics/hourly', { day: '2026-06-16' }, tok.customer01, 400, /^day: /);
    await refusedUnchanged('statistics/hourly', { day: '2026-02-30' }, tok.customer01, 400, /^day: /);
    await refusedUnchanged('statistics/hourly', { qr_code_id: demo }, tok.customer02, 404);
    await refusedUnchanged('statistics/hourly', { qr_code_id: 999_999 }, tok.admin, 404);
    await refusedUnchanged('statistics/hourly', {}, undefined, 401);
  });
});

describe('statistics/daily', () => {
  const dailyOf = async (token: string, body: object) => ok<DailyStatistics>(await t.call('statistics/daily', body, token));

  it('gives every day of the range zero-filled, agreeing with the daily counters; 30 days ending today by default', async () => {
    const s = await dailyOf(tok.customer01, {});
    expect(s.daily).toHaveLength(30);
    expect(s.end_date).toBe(TODAY);
    expect(s.start_date).toBe('2026-05-17');
    const mine = dailyViews(t.db, { from: '2026-05-17', to: TODAY, owners: [userId('customer01')] });
    expect(s.view_number).toBe(mine);
    expect(s.daily.reduce((a, d) => a + d.view_number, 0)).toBe(mine);
    const year = await dailyOf(tok.admin, { start_date: '2025-06-16', end_date: TODAY });
    expect(year.daily).toHaveLength(365);
    expect(year.view_number).toBe(dailyToday() + dailyViews(t.db, { before: TODAY }));
    const demo = codeId('demo01');
    const one = await dailyOf(tok.customer01, { qr_code_id: demo, start_date: '2026-06-13', end_date: TODAY });
    expect(one.view_number).toBe(dailyViews(t.db, { codeId: demo, from: '2026-06-13' }));
  });

  it('refuses start after end, over 366 days, a future day, another customer’s code and an unknown code', async () => {
    const demo = codeId('demo01');
    await refusedUnchanged('statistics/daily', { start_date: '2026-06-10', end_date: '2026-06-01' }, tok.customer01, 400, /^start_date: /);
    await refusedUnchanged('statistics/daily', { start_date: '2025-06-14', end_date: TODAY }, tok.customer01, 400, /^end_date: /);
    await refusedUnchanged('statistics/daily', { end_date: '2026-06-16' }, tok.customer01, 400, /^end_date: /);
    await refusedUnchanged('statistics/daily', { start_date: '2026-06-16' }, tok.customer01, 400, /^start_date: /);
    await refusedUnchanged('statistics/daily', { start_date: '2025-01-01' }, tok.customer01, 400, /^end_date: /);
    await refusedUnchanged('statistics/daily', { qr_code_id: demo }, tok.customer02, 404);
    await refusedUnchanged('statistics/daily', { qr_code_id: 999_999 }, tok.admin, 404);
    await refusedUnchanged('statistics/daily', { user_id: userId('customer01') }, tok.customer02, 404);
    await refusedUnchanged('statistics/daily', {}, undefined, 401);
  });
});

describe('statistics/historical and statistics/pc_historical', () => {
  type Totals = { content: { id: number; account: string; view_number: number; pc_view_number: number }[]; total: number };
  const list = async (path: string, token: string, body: object = {}) => ok<Totals>(await t.call(path, body, token));

  it('lists a customer’s own codes with their counters, larger first; administrators see all and may pick one owner', async () => {
    const mine = await list('statistics/historical', tok.customer01);
    expect(mine.total).toBe(countOf(t.db, 'qr_codes', { user_id: userId('customer01'), removed: 1 }));
    expect(mine.content.every((r) => r.account === 'customer01')).toBe(true);
    const views = mine.content.map((r) => r.view_number);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    for (const r of mine.content) expect(r.view_number).toBe(valueOf(t.db, 'qr_codes', 'view_number', r.id));
    // pc_historical_statistics is an administrators' route (contracts/routes.ts).
    const pc = await list('statistics/pc_historical', tok.admin, { user_id: userId('customer01') });
    const pcs = pc.content.map((r) => r.pc_view_number);
    expect(pcs).toEqual([...pcs].sort((a, b) => b - a));
    expect(pcs.some((v) => v > 0)).toBe(true); // the Windows visit above, at least
    const all = await list('statistics/historical', tok.admin, { page_size: 100 });
    expect(all.total).toBe(countOf(t.db, 'qr_codes', { removed: 1 }));
    const one = await list('statistics/historical', tok.admin, { user_id: userId('customer02') });
    expect(one.content.every((r) => r.account === 'customer02')).toBe(true);
    // A customer's user_id filter does not widen their scope.
    const other = await list('statistics/historical', tok.customer02, { user_id: userId('customer01') });
    expect(other.content.every((r) => r.account === 'customer02')).toBe(true);
  });

  it('refuses an unknown sort and bad paging with 400', async () => {
    await refusedUnchanged('statistics/historical', { sort: 'password' }, tok.customer01, 400, /^sort: /);
    await refusedUnchanged('statistics/pc_historical', { page: 0 }, tok.admin, 400, /^page: /);
    await refusedUnchanged('statistics/pc_historical', {}, tok.customer01, 403);
    await refusedUnchanged('statistics/historical', {}, undefined, 401);
  });
});

describe('statistics/home', () => {
  type Home = { qr_codes: number; domains: number; visits_today: number; visits_range: number; visits_total: number; daily: unknown[] };
  it('counts the caller’s live codes, domains and visits; refuses another customer', async () => {
    const me = userId('customer01');
    const h = ok<Home>(await t.call('statistics/home', {}, tok.customer01));
    expect(h.qr_codes).toBe(countOf(t.db, 'qr_codes', { user_id: me, removed: 1 }));
    expect(h.domains).toBe(countOf(t.db, 'domains', { user_id: me }));
    expect(h.visits_total).toBe(liveCodeViews(t.db, me));
    expect(h.visits_today).toBe(dailyToday([me]));
    expect(h.daily).toHaveLength(30);
    expect(ok<Home>(await t.call('statistics/home', { user_id: me }, tok.agent))).toEqual(h);
    await refusedUnchanged('statistics/home', { user_id: me }, tok.customer02, 404);
    await refusedUnchanged('statistics/home', { days: 3 }, tok.customer01, 400, 'days: This page sent something the server does not take; reload the page and try again');
  });
});
