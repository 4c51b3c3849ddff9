import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_ORDERS_PER_SOURCE, OPEN_ORDERS_PER_USER, UNPAID_ORDERS_PER_SOURCE, type Order, type Session } from '../../contracts/index.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { countOf, valuesOf } from '../../fixtures/rows.ts';
import { sourceRangeOf } from '../../mock-server/security/ip-address.ts';
import { formatDateTime } from '../../mock-server/services/clock.ts';
import { parseDateTime } from '../../mock-server/money/arithmetic.ts';
import { snapshot } from '../helpers/db-snapshot.ts';
import { manualClock, MINUTE } from '../helpers/clock.ts';
import { failureBody } from '../helpers/qr.ts';

/**
 * Abuse from one network (docs/decisions/2026-11-29-abuse-left.md), through real HTTP: registrations are
 * limited per source range (IPv4 /24, IPv6 /64: 10 at once, then one per 6 minutes, backing off), and every
 * registration answered about an account (made, name taken, invitation code unknown) counts, so the form
 * lists accounts no faster than it makes them; unpaid chain orders of one price are capped per source range
 * across accounts (10 open, 50 still reserved), so throw-away accounts no longer multiply the per-account caps
 * (30 accounts and 150 open orders from one address in 55 s). Refusals are 429 saying when to try again,
 * in both languages, and change nothing. The test server trusts X-Forwarded-For from loopback: each case
 * names its own network.
 */
const clock = manualClock(new Date(2026, 10, 29, 10, 0, 0).getTime());
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ clock });
});
afterAll(() => t.close());

interface Reply {
  status: number;
  body: { status: boolean; message?: string; key?: string; params?: Record<string, string | number>; field?: string; data?: unknown };
}
async function call(ip: string, path: string, body: object, { token, lang = 'en' }: { token?: string; lang?: string } = {}): Promise<Reply> {
  const req = request(t.server).post(`/api/${path}`).set('X-Forwarded-For', ip).set('Accept-Language', lang);
  if (token) req.set('token', token);
  const res = await req.send(body);
  return { status: res.status, body: res.body as Reply['body'] };
}

let n = 0;
const fresh = () => `abuse${++n}x${Date.now() % 10_000}`;
const register = (ip: string, account = fresh(), extra: object = {}, lang = 'en') =>
  call(ip, 'admin/register', { account, password: t.encrypt('Passw0rd9'), ...extra }, { lang });
const users = () => countOf(t.db, 'users');

describe('registrations per source range', () => {
  it('takes 10 from one network at once, then refuses with 429 saying when, in both languages, creating nothing', async () => {
    // Any host of the /24, with or without a port: one network.
    for (let i = 1; i <= 10; i++) {
      const res = await register(`203.0.113.${i}${i % 2 ? ':443' : ''}`);
      expect(res.status, res.body.message).toBe(200);
    }
    const before = snapshot(t.db);
    const en = await register('203.0.113.200');
    expect(en).toEqual({ status: 429, body: failureBody('Too many registrations from your network; try again in 6 minutes') });
    expect(en.body).toMatchObject({ key: 'errors.too_many_registrations', params: { minutes: 6 } });
    const zh = await register('203.0.113.201', fresh(), {}, 'zh-CN');
    expect(zh).toEqual({ status: 429, body: failureBody('来自您网络的注册过多，请 6 分钟后再试') });
    expect(snapshot(t.db)).toEqual(before);
  });

  it('another network registers meanwhile', async () => {
    expect((await register('198.51.100.7')).status).toBe(200);
  });

  it('one more after 6 minutes; the wait doubles while the network keeps at it', async () => {
    clock.advance(6 * MINUTE);
    expect((await register('203.0.113.9')).status).toBe(200);
    const again = await register('203.0.113.9');
    expect(again.status).toBe(429);
    expect(again.body.params).toEqual({ minutes: 12 });
    // An hour without registrations and the network has its 10 again.
    clock.advance(72 * MINUTE);
    for (let i = 0; i < 10; i++) expect((await register('203.0.113.9')).status).toBe(200);
    expect((await register('203.0.113.9')).status).toBe(429);
  });

  it('a taken name and an unknown invitation code count like a registration: the form cannot list accounts', async () => {
    const before = users();
    for (let i = 0; i < 5; i++) expect((await register('192.0.2.1', 'customer01')).status).toBe(409);
    for (let i = 0; i < 5; i++) expect((await register('192.0.2.1', fresh(), { code: `NOPE${i}` })).status).toBe(400);
    // The 11th question from that network is not answered, whatever the name.
    const refused = await register('192.0.2.1', 'customer01');
    expect(refused.status).toBe(429);
    expect(users()).toBe(before);
  });

  it('a taken name is said once, under the account field, the same for every account', async () => {
    const taken = await register('100.64.1.1', 'customer01');
    expect(taken).toEqual({ status: 409, body: failureBody('account: This account name is already taken; choose another one') });
    // A disabled account and an administrator answer the same: existence, nothing more.
    for (const account of ['disabled01', 'superadmin']) expect((await register('100.64.1.1', account)).body).toEqual(taken.body);
    expect((await register('100.64.1.1', 'customer01', {}, 'zh-CN')).body).toEqual(failureBody('account: 该账号名已被占用，请换一个'));
  });

  it('password rules and a closed registration cost nothing', async () => {
    for (let i = 0; i < 15; i++) {
      const res = await call('100.64.2.1', 'admin/register', { account: fresh(), password: t.encrypt('letters') });
      expect(res.status).toBe(400);
    }
    const config = t.services.settings.require('subscriber_config_default');
    t.services.settings.set('subscriber_config_default', { ...config, allow_register: false });
    try {
      for (let i = 0; i < 15; i++) expect((await register('100.64.2.1')).status).toBe(403);
    } finally {
      t.services.settings.set('subscriber_config_default', config);
    }
    expect((await register('100.64.2.1')).status).toBe(200);
  });

  it('an IPv6 /64 is one network', async () => {
    for (let i = 1; i <= 10; i++) expect((await register(`2001:db8:77:1::${i.toString(16)}`)).status).toBe(200);
    expect((await register('[2001:db8:77:1::ff]:443')).status).toBe(429);
    expect((await register('2001:db8:77:2::1')).status).toBe(200);
  });
});

