import { describe, expect, it } from 'vitest';
import type { HomeAdminStatistics } from '../../contracts/index.ts';
import { USER_AGENTS } from '../../fixtures/visitors.ts';
import { QR_NOW, TODAY, ok, refusalChecker } from '../helpers/qr.ts';
import { manualClock } from '../helpers/clock.ts';
import { countOf } from '../../fixtures/rows.ts';
import { accountsOfKind, dailyViews } from '../../fixtures/statistics.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** statistics/home_admin over real HTTP and the seeded SQLite counters, plus one real visit. */

const { t, tok: tokens } = useApiServer({ clock: manualClock(QR_NOW) }, { superadmin: 'superadmin', admin01: 'admin01', agent01: 'agent01', customer01: 'customer01' });
const refusedUnchanged = refusalChecker(() => t);
const stats = async (body: object = {}) =>
  ok<HomeAdminStatistics>(await t.call('statistics/home_admin', body, tokens.admin01));

describe('statistics/home_admin', () => {
  it('counts accounts, codes and domains as the tables hold them; orders stay zero', async () => {
    const s = await stats();
    expect(s).toMatchObject({
      users: countOf(t.db, 'users'),
      customers: accountsOfKind(t.db, 'customer'),
      agents: 1,
      qr_codes: countOf(t.db, 'qr_codes', { removed: 1 }),
      domains: countOf(t.db, 'domains'),
      blocked_domains: countOf(t.db, 'domains', { shield_status: 2 }),
      orders: 0,
      revenue: 0,
    });
    expect(s.customers).toBeGreaterThan(0);
  });

  it('gives 30 zero-filled days ending today that add up to the daily counters, and the top codes', async () => {
    const s = await stats();
    expect(s.daily).toHaveLength(30);
    expect(s.daily.at(-1)?.day).toBe(TODAY);
    expect(s.daily[0]?.day).toBe('2026-05-17');
    expect(new Set(s.daily.map((d) => d.day)).size).toBe(30);
    const counted = dailyViews(t.db, { from: '2026-05-17', to: '2026-06-15' });
    expect(counted).toBeGreaterThan(0); // the seeded demo visits
    expect(s.visits_range).toBe(counted);
    expect(s.daily.reduce((a, d) => a + d.view_number, 0)).toBe(counted);
    expect(s.daily.filter((d) => d.view_number === 0).length).toBeGreaterThanOrEqual(26);
    expect(s.visits_today).toBe(s.daily.at(-1)?.view_number);
    expect(s.top_codes.length).toBeGreaterThan(0);
    expect(s.top_codes.length).toBeLessThanOrEqual(10);
    const views = s.top_codes.map((c) => c.view_number);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(s.top_codes.reduce((a, c) => a + c.view_number, 0)).toBeLessThanOrEqual(counted);
    expect((await stats({ days: 7 })).daily).toHaveLength(7);
  });

  it('counts a real visit today', async () => {
    const before = await stats();
    const res = await fetch(`${t.url}/v/demo01`, {
      redirect: 'manual',
      headers: { 'user-agent': USER_AGENTS.safariIphone, 'x-forwarded-for': '39.128.10.99' },
    });
    expect(res.status).toBe(200);
    const after = await stats();
    expect(after.visits_today).toBe(before.visits_today + 1);
    expect(after.top_codes.find((c) => c.file_name === 'demo01')?.view_number).toBe(
      (before.top_codes.find((c) => c.file_name === 'demo01')?.view_number ?? 0) + 1,
    );
  });

  it.each([
    [{ days: 6 }, /^days: /],
    [{ days: 91 }, /^days: /],
    [{ days: '30' }, /^days: /],
    [{ from: 1 }, 'from: This page sent something the server does not take; reload the page and try again'],
  ])('refuses %j with 400', async (body, message) => {
    await refusedUnchanged('statistics/home_admin', body, tokens.admin01, 400, message);
  });

  it('is for administrators only', async () => {
    ok(await t.call('statistics/home_admin', {}, tokens.superadmin));
    await refusedUnchanged('statistics/home_admin', {}, tokens.agent01, 403);
    await refusedUnchanged('statistics/home_admin', {}, tokens.customer01, 403);
    await refusedUnchanged('statistics/home_admin', {}, undefined, 401);
  });
});
