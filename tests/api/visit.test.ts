import { describe, expect, it } from 'vitest';
import type { AccessRecord, DailyCounter, Page, QrCode, ShareAccessResult } from '../../contracts/index.ts';
import { USER_AGENTS } from '../../fixtures/visitors.ts';
import { manualClock } from '../helpers/clock.ts';
import { ok, QR_LOGINS, QR_NOW, TODAY } from '../helpers/qr.ts';
import { countOf, rowsOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * The visit path GET /v/{code} through real HTTP: restriction, rotation, jump page, the access record and every
 * counter that statistics and the share page read, moved in one go.
 */
const clock = manualClock(QR_NOW);
let randomValue = 0;
// Sessions outlive the day the clock is moved forward.
const { t, tok } = useApiServer({ clock, visitRandom: () => randomValue, sessionIdleMinutes: 7 * 24 * 60 }, QR_LOGINS);

const visit = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${path}`, { redirect: 'manual', headers: { 'user-agent': USER_AGENTS.safariIphone, ...headers } });
const share = (file_name: string, password: string) => t.call('qr_code_list/share_access', { file_name, password }).then((r) => ok<ShareAccessResult>(r));

async function newCode(body: object): Promise<QrCode> {
  return ok<QrCode>(await t.call('qr_code_list/add', { name: 'visit test', domain_id: 1, password: 'pw1234', ...body }, tok.customer01));
}
/** The target a visit page jumps to (script, refresh, frame or link). */
async function target(res: Response): Promise<string> {
  const html = await res.text();
  const m = html.match(/(?:replace|href = |open)\("([^"]+)"|url=([^"]+)"|<iframe src="([^"]+)"|<a href="([^"]+)"/);
  return (m?.[1] ?? m?.[2] ?? m?.[3] ?? m?.[4] ?? '').replace(/&amp;/g, '&');
}

describe('a visit', () => {
  it('answers the jump page with its own nonce CSP, records the visit and moves every counter', async () => {
    const q = await newCode({ file_name: 'visit01', children: [{ url: 'https://t.example/one' }] });
    const shareBefore = await share('visit01', 'pw1234');
    expect(shareBefore).toMatchObject({ view_number: 0, ip_view_number: 0 });

    const res = await visit('/v/visit01', { 'x-forwarded-for': '39.128.10.21', 'user-agent': USER_AGENTS.wechatXiaomi });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    expect(html).toContain(`<script nonce="${nonce}">location.replace("https://t.example/one");</script>`);
    expect(res.headers.get('cache-control')).toBe('no-store');

    const log = ok<Page<AccessRecord>>(await t.call('qr_code_access/inquire', { qr_code_id: q.id }, tok.customer01));
    expect(log.total).toBe(1);
    expect(log.content[0]).toMatchObject({
      ip: '39.128.10.21',
      domain: '127.0.0.1',
      ip_belong: '中国 广东 深圳 移动',
      carrier: 'mobile',
      source: '2211133C;Android 13;WeChat 8.0.43.2480',
      user_agent: USER_AGENTS.wechatXiaomi,
      create_time: '2026-06-15 12:00:00',
    });
    expect(await share('visit01', 'pw1234')).toMatchObject({ view_number: 1, ip_view_number: 1 });

    // The same visitor again: one more visit, no new IP; another visitor: both move.
    await visit('/v/visit01', { 'x-forwarded-for': '39.128.10.21' });
    await visit('/v/visit01', { 'x-forwarded-for': '104.16.8.9' });
    expect(await share('visit01', 'pw1234')).toMatchObject({ view_number: 3, ip_view_number: 2 });
    const daily = ok<{ content: DailyCounter[] }>(await t.call('qr_code_access/daily', { qr_code_id: q.id, start_date: TODAY, end_date: TODAY }, tok.customer01));
    expect(daily.content).toEqual([{ day: TODAY, view_number: 3, ip_view_number: 2 }]);

    // The next day the returning visitor counts as a distinct IP of that day, not of the code.
    clock.advance(86_400_000);
    await visit('/v/visit01', { 'x-forwarded-for': '39.128.10.21' });
    const next = ok<{ content: DailyCounter[] }>(await t.call('qr_code_access/daily', { qr_code_id: q.id, start_date: TODAY, end_date: '2026-06-16' }, tok.customer01));
    expect(next.content).toEqual([
      { day: TODAY, view_number: 3, ip_view_number: 2 },
      { day: '2026-06-16', view_number: 1, ip_view_number: 1 },
    ]);
    expect(await share('visit01', 'pw1234')).toMatchObject({ view_number: 4, ip_view_number: 2 });
    expect((await t.call('qr_code_list/details', { id: q.id }, tok.customer01)).body.data).toMatchObject({ record_count: 4 });
    clock.advance(-86_400_000);
  });

  it('a HEAD request is no visit', async () => {
    const before = await share('demo01', 'share01');
    expect((await fetch(`${t.url}/v/demo01`, { method: 'HEAD' })).status).toBe(200);
    expect(await share('demo01', 'share01')).toEqual(before);
  });

  it('an unknown or removed code answers 404 and records nothing', async () => {
    const before = countOf(t.db, 'access_records');
    expect((await visit('/v/nope')).status).toBe(404);
    expect((await visit('/v/trash01')).status).toBe(404);
    expect((await visit(`/v/${'x'.repeat(100)}`)).status).toBe(404);
    expect(countOf(t.db, 'access_records')).toEqual(before);
  });

  it('honours X-Forwarded-For only from loopback (the test client is loopback) and stores IPv4', async () => {
    await newCode({ file_name: 'visit02', children: [{ url: 'https://t.example/x' }] });
    await visit('/v/visit02');
    const id = (await t.call('qr_code_list/details', { file_name: 'visit02' }, tok.customer01)).body.data as QrCode;
    const log = ok<Page<AccessRecord>>(await t.call('qr_code_access/inquire', { qr_code_id: id.id }, tok.customer01));
    expect(log.content[0]).toMatchObject({ ip: '127.0.0.1', ip_belong: '中国 本机' });
  });
});

describe('rotation through real visits', () => {
  it('sequential: each child takes its threshold of visits, then the next', async () => {
    await newCode({ file_name: 'rot-seq', rotation_type: 1, children: [{ url: 'https://r.example/a', visit_threshold: 2 }, { url: 'https://r.example/b', visit_threshold: 1 }] });
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push(await target(await visit('/v/rot-seq')));
    expect(seen).toEqual(['a', 'a', 'b', 'a', 'a', 'b'].map((x) => `https://r.example/${x}`));
    const q = ok<QrCode>(await t.call('qr_code_list/details', { file_name: 'rot-seq' }, tok.customer01));
    expect(q.children.map((c) => c.view_number)).toEqual([4, 2]);
  });

  it("a code's visits per turn applies to its target URLs (edit and batch), capping a turn under way", async () => {
    const q = await newCode({ file_name: 'rot-edit', rotation_type: 1, visit_threshold: 5, children: ['a', 'b', 'c'].map((x) => ({ url: `https://r.example/${x}` })) });
    expect((await target(await visit('/v/rot-edit'))).endsWith('/a')).toBe(true);
    ok(await t.call('qr_code_list/update', { id: q.id, visit_threshold: 1 }, tok.customer01));
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push((await target(await visit('/v/rot-edit'))).slice(-1));
    expect(seen.join('')).toBe('abcabc');
    ok(await t.call('qr_code_list/batch_update', { ids: [q.id], fields: { visit_threshold: 2 } }, tok.customer01));
    const after = ok<QrCode>(await t.call('qr_code_list/details', { file_name: 'rot-edit' }, tok.customer01));
    // Every link takes 2 now; a's turn under way keeps its 1 left, the others wait with their turn used up.
    expect(after.children.map((c) => [c.visit_threshold, c.remaining, c.current])).toEqual([
      [2, 1, 2],
      [2, 0, 1],
      [2, 0, 1],
    ]);
  });

  it('random: the injected random value picks the child', async () => {
    await newCode({ file_name: 'rot-rnd', rotation_type: 2, jump_type: 2, children: [{ url: 'https://r.example/0' }, { url: 'https://r.example/1' }, { url: 'https://r.example/2' }] });
    const seen = [];
    for (const r of [0.9, 0.1, 0.5, 0.7]) {
      randomValue = r;
      seen.push(await target(await visit('/v/rot-rnd')));
    }
    expect(seen).toEqual(['2', '0', '1', '2'].map((x) => `https://r.example/${x}`));
  });

  it('round-robin: switches after every visit', async () => {
    await newCode({ file_name: 'rot-rr', rotation_type: 3, jump_type: 3, children: [{ url: 'https://r.example/p' }, { url: 'https://r.example/q' }] });
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await target(await visit('/v/rot-rr')));
    expect(seen).toEqual(['p', 'q', 'p', 'q'].map((x) => `https://r.example/${x}`));
  });
});