describe('unpaid chain orders of one price per source range, across accounts', () => {
  /** `count` fresh accounts registered from `ip`, their tokens. */
  async function accounts(ip: string, count: number): Promise<string[]> {
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await register(ip);
      expect(res.status, res.body.message).toBe(200);
      tokens.push((res.body.data as Session).token);
    }
    return tokens;
  }
  const buy = (ip: string, token: string, combo = 1, lang = 'en') => call(ip, 'vip_combo/buy', { vip_combo_id: combo, pay_method: 2 }, { token, lang });

  it(`throw-away accounts from one network hold at most ${OPEN_ORDERS_PER_SOURCE} open orders of a price`, async () => {
    clock.advance(120 * MINUTE); // registration budgets full again
    const tokens = await accounts('172.16.5.1', 4);
    // The per-account cap still comes first for one account.
    for (let i = 0; i < OPEN_ORDERS_PER_USER; i++) expect((await buy('172.16.5.1', tokens[0]!)).status).toBe(200);
    expect((await buy('172.16.5.1', tokens[0]!)).status).toBe(409);
    for (let i = 0; i < OPEN_ORDERS_PER_SOURCE - OPEN_ORDERS_PER_USER; i++) expect((await buy('172.16.5.2', tokens[1]!)).status).toBe(200);
    const before = snapshot(t.db);
    // When the first of them times out (a second after its last second of life).
    const firstExpiry = valuesOf<string>(t.db, 'orders', 'expire_time', { source: sourceRangeOf('172.16.5.1'), status: 1 }, 'expire_time')[0]!;
    const fromText = formatDateTime(parseDateTime(firstExpiry) + 1000);
    const en = await buy('172.16.5.3', tokens[2]!);
    expect(en).toEqual({
      status: 429,
      body: failureBody(`Your network already has 10 unpaid orders of 10 USDT waiting for payment; pay one of them or try again after ${fromText}`),
    });
    expect(en.body).toMatchObject({ key: 'errors.source_open_orders_cap', params: { count: 10, price: '10', from: fromText } });
    const zh = await buy('172.16.5.3', tokens[3]!, 1, 'zh-CN');
    expect(zh.body).toEqual(failureBody(`您的网络已有 10 笔 10 USDT 的待支付订单；请先支付其中一笔，或在 ${fromText} 之后再试`));
    expect(snapshot(t.db)).toEqual(before);
    // Another price and another network are not held up.
    expect((await buy('172.16.5.3', tokens[2]!, 2)).status).toBe(200);
    expect((await buy('172.16.6.1', tokens[3]!)).status).toBe(200);
  });

  it(`and at most ${UNPAID_ORDERS_PER_SOURCE} unpaid ones still reserved (timed out less than 24 h ago)`, async () => {
    clock.advance(120 * MINUTE);
    const tokens = await accounts('172.16.9.1', 10);
    const timeout = t.services.settings.require('pay_config').order_timeout_minutes;
    let made = 0;
    // Rounds of 10 open orders (2 accounts × 5), each round left to time out.
    for (let round = 0; round < UNPAID_ORDERS_PER_SOURCE / OPEN_ORDERS_PER_SOURCE; round++) {
      for (const token of tokens.slice(2 * round, 2 * round + 2)) {
        for (let i = 0; i < OPEN_ORDERS_PER_USER; i++) {
          const res = await buy('172.16.9.1', token);
          expect(res.status, res.body.message).toBe(200);
          made++;
        }
      }
      clock.advance((timeout + 1) * MINUTE);
    }
    expect(made).toBe(UNPAID_ORDERS_PER_SOURCE);
    const refused = await buy('172.16.9.1', tokens[0]!);
    expect(refused.status).toBe(429);
    expect(refused.body.key).toBe('errors.source_unpaid_orders_cap');
    expect(refused.body.message).toMatch(/^Your network has 50 unpaid orders of 10 USDT from the last 24 hours; you can open a new one from \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // A day on, the first round's amounts are free again (sessions ended meanwhile: a fresh account buys).
    clock.advance(24 * 60 * MINUTE);
    const [later] = await accounts('172.16.9.1', 1);
    const again = await buy('172.16.9.1', later!);
    expect(again.status, again.body.message).toBe(200);
    expect((again.body.data as Order).status).toBe(1);
  });
});
