import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, FrameType, shieldStatusData, type ShieldCheck, type ShieldDomain, type ShieldPush } from '../../contracts/index.ts';
import { MINUTE, type ManualClock } from '../helpers/clock.ts';
import { ok, refusalChecker, SEEDED, useQrServer } from '../helpers/qr.ts';
import { connectAs } from '../realtime/client.ts';
import { countOf, rowOf, valueOf, valuesOf } from '../../fixtures/rows.ts';
import { updateDomain } from '../../fixtures/factories.ts';

/**
 * WeChat block detection end to end (issue 14): QA marks a domain blocked through the control API, a detection
 * round picks it up, the domain's QR codes move to the owner's held spare domain, the owner gets a site
 * message and a type-24 frame on a real socket, and a printed code on the blocked domain passes through the
 * spare domain to its target.
 */
const { t, tok } = useQrServer();
const rejects = refusalChecker(() => t);

const control = async (name: string, body: unknown = {}) => {
  const res = await request(t.server).post(`${CONTROL_PREFIX}/shield/${name}`).send(body as object);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Record<string, unknown>;
};
const domainRow = (id: number) => rowOf<{ shield_status: number; hold: number }>(t.db, 'domains', id, ['shield_status', 'hold'])!;
const codeDomain = (file: string) => valueOf(t.db, 'qr_codes', 'domain_id', { file_name: file });