describe('restriction, visit method, open log, jump types, short codes', () => {
  it('WeChat only: other browsers get 403 and a refused-visit record, WeChat goes through', async () => {
    const q = await newCode({ file_name: 'wx-only', visit_restriction: 2, children: [{ url: 'https://w.example/' }] });
    const refusedRes = await visit('/v/wx-only', { 'user-agent': USER_AGENTS.chromeWindows });
    expect(refusedRes.status).toBe(403);
    expect(await refusedRes.text()).toContain('WeChat');
    expect((await visit('/v/wx-only', { 'user-agent': USER_AGENTS.wechatIphone })).status).toBe(200);
    expect(await share('wx-only', 'pw1234')).toMatchObject({ view_number: 1 });
    expect(rowsOf(t.db, 'stealing_records', { qr_code_id: q.id }, { columns: ['reason'] })).toEqual([{ reason: 1 }]);
  });

  it('scan-only: the QR image\'s scan marker is needed', async () => {
    await newCode({ file_name: 'scan-only', visit_method: 2, children: [{ url: 'https://s.example/' }] });
    expect((await visit('/v/scan-only')).status).toBe(403);
    expect((await visit('/v/scan-only?s=1')).status).toBe(200);
    expect(await share('scan-only', 'pw1234')).toMatchObject({ view_number: 1 });
  });

  it('open log closed: the visit counts but leaves no access record', async () => {
    const q = await newCode({ file_name: 'no-log', open_log: 1, children: [{ url: 'https://n.example/' }] });
    expect((await visit('/v/no-log')).status).toBe(200);
    expect(await share('no-log', 'pw1234')).toMatchObject({ view_number: 1, ip_view_number: 1 });
    expect(ok<Page<AccessRecord>>(await t.call('qr_code_access/inquire', { qr_code_id: q.id }, tok.customer01)).total).toBe(0);
  });

  it.each<[number, Record<string, string>, RegExp]>([
    [4, {}, /window\.open\("https:\/\/j\.example\/"/],
    [5, {}, /<iframe src="https:\/\/j\.example\/"/],
    [6, {}, /location\.replace\("https:\/\/j\.example\/"\)/],
    [6, { referer: 'https://elsewhere.example/' }, /^(?!.*<script).*<a href="https:\/\/j\.example\/"/s],
  ])('jump type %i %o', async (jump_type, headers, pattern) => {
    const file_name = `jump-${jump_type}-${Object.keys(headers).length}`;
    await newCode({ file_name, jump_type, children: [{ url: 'https://j.example/' }] });
    expect(await (await visit(`/v/${file_name}`, headers)).text()).toMatch(pattern);
  });

  it('a short code redirects to its QR code\'s visit page, keeping the scan marker', async () => {
    const res = await visit('/s/abc123?s=1');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/v/demo01?s=1');
    expect((await visit('/s/nope')).status).toBe(404);
  });
});
