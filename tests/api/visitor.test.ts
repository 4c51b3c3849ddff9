import { describe, expect, it } from 'vitest';
import {
  ACCESS_LOG_FILTER_PREDICATES,
  ACCESS_LOG_FILTERS,
  buildVisitorContext,
  type Page,
  type VisitorRow,
} from '../../contracts/index.ts';
import { USER_AGENTS } from '../../fixtures/visitors.ts';
import { ok, QR_LOGINS, QR_NOW, refusalChecker, SEEDED } from '../helpers/qr.ts';
import { manualClock } from '../helpers/clock.ts';
import { countOf, valueOf } from '../../fixtures/rows.ts';
import { dailyViews, liveVisitorRows, rawVisitorsOf, userDailyViews } from '../../fixtures/statistics.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** visitor/inquire over real HTTP and SQLite: the visitors aggregate against the raw access records. */

const clock = manualClock(QR_NOW);
const { t, tok } = useApiServer({ clock }, QR_LOGINS);
const refusedUnchanged = refusalChecker(() => t);
const userId = (account: string) => valueOf<number>(t.db, 'users', 'id', { account })!;
const list = async (token: string, body: object = {}) => ok<Page<VisitorRow>>(await t.call('visitor/inquire', { page_size: 200, ...body }, token));
const visit = (file: string, ua: string, ip: string) =>
  fetch(`${t.url}/v/${file}`, { redirect: 'manual', headers: { 'user-agent': ua, 'x-forwarded-for': ip } });
/** Raw aggregate of the live codes' access records of these owners, keyed like the list rows. */
function rawVisitors(owners: number[]): Map<string, { ip_count: number; latest_time: number }> {
  const rows = rawVisitorsOf(t.db, owners);
  const ip = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
  return new Map(rows.map((r) => [`${r.qr_code_id} ${r.host} ${ip(r.ip)}`, r]));
}
const keyOf = (r: VisitorRow) => `${r.qr_code_id} ${r.domain} ${r.ip}`;

