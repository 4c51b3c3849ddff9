import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { DailyStatistics, HomeAdminStatistics, HomeStatistics, HourlyStatistics, StatisticsBreakdown, TodayStatistics } from '../../contracts/index.ts';
import { USER_AGENTS } from '../../fixtures/visitors.ts';
import { ok, QR_LOGINS, QR_NOW, refusalChecker, TODAY } from '../helpers/qr.ts';
import { manualClock } from '../helpers/clock.ts';
import { countOf, valueOf, valuesOf } from '../../fixtures/rows.ts';
import { breakdownBackfill, dailyViews, emptyUserBreakdownCells } from '../../fixtures/statistics.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** The previous-period overlay (`compare`) and statistics/breakdown over real HTTP, the seeded counters and real visits. */

const { t, tok } = useApiServer({ clock: manualClock(QR_NOW) }, QR_LOGINS);
const refusedUnchanged = refusalChecker(() => t);
const userId = (account: string) => valueOf<number>(t.db, 'users', 'id', { account })!;
const codeId = (file: string) => valueOf<number>(t.db, 'qr_codes', 'id', { file_name: file })!;
const call = async <T>(path: string, body: object, token: string) => ok<T>(await t.call(path, body, token));
const visit = (file: string, ua: string, ip: string) =>
  fetch(`${t.url}/v/${file}`, { redirect: 'manual', headers: { 'user-agent': ua, 'x-forwarded-for': ip } });
const sum = (xs: readonly { view_number: number }[]) => xs.reduce((a, x) => a + x.view_number, 0);

describe('compare: the previous period of the same length', () => {
  it('daily: the n days just before the range, zero-filled, equal to asking for them directly', async () => {
    const body = { start_date: '2026-06-13', end_date: '2026-06-15' };
    const s = await call<DailyStatistics>('statistics/daily', { ...body, compare: true }, tok.customer01);
    expect(s.previous?.daily.map((d) => d.day)).toEqual(['2026-06-10', '2026-06-11', '2026-06-12']);
    const direct = await call<DailyStatistics>('statistics/daily', { start_date: '2026-06-10', end_date: '2026-06-12' }, tok.customer01);
    expect(s.previous?.daily).toEqual(direct.daily);
    expect(sum(s.previous!.daily)).toBeGreaterThan(0); // the seeded demo visits of the three days before the clock
    // Without the flag the answer has no previous period and the same current one.
    const plain = await call<DailyStatistics>('statistics/daily', body, tok.customer01);
    expect(plain.previous).toBeUndefined();
    expect(plain.daily).toEqual(s.daily);
  });

  it('today and hourly: the day before, 24 buckets with distinct IPs, matching the buckets’ previous_view_number', async () => {
    const today = await call<TodayStatistics>('statistics/today', { compare: true }, tok.customer01);
    expect(today.previous?.day).toBe('2026-06-14');
    expect(today.previous?.hourly).toHaveLength(24);
    expect(today.previous?.hourly.map((h) => h.view_number)).toEqual(today.hourly.map((h) => h.previous_view_number));
    const hourly = await call<HourlyStatistics>('statistics/hourly', { day: '2026-06-14', compare: true }, tok.customer01);
    expect(hourly.previous?.day).toBe('2026-06-13');
    const before = await call<HourlyStatistics>('statistics/hourly', { day: '2026-06-13' }, tok.customer01);
    expect(hourly.previous?.hourly.map((h) => h.ip_view_number)).toEqual(before.hourly.map((h) => h.ip_view_number));
  });

  it('home and home_admin: 30 (or `days`) days before the range, in the caller’s scope', async () => {
    const home = await call<HomeStatistics>('statistics/home', { compare: true }, tok.customer02);
    expect(home.previous?.daily).toHaveLength(30);
    expect(home.previous?.end_date).toBe('2026-05-16');
    const admin = await call<HomeAdminStatistics>('statistics/home_admin', { days: 7, compare: true }, tok.admin);
    expect(admin.previous?.daily.map((d) => d.day).at(-1)).toBe('2026-06-08');
    expect(admin.previous?.daily).toHaveLength(7);
  });

  it('refuses a non-boolean flag, another owner and the wrong role, changing nothing', async () => {
    await refusedUnchanged('statistics/daily', { compare: 'yes' }, tok.customer01, 400, /^compare: /);
    await refusedUnchanged('statistics/today', { compare: 1 }, tok.admin, 400, /^compare: /);
    await refusedUnchanged('statistics/daily', { compare: true, qr_code_id: codeId('demo01') }, tok.customer02, 404);
    await refusedUnchanged('statistics/home', { compare: true, user_id: userId('customer01') }, tok.customer02, 404);
    await refusedUnchanged('statistics/home_admin', { compare: true }, tok.customer01, 403);
    await refusedUnchanged('statistics/daily', { compare: true }, undefined, 401);
  });
});