describe('block → detector → spare → push → visit', () => {
  it('a round changes nothing before anything is marked', async () => {
    const run = await control('run', { force: true });
    expect(run.changes).toEqual([]);
    expect(run.checked).toBeGreaterThan(0);
    expect(domainRow(4).shield_status).toBe(2); // seeded blocked stays blocked
  });

  it('marks, detects, moves the codes, pushes to the owner, and the printed code still reaches its target', async () => {
    const owner = await connectAs(t, 'customer01');
    const other = await connectAs(t, 'customer02');
    const admin = await connectAs(t, 'admin01');
    const onEntry = countOf(t.db, 'qr_codes', { domain_id: 1, removed: 1 });
    expect(await control('mark', { domain: 'entry1.example.com', status: 2 })).toMatchObject({ known: true });
    // Not yet detected: the domain is checked again only when due.
    expect(domainRow(SEEDED.entry1).shield_status).toBe(1);
    const run = await control('run', { force: true });
    expect(run.changes).toEqual([
      { domain_id: 1, domain: 'entry1.example.com', status: 2, display_type: 1, spare_domain: 'reserve1.example.com', moved: onEntry, codes_left: 0, message: 'blocked by WeChat' },
    ]);
    expect(domainRow(SEEDED.entry1).shield_status).toBe(2);
    expect(domainRow(SEEDED.reserve1).hold).toBe(1); // the spare left the reserve
    expect(codeDomain('demo01')).toBe(SEEDED.reserve1);
    expect(codeDomain('trash01')).toBe(SEEDED.entry1); // a code in the recycle bin stays

    const message = await owner.next();
    expect(message.type).toBe(FrameType.values.message);
    const frame = await owner.next();
    expect(frame.type).toBe(FrameType.values.shield_status);
    expect(shieldStatusData.parse(frame.data)).toMatchObject({ domain: 'entry1.example.com', status: 2, spare_domain: 'reserve1.example.com' });
    expect((await admin.next()).type).toBe(FrameType.values.shield_status); // open monitors reload
    await new Promise((r) => setTimeout(r, 100));
    expect(other.frames).toEqual([]);
    admin.close();
    owner.close();
    other.close();

    const printed = await request(t.server).get('/v/demo01?s=1').set('Host', 'entry1.example.com');
    expect(printed.status).toBe(302);
    const location = new URL(printed.headers.location as string);
    expect(location.hostname).toBe('reserve1.example.com');
    const landed = await request(t.server).get(`${location.pathname}${location.search}`).set('Host', location.host);
    expect(landed.status).toBe(200);
    expect(landed.text).toContain('https://example.com/spring/');

    const logs = valuesOf(t.db, 'logs', 'source', { type: 6 });
    expect(logs).toEqual(['shield/move_codes', 'shield/mark_blocked', 'shield/notify']);
    const pushes = ok<{ content: ShieldPush[] }>(await t.call('shield_push/records_inquire', {}, tok.customer01));
    // customer01 has a seeded Telegram binding: the simulated bot sent the block to that chat (no network).
    expect(pushes.content[0]).toMatchObject({ domain: 'entry1.example.com', status: 2, moved: onEntry, channels: 'site_message,realtime,telegram' });
    const userId = (account: string) => valueOf<number>(t.db, 'users', 'id', { account })!;
    const sent = await request(t.server).post(`${CONTROL_PREFIX}/telegram_sent`).send({ user_id: userId('customer01') });
    const messages = (sent.body as { data: { messages: { chat_id: number; text: string }[] } }).data.messages;
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toContain('entry1.example.com');
    const others = await request(t.server).post(`${CONTROL_PREFIX}/telegram_sent`).send({ user_id: userId('customer02') });
    expect((others.body as { data: { messages: unknown[] } }).data.messages).toEqual([]);
    expect(ok<{ content: ShieldPush[] }>(await t.call('shield_push/records_inquire', {}, tok.customer02)).content).toEqual([]);
    expect(pushes.content).toHaveLength(2); // the seeded one too
  });

  it('a block with no spare of its kind says how many codes stayed and what to do: message, frame, push history', async () => {
    const owner = await connectAs(t, 'customer01');
    // land1 is a landing domain and customer01 holds no landing spare: its codes stay where they are.
    const onLand = countOf(t.db, 'qr_codes', { domain_id: SEEDED.land1, removed: 1 });
    expect(onLand).toBeGreaterThan(0);
    await control('mark', { domain: 'land1.example.com', status: 2 });
    // "Check now" on land1 alone acts as a detection round would.
    expect(ok(await t.call('shield_detection/run', { domain_id: SEEDED.land1 }, tok.customer01))).toMatchObject({ shield_status: 2, qr_code_count: onLand });
    const message = await owner.next();
    const { content } = message.data as { content: string };
    // The socket's console speaks English (the test client's language): the message is English only.
    expect(content).toContain(`${onLand} QR codes are still on it: add a landing domain`);
    expect(content).not.toMatch(/\p{Script=Han}/u);
    // A reader in Chinese gets the same message in Chinese (the inbox answers in the request's language).
    const zh = ok<{ content: { content: string }[] }>(await t.call('message/inquire', {}, tok.customer01, 'zh-CN')).content[0]!.content;
    expect(zh).toContain(`仍有 ${onLand} 个二维码在此域名上`);
    expect(zh).toContain('落地域名');
    expect(shieldStatusData.parse((await owner.next()).data)).toMatchObject({ codes_left: onLand, display_type: 2 });
    owner.close();
    const pushes = ok<{ content: ShieldPush[] }>(await t.call('shield_push/records_inquire', { domain: 'land1' }, tok.customer01));
    expect(pushes.content[0]).toMatchObject({ domain: 'land1.example.com', moved: 0, codes_left: onLand });
    // Back to normal for the cases below (a status change, told as such).
    await control('mark', { domain: 'land1.example.com', status: 1 });
    expect(ok(await t.call('shield_detection/run', { domain_id: SEEDED.land1 }, tok.customer01))).toMatchObject({ shield_status: 1 });
  });

  it('keeps the history and lists the domain as blocked, owner-scoped', async () => {
    const list = ok<{ content: ShieldDomain[] }>(await t.call('shield_detection/inquire', { shield_status: 2 }, tok.customer01));
    expect(list.content.map((d) => d.domain).sort()).toEqual(['blocked1.example.com', 'entry1.example.com']);
    const hist = ok<{ content: ShieldCheck[] }>(await t.call('shield_detection/history_inquire', { domain_id: 1 }, tok.customer01));
    expect(hist.content.map((c) => c.status)).toEqual([2, 1]);
    expect(ok<{ content: ShieldDomain[] }>(await t.call('shield_detection/inquire', {}, tok.customer02)).content.every((d) => d.user_id === 5)).toBe(true);
    expect(ok<{ total: number }>(await t.call('shield_detection/history_inquire', { domain_id: 1 }, tok.customer02)).total).toBe(0);
  });
});

describe('status 4: retried with backoff before it counts', () => {
  it('three failed retries, then "detection failed"; check now by the owner', async () => {
    await control('mark', { domain: 'land1.example.com', status: 4 });
    const clock = t.services.clock as ManualClock;
    for (let i = 1; i <= 3; i++) {
      const d = ok<ShieldDomain>(await t.call('shield_detection/run', { domain_id: SEEDED.land1 }, tok.customer01));
      expect(d).toMatchObject({ shield_status: 1, failures: i });
    }
    const next = valueOf<number>(t.db, 'shield_state', 'next_check_ms', { domain_id: 2 })!;
    expect(next - clock.now()).toBe(30_000 * 4); // 30 s · 2^(3−1)
    const d = ok<ShieldDomain>(await t.call('shield_detection/run', { domain_id: SEEDED.land1 }, tok.customer01));
    expect(d).toMatchObject({ shield_status: 4, failures: 4 });
    // Due domains only: nothing is due right after a check; after the interval it is.
    expect((await control('run')).checked).toBe(0);
    clock.advance(11 * MINUTE);
    expect((await control('run')).checked).toBeGreaterThan(0);
  });

  it('another customer\'s domain or an unknown one: 404, nothing changes', async () => {
    await rejects('shield_detection/run', { domain_id: SEEDED.land1 }, tok.customer02, 404);
    await rejects('shield_detection/run', { domain_id: 999 }, tok.customer01, 404);
  });
});

