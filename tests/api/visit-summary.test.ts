import { describe, expect, it } from 'vitest';
import type { VisitSummary } from '../../contracts/index.ts';
import { USER_AGENTS } from '../../fixtures/visitors.ts';
import { ok, QR_LOGINS, QR_NOW, refusalChecker, SEEDED, TODAY } from '../helpers/qr.ts';
import { manualClock } from '../helpers/clock.ts';
import { valueOf } from '../../fixtures/rows.ts';
import { dailyViews } from '../../fixtures/statistics.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** statistics/visit_summary over real HTTP: the seeded counters, real visits, a domain change, and every refusal. */

const { t, tok } = useApiServer({ clock: manualClock(QR_NOW) }, QR_LOGINS);
const refusedUnchanged = refusalChecker(() => t);
const userId = (account: string) => valueOf<number>(t.db, 'users', 'id', { account })!;
const summary = async (body: object = {}, token = tok.admin) => ok<VisitSummary>(await t.call('statistics/visit_summary', body, token));
const visit = (file: string) =>
  fetch(`${t.url}/v/${file}`, { redirect: 'manual', headers: { 'user-agent': USER_AGENTS.chromeWindows, 'x-forwarded-for': '39.128.10.91' } });
const dailySum = (from: string, owner?: number) => dailyViews(t.db, { from, to: TODAY, owners: owner ? [owner] : undefined });

describe('statistics/visit_summary', () => {
  it('totals per domain and per code agree with the daily counters, split by domain kind; 30 days by default', async () => {
    const s = await summary();
    expect([s.start_date, s.end_date]).toEqual(['2026-05-17', TODAY]);
    expect(s.view_number).toBe(dailySum('2026-05-17'));
    expect(s.view_number).toBeGreaterThan(0);
    expect(s.entry + s.landing + s.short + s.none).toBe(s.view_number);
    expect(s.domains.reduce((a, d) => a + d.view_number, 0)).toBe(s.view_number);
    expect(s.codes.reduce((a, c) => a + c.view_number, 0)).toBe(s.view_number);
    for (const c of s.codes) expect(c.entry + c.landing + c.short + c.none).toBe(c.view_number);
    // Seeded: demo01 on an entry domain, demo02 on a landing one, demo03 on a short one.
    const byFile = (f: string) => s.codes.find((c) => c.file_name === f)!;
    expect(byFile('demo01').entry).toBe(byFile('demo01').view_number);
    expect(byFile('demo02').landing).toBe(byFile('demo02').view_number);
    expect(byFile('demo03').short).toBe(byFile('demo03').view_number);
    expect(s.domains.find((d) => d.domain === 'land1.example.com')!.display_type).toBe(2);
    expect(s.codes_total).toBe(s.codes.length);
    const views = s.domains.map((d) => d.view_number);
    expect(views).toEqual([...views].sort((a, b) => b - a));
  });

  it('narrows to one user; a week shortcut sends only the start', async () => {
    const me = userId('customer01');
    const one = await summary({ user_id: me, start_date: '2026-06-09' });
    expect(one.end_date).toBe(TODAY);
    expect(one.view_number).toBe(dailySum('2026-06-09', me));
    expect(one.codes.every((c) => c.account === 'customer01')).toBe(true);
  });

  it('keeps a visit on the domain it was counted on after the code moves to another kind of domain', async () => {
    const before = await summary({ start_date: TODAY });
    expect((await visit('demo01')).status).toBe(200);
    ok(await t.call('qr_code_list/change_domain_name', { ids: [SEEDED.demo01], domain_id: SEEDED.land1 }, tok.customer01));
    expect((await visit('demo01')).status).toBe(200);
    const after = await summary({ start_date: TODAY });
    expect(after.view_number).toBe(before.view_number + 2);
    expect(after.entry).toBe(before.entry + 1);
    expect(after.landing).toBe(before.landing + 1);
    const demo = after.codes.find((c) => c.file_name === 'demo01')!;
    const was = before.codes.find((c) => c.file_name === 'demo01');
    expect([demo.entry - (was?.entry ?? 0), demo.landing - (was?.landing ?? 0)]).toEqual([1, 1]);
    // Clearing the access log lowers none of it.
    ok(await t.call('qr_code_access/clear_access_history', { qr_code_id: SEEDED.demo01 }, tok.customer01));
    expect(await summary({ start_date: TODAY })).toEqual(after);
  });

  it('refuses bad ranges with 400 naming the field, changing nothing', async () => {
    await refusedUnchanged('statistics/visit_summary', { start_date: '2026-06-10', end_date: '2026-06-01' }, tok.admin, 400, /^start_date: /);
    await refusedUnchanged('statistics/visit_summary', { start_date: '2025-06-14', end_date: TODAY }, tok.admin, 400, /^end_date: /);
    await refusedUnchanged('statistics/visit_summary', { start_date: '2025-01-01' }, tok.admin, 400, /^end_date: /);
    await refusedUnchanged('statistics/visit_summary', { end_date: '2026-06-16' }, tok.admin, 400, /^end_date: /);
    await refusedUnchanged('statistics/visit_summary', { start_date: '2026-06-16' }, tok.admin, 400, /^start_date: /);
    await refusedUnchanged('statistics/visit_summary', { start_date: '2026-02-30' }, tok.admin, 400, /^start_date: /);
    await refusedUnchanged('statistics/visit_summary', { user_id: 'x' }, tok.admin, 400, /^user_id: /);
    await refusedUnchanged('statistics/visit_summary', { domain: 'x' }, tok.admin, 400, 'domain: This page sent something the server does not take; reload the page and try again');
  });

  it('refuses an unknown owner with 404, customers and agents with 403, no session with 401', async () => {
    await refusedUnchanged('statistics/visit_summary', { user_id: 999_999 }, tok.admin, 404);
    await refusedUnchanged('statistics/visit_summary', {}, tok.customer01, 403);
    await refusedUnchanged('statistics/visit_summary', { user_id: userId('customer02') }, tok.customer01, 403);
    await refusedUnchanged('statistics/visit_summary', {}, tok.agent, 403);
    await refusedUnchanged('statistics/visit_summary', {}, undefined, 401);
  });
});