describe('statistics/breakdown', () => {
  const breakdownOf = (token: string, body: object = {}) => call<StatisticsBreakdown>('statistics/breakdown', body, token);
  const RANGE = { start_date: '2026-06-12', end_date: TODAY };

  it('splits the period’s visits jointly; the cells add up to the daily counters of the scope', async () => {
    const s = await breakdownOf(tok.customer01, RANGE);
    expect(s).toMatchObject(RANGE);
    const daily = await call<DailyStatistics>('statistics/daily', RANGE, tok.customer01);
    expect(s.view_number).toBe(daily.view_number);
    expect(sum(s.cells)).toBe(s.view_number);
    expect(s.cells.some((c) => c.province === '广东' && c.carrier === 'mobile')).toBe(true);
    expect(s.cells.some((c) => c.device === 'mobile' && c.os === 'iOS')).toBe(true);
    // Default: today only.
    expect((await breakdownOf(tok.customer01)).start_date).toBe(TODAY);
    // Scopes: an agent their customers, an administrator everyone or one user, one code its own counters.
    const agent = await breakdownOf(tok.agent, RANGE);
    const c2 = await breakdownOf(tok.customer02, RANGE);
    expect(agent.view_number).toBeGreaterThanOrEqual(s.view_number + c2.view_number);
    expect(await breakdownOf(tok.admin, { ...RANGE, user_id: userId('customer01') })).toEqual(s);
    const one = await breakdownOf(tok.customer01, { ...RANGE, qr_code_id: codeId('demo01') });
    expect(one.view_number).toBe(dailyViews(t.db, { codeId: codeId('demo01'), from: RANGE.start_date, to: TODAY }));
  });

  it('counts a real visit under its agent and place; clearing the log lowers nothing', async () => {
    const demo = codeId('demo01');
    const body = { qr_code_id: demo };
    const cell = (s: StatisticsBreakdown) =>
      s.cells.find((c) => c.browser === 'Chrome' && c.os === 'Windows' && c.city === '成都' && c.carrier === 'telecom')?.view_number ?? 0;
    const before = await breakdownOf(tok.customer01, body);
    const mine = await breakdownOf(tok.customer01);
    expect((await visit('demo01', USER_AGENTS.chromeWindows, '171.208.4.99')).status).toBe(200);
    const after = await breakdownOf(tok.customer01, body);
    expect(cell(after)).toBe(cell(before) + 1);
    expect(after.cells.find((c) => c.city === '成都')?.device).toBe('pc');
    expect((await breakdownOf(tok.customer01)).view_number).toBe(mine.view_number + 1);
    ok(await t.call('qr_code_access/clear_access_history', { qr_code_id: demo }, tok.customer01));
    expect(countOf(t.db, 'access_records', { qr_code_id: demo })).toBe(0);
    expect(await breakdownOf(tok.customer01, body)).toEqual(after);
  });

  it('a code purged for good leaves its owner’s breakdown with its daily counters', async () => {
    const demo = codeId('demo04');
    const range = { start_date: '2026-06-01', end_date: TODAY };
    const before = await breakdownOf(tok.customer01, range);
    const own = (await breakdownOf(tok.customer01, { ...range, qr_code_id: demo })).view_number;
    expect(own).toBeGreaterThan(0);
    ok(await t.call('qr_code_list/remove', { ids: [demo] }, tok.customer01));
    expect((await breakdownOf(tok.customer01, range)).view_number).toBe(before.view_number); // the bin keeps counting
    ok(await t.call('qr_code_list/qr_code_remove', { ids: [demo] }, tok.customer01));
    const after = await breakdownOf(tok.customer01, range);
    expect(after.view_number).toBe(before.view_number - own);
    expect(after.view_number).toBe((await call<DailyStatistics>('statistics/daily', range, tok.customer01)).view_number);
    expect(countOf(t.db, 'qr_code_breakdown', { qr_code_id: demo })).toBe(0);
    expect(emptyUserBreakdownCells(t.db)).toBe(0);
  });

  it.each([
    [{ start_date: '2026-06-15', end_date: '2026-06-14' }, /^start_date: /],
    [{ start_date: '2025-01-01', end_date: '2026-06-15' }, /^end_date: /],
    [{ end_date: '2026-06-16' }, /^end_date: /],
    [{ start_date: '2026-06-16' }, /^start_date: /],
    [{ start_date: '2026-02-30' }, /^start_date: /],
    [{ qr_code_id: 'x' }, /^qr_code_id: /],
    [{ days: 7 }, 'days: This page sent something the server does not take; reload the page and try again'],
  ])('refuses %j with 400', async (body, message) => {
    await refusedUnchanged('statistics/breakdown', body, tok.customer01, 400, message);
  });

  it('refuses another owner’s code or user with 404, an unknown code too', async () => {
    await refusedUnchanged('statistics/breakdown', { qr_code_id: codeId('demo01') }, tok.customer02, 404);
    await refusedUnchanged('statistics/breakdown', { user_id: userId('customer01') }, tok.customer02, 404);
    await refusedUnchanged('statistics/breakdown', { user_id: userId('admin01') }, tok.agent, 404);
    await refusedUnchanged('statistics/breakdown', { qr_code_id: 999_999 }, tok.admin, 404);
  });

  it('needs a session and a role holding today_statistics (403 once the role loses it)', async () => {
    await refusedUnchanged('statistics/breakdown', {}, undefined, 401);
    const superTok = await t.login('superadmin');
    const role = valueOf<number>(t.db, 'roles', 'id', { kind: 'customer' })!;
    const held = valuesOf<number>(t.db, 'role_menus', 'menu_id', { role_id: role }, 'menu_id');
    const node = valueOf<number>(t.db, 'menus', 'id', { path: 'today_statistics', type: 1 })!;
    ok(await t.call('role/update_menus', { id: role, menu_ids: held.filter((id) => id !== node) }, superTok));
    try {
      await refusedUnchanged('statistics/breakdown', {}, tok.customer01, 403);
    } finally {
      ok(await t.call('role/update_menus', { id: role, menu_ids: held }, superTok));
    }
    ok(await t.call('statistics/breakdown', {}, tok.customer01));
  });
});

describe('migration 020 on a database that already has access records', () => {
  it('folds the records still present into the breakdown counters (places from their ranges, agents unknown)', () => {
    const db = new Database(t.db.serialize());
    try {
      breakdownBackfill.undo(db);
      // Migration 020 alone, as `migrate` runs it: the later ones are already in this copy.
      breakdownBackfill.run(db);
      const backfilled = breakdownBackfill.readout(db);
      expect(backfilled.agents).toEqual([{ agent_id: -1 }]);
      expect(backfilled.cells).toEqual(backfilled.rawCells);
      expect(backfilled.ownerVisits).toBe(backfilled.records);
      expect(countOf(db, 'visit_places', { city: '深圳' })).toBe(1);
    } finally {
      db.close();
    }
  });
});
