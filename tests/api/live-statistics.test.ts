import { describe, expect, it } from 'vitest';
import { FrameType, liveStatisticsData, type LiveSnapshot, type MenuNode, type Page, type Role } from '../../contracts/index.ts';
import { USER_AGENTS } from '../../fixtures/visitors.ts';
import { userIdOf } from '../../fixtures/factories.ts';
import { ok, QR_LOGINS, QR_NOW, refusalChecker, SEEDED } from '../helpers/qr.ts';
import { manualClock } from '../helpers/clock.ts';
import { connectAs } from '../realtime/client.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** statistics/real_time (snapshot + subscription) and frame 21 over real HTTP and a real socket. */

const clock = manualClock(QR_NOW);
// The test flushes the feed itself: a real 1 s timer could split its visits across frames on a busy machine.
const { t, tok } = useApiServer({ clock, liveFlushMs: null }, QR_LOGINS);
const refusedUnchanged = refusalChecker(() => t);
const userId = (account: string) => userIdOf(t.db, account);
const snapshot = async (token: string, body: object = {}) => ok<LiveSnapshot>(await t.call('statistics/real_time', body, token));
const visit = (file: string, ip = '39.128.10.77') =>
  fetch(`${t.url}/v/${file}`, { redirect: 'manual', headers: { 'user-agent': USER_AGENTS.chromeWindows, 'x-forwarded-for': ip } });
const second = Math.floor(QR_NOW / 1000);

describe('statistics/real_time', () => {
  it('answers the last hour per second and the latest visits of the caller’s codes, on the server clock', async () => {
    const empty = await snapshot(tok.customer01);
    expect(empty).toMatchObject({ now_ms: QR_NOW, window_seconds: 3600, utc_offset_minutes: -new Date(QR_NOW).getTimezoneOffset() || 0, seconds: [], visits: [] });
    expect((await visit('demo01')).status).toBe(200);
    expect((await visit('c2code01')).status).toBe(200);
    const mine = await snapshot(tok.customer01);
    expect(mine.seconds).toEqual([{ second, view_number: 1 }]);
    expect(mine.visits).toHaveLength(1);
    expect(mine.visits[0]).toMatchObject({ file_name: 'demo01', qr_code_id: SEEDED.demo01, domain: 'entry1.example.com', ip: '39.128.10.77', device: 'pc', second });
    expect(mine.visits[0]!.location).not.toBe('');
    const all = await snapshot(tok.admin);
    expect(all.seconds).toEqual([{ second, view_number: 2 }]);
    expect((await snapshot(tok.admin, { user_id: userId('customer02') })).visits.map((v) => v.file_name)).toEqual(['c2code01']);
    expect((await snapshot(tok.agent)).seconds).toEqual([{ second, view_number: 2 }]);
  });

  it('pushes one frame per second to the subscribed session only, however many visits; none after unsubscribing', async () => {
    const watcher = await connectAs(t, 'customer01');
    const other = await connectAs(t, 'customer02');
    const quiet = await connectAs(t, 'customer01'); // same account, another session that did not subscribe
    t.services.live.flush(); // what the first test left pending goes to its own watchers
    const before = await snapshot(watcher.token);
    ok(await t.call('statistics/real_time', {}, other.token));
    clock.advance(1000);
    for (let i = 0; i < 5; i++) expect((await visit('demo01', `39.128.10.${100 + i}`)).status).toBe(200);
    t.services.live.flush();
    const frame = await watcher.next();
    expect(frame.type).toBe(FrameType.values.statistics_live);
    const data = liveStatisticsData.parse(frame.data);
    expect(data.seconds).toEqual([{ second: second + 1, view_number: 5 }]);
    expect(data.visits.map((v) => v.ip)).toEqual(['39.128.10.100', '39.128.10.101', '39.128.10.102', '39.128.10.103', '39.128.10.104']);
    expect(data.visits[0]!.id).toBeGreaterThan(Math.max(0, ...before.visits.map((v) => v.id)));
    // The other customer saw nothing of it; the unsubscribed session gets nothing.
    t.services.live.flush();
    await new Promise((r) => setTimeout(r, 100));
    expect(other.frames.filter((f) => f.type === 21)).toEqual([]);
    expect(quiet.frames.filter((f) => f.type === 21)).toEqual([]);
    expect(watcher.frames.filter((f) => f.type === 21)).toEqual([]); // (the one taken by next() is not kept)

    expect(ok(await t.call('statistics/real_time_unsubscribe', {}, watcher.token))).toEqual({ unsubscribed: true });
    expect((await visit('demo01')).status).toBe(200);
    t.services.live.flush();
    await new Promise((r) => setTimeout(r, 100));
    expect(watcher.frames.filter((f) => f.type === 21)).toEqual([]);
    // The snapshot after it holds every visit once: a console merging by second counts nothing twice.
    expect((await snapshot(watcher.token)).seconds).toEqual([{ second, view_number: 1 }, { second: second + 1, view_number: 6 }]);
    for (const c of [watcher, other, quiet]) c.close();
    await Promise.all([watcher, other, quiet].map((c) => c.closed)); // online status settles before the refusal checks
    await new Promise((r) => setTimeout(r, 50));
  });

  it('refuses another user’s scope with 404, bad input with 400, the wrong role with 403, no session with 401', async () => {
    await refusedUnchanged('statistics/real_time', { user_id: userId('customer01') }, tok.customer02, 404);
    await refusedUnchanged('statistics/real_time', { user_id: userId('admin01') }, tok.agent, 404);
    await refusedUnchanged('statistics/real_time', { user_id: 999_999 }, tok.admin, 404);
    await refusedUnchanged('statistics/real_time', { user_id: 'x' }, tok.admin, 400, /^user_id: /);
    await refusedUnchanged('statistics/real_time', { second: 1 }, tok.admin, 400, 'second: This page sent something the server does not take; reload the page and try again');
    await refusedUnchanged('statistics/real_time_unsubscribe', { all: true }, tok.admin, 400, 'all: This page sent something the server does not take; reload the page and try again');
    await refusedUnchanged('statistics/real_time', {}, undefined, 401);
    await refusedUnchanged('statistics/real_time_unsubscribe', {}, undefined, 401);
  });

  it('refuses a role whose tree lacks the route with 403 (the agent role, once the node is taken out)', async () => {
    const boss = await t.login('superadmin');
    const nodes = ok<MenuNode[]>(await t.call('menu/inquire', {}, boss));
    const node = nodes.find((n) => n.path.endsWith('access_real_time_statistics'))!;
    const agentRole = ok<Page<Role>>(await t.call('role/inquire', {}, boss)).content.find((r) => r.kind === 'agent')!;
    const without = agentRole.menu_ids.filter((id) => id !== node.id && nodes.find((n) => n.id === id)?.parent_id !== node.id);
    ok(await t.call('role/update_menus', { id: agentRole.id, menu_ids: without }, boss));
    await refusedUnchanged('statistics/real_time', {}, tok.agent, 403);
    await refusedUnchanged('statistics/real_time_unsubscribe', {}, tok.agent, 403);
    expect((await t.call('statistics/real_time', {}, tok.customer01)).status).toBe(200);
  });
});