describe('visitor/inquire', () => {
  it('a customer sees one row per code, host and IP of their live codes, agreeing with the raw access records, newest first', async () => {
    const page = await list(tok.customer01);
    const raw = rawVisitors([userId('customer01')]);
    expect(page.total).toBe(raw.size);
    expect(page.total).toBeGreaterThan(0);
    expect(page.content).toHaveLength(Math.min(200, raw.size));
    for (const r of page.content) {
      expect(r.account).toBe('customer01');
      expect(r.ip_count).toBe(raw.get(keyOf(r))!.ip_count);
    }
    const times = page.content.map((r) => r.latest_create_time);
    expect([...times].sort().reverse()).toEqual(times);
    // The second page continues the first.
    const small = await list(tok.customer01, { page_size: 5, page: 2 });
    expect(small.content.map((r) => r.id)).toEqual(page.content.slice(5, 10).map((r) => r.id));
  });

  it('an agent sees their customers’ visitors too; an administrator everyone’s or one user’s', async () => {
    const agent = await list(tok.agent);
    expect(agent.total).toBe(rawVisitors([userId('agent01'), userId('customer01'), userId('customer02')]).size);
    expect(new Set(agent.content.map((r) => r.account))).toEqual(new Set(['customer01', 'customer02']));
    const admin = await list(tok.admin);
    expect(admin.total).toBe(liveVisitorRows(t.db));
    expect(await list(tok.admin, { user_id: userId('customer02') })).toEqual(await list(tok.customer02));
    expect(await list(tok.agent, { user_id: userId('customer02') })).toEqual(await list(tok.customer02));
  });

  it('a visit adds or bumps its row in the visit transaction; clearing the log lowers nothing', async () => {
    const before = await list(tok.customer01);
    expect((await visit('demo01', USER_AGENTS.wechatIphone, '39.128.10.99')).status).toBe(200);
    const once = await list(tok.customer01);
    expect(once.total).toBe(before.total + 1);
    expect(once.content[0]).toMatchObject({ ip: '39.128.10.99', ip_count: 1, qr_code_id: SEEDED.demo01, latest_user_agent: USER_AGENTS.wechatIphone });
    clock.advance(60_000);
    expect((await visit('demo01', USER_AGENTS.chromeWindows, '39.128.10.99')).status).toBe(200);
    const twice = await list(tok.customer01);
    expect(twice.total).toBe(once.total);
    expect(twice.content[0]).toMatchObject({ ip: '39.128.10.99', ip_count: 2, latest_user_agent: USER_AGENTS.chromeWindows });
    expect(twice.content[0]!.latest_ip_belong).toMatch(/中国/);
    ok(await t.call('qr_code_access/clear_access_history', { qr_code_id: SEEDED.demo01 }, tok.customer01));
    expect(await list(tok.customer01)).toEqual(twice);
  });

  it('filters by code, IP, host, time and each §9 filter, as the access-log predicates say', async () => {
    const all = (await list(tok.admin)).content;
    const byCode = await list(tok.admin, { qr_code_id: SEEDED.c2code01 });
    expect(byCode.content.length).toBeGreaterThan(0);
    expect(byCode.content.every((r) => r.qr_code_id === SEEDED.c2code01)).toBe(true);
    const one = all[3]!;
    expect((await list(tok.admin, { ip: one.ip })).content.every((r) => r.ip === one.ip)).toBe(true);
    expect((await list(tok.admin, { domain: one.domain.toUpperCase() })).content.every((r) => r.domain === one.domain)).toBe(true);
    const since = await list(tok.admin, { start_time: one.latest_create_time });
    expect(since.content.map((r) => r.id)).toEqual(all.filter((r) => r.latest_create_time >= one.latest_create_time).map((r) => r.id));
    for (const filter of ACCESS_LOG_FILTERS) {
      const got = await list(tok.admin, { filter });
      // The page compares "same user agent" within the row's code; the other predicates look at the row alone.
      const expected = all.filter((r) =>
        ACCESS_LOG_FILTER_PREDICATES[filter](r, buildVisitorContext(all.filter((x) => x.qr_code_id === r.qr_code_id))),
      );
      expect(got.content.map((r) => r.id), filter).toEqual(expected.map((r) => r.id));
      expect(got.total, filter).toBe(expected.length);
    }
  });

  it('a code removed for good takes its visitors and its share of the owner’s daily counters with it', async () => {
    const code = SEEDED.c2code01;
    expect((await list(tok.customer02, { qr_code_id: code })).total).toBeGreaterThan(0);
    ok(await t.call('qr_code_list/remove', { ids: [code] }, tok.customer02));
    expect((await list(tok.customer02, { qr_code_id: code })).total).toBe(0);
    ok(await t.call('qr_code_list/qr_code_remove', { ids: [code] }, tok.customer02));
    expect(countOf(t.db, 'visitors', { qr_code_id: code })).toBe(0);
    expect(userDailyViews(t.db, userId('customer02'))).toBe(dailyViews(t.db, { owners: [userId('customer02')] }));
  });

  it('refuses bad input with 400 naming the field, changing nothing', async () => {
    await refusedUnchanged('visitor/inquire', { ip: '1.2.3' }, tok.customer01, 400, /^ip: /);
    await refusedUnchanged('visitor/inquire', { filter: 'martian' }, tok.customer01, 400, /^filter: /);
    await refusedUnchanged('visitor/inquire', { start_time: '2026-06-15 00:00:00', end_time: '2026-06-14 00:00:00' }, tok.customer01, 400, /^start_time: /);
    await refusedUnchanged('visitor/inquire', { start_time: '2026-06-15' }, tok.customer01, 400, /^start_time: /);
    await refusedUnchanged('visitor/inquire', { page: 0 }, tok.customer01, 400, /^page: /);
    await refusedUnchanged('visitor/inquire', { qr_code_id: 'x' }, tok.customer01, 400, /^qr_code_id: /);
  });

  it('another customer’s code or user id reads no row; no session 401; a role without the route 403', async () => {
    expect(await list(tok.customer02, { qr_code_id: SEEDED.demo01 })).toEqual({ content: [], total: 0, total_capped: false });
    expect(await list(tok.customer02, { user_id: userId('customer01') })).toEqual({ content: [], total: 0, total_capped: false });
    await refusedUnchanged('visitor/inquire', {}, undefined, 401);
    const superTok = await t.login('superadmin');
    const role = ok<{ id: number }>(await t.call('role/add', { name: 'No visitors' }, superTok));
    ok(await t.call('user/update', { id: userId('customer02'), role_id: role.id }, superTok));
    await refusedUnchanged('visitor/inquire', {}, await t.login('customer02'), 403);
  });
});