describe('settings', () => {
  it('detection config: interval minimum, key write-only, admin only', async () => {
    await rejects('shield_detection_config/update', { interval_minutes: 1 }, tok.admin, 400, /interval_minutes: the detection interval is at least 5 minutes/);
    await rejects('shield_detection_config/update', { endpoint: 'ftp://x' }, tok.admin, 400, /endpoint/);
    await rejects('shield_detection_config/update', { interval_minutes: 30 }, tok.customer01, 403);
    const c = ok<Record<string, unknown>>(await t.call('shield_detection_config/update', { interval_minutes: 30, api_key: 's3cret', check_short: 2 }, tok.admin));
    expect(c).toMatchObject({ interval_minutes: 30, api_key_set: true, check_short: 2 });
    expect(JSON.stringify(ok(await t.call('shield_detection_config/inquire', {}, tok.admin)))).not.toContain('s3cret');
    const log = valueOf<string>(t.db, 'logs', 'content', { source: 'shield_detection_config/update' });
    expect(log).not.toContain('s3cret');
  });

  it('on-block config', async () => {
    expect(ok(await t.call('shield_configuration/update', { move_codes: 2 }, tok.admin))).toEqual({ move_codes: 2, notify: 1 });
    expect(ok(await t.call('shield_configuration/inquire', {}, tok.admin))).toEqual({ move_codes: 2, notify: 1 });
    await rejects('shield_configuration/update', { move_codes: 3 }, tok.admin, 400, /move_codes/);
    ok(await t.call('shield_configuration/update', { move_codes: 1 }, tok.admin));
  });

  it('push settings: spare must be own, held and not blocked', async () => {
    await rejects('shield_push/update', { spare_domain_id: SEEDED.entry2 }, tok.customer01, 404);
    await rejects('shield_push/update', { spare_domain_id: 999 }, tok.customer01, 404);
    await rejects('shield_push/update', { spare_domain_id: SEEDED.s1 }, tok.customer01, 409, /spare_domain_id: The spare domain must be one of your held domains/);
    updateDomain(t.db, 4, { hold: 2 });
    await rejects('shield_push/update', { spare_domain_id: 4 }, tok.customer01, 409, /spare_domain_id: The spare domain is itself blocked/);
    updateDomain(t.db, SEEDED.s1, { hold: 2 });
    const p = ok(await t.call('shield_push/update', { spare_domain_id: SEEDED.s1, site_message: 2 }, tok.customer01));
    expect(p).toEqual({ spare_domain_id: SEEDED.s1, spare_domain: 's1.example.com', site_message: 2, realtime: 1, telegram: 1, telegram_bound: true });
    expect(ok(await t.call('shield_push/inquire', {}, tok.customer02))).toMatchObject({ spare_domain_id: null, site_message: 1 });
  });

  it('domain monitor compares the DNS target with get_ip', async () => {
    updateDomain(t.db, SEEDED.s1, { resolve_target: '10.9.9.9' });
    const all = ok<{ content: { id: number; dns_ok: number; reachable: number; user_id: number; resolve_target: string; expected_ip: string; expected_cname: string }[] }>(
      await t.call('domain_monitor/inquire', {}, tok.customer01),
    );
    expect(all.content.every((d) => d.user_id === 4)).toBe(true);
    // Beside a wrong target, the one it should be (get_ip's answer).
    const ip = ok<{ ip: string; cname: string }>(await t.call('qr_code_list/get_ip', {}, tok.customer01));
    expect(all.content.find((d) => d.id === SEEDED.s1)).toMatchObject({ dns_ok: 2, reachable: 2, resolve_target: '10.9.9.9', expected_ip: ip.ip, expected_cname: ip.cname });
    expect(all.content.find((d) => d.id === SEEDED.land1)).toMatchObject({ dns_ok: 1, reachable: 1 });
    expect(all.content.find((d) => d.id === SEEDED.entry1)).toMatchObject({ dns_ok: 1, reachable: 2 });
    const bad = ok<{ total: number }>(await t.call('domain_monitor/inquire', { dns_ok: 2 }, tok.customer01));
    expect(bad.total).toBe(1);
    expect(ok<{ total: number }>(await t.call('domain_monitor/inquire', {}, tok.admin)).total).toBeGreaterThan(all.content.length);
  });
});

describe('control API', () => {
  it('refuses a bad mark', async () => {
    const res = await request(t.server).post(`${CONTROL_PREFIX}/shield/mark`).send({ domain: 'x', status: 3 });
    expect(res.status).toBe(400);
    expect((await request(t.server).post(`${CONTROL_PREFIX}/shield/nothing`).send({})).status).toBe(404);
    expect((await control('state')).marks).toContainEqual({ domain: 'entry1.example.com', status: 2, message: '' });
  });
});
