import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { valueOf } from '../../fixtures/rows.ts';
import { canonicalIp } from '../../mock-server/security/client-ip.ts';
import { throttleOf } from '../../mock-server/security/throttle.ts';

/**
 * The client address is normalised once, at the edge (mock-server/security/client-ip.ts): a forwarded address
 * with a port (`203.0.113.5:443`, `[2001:db8::1]:443`) is the address itself for both IP black lists,
 * checkout_ip, the throttles and the IPs a login or registration records. Before, Express's `req.ip` kept the
 * port and no list entry matched it. The test server trusts X-Forwarded-For from loopback (one hop).
 */
let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login('superadmin');
  for (const [list, ip] of [['ip_black', '203.0.113.5'], ['ip_black', '2001:db8::1'], ['server_ip_black', '198.51.100.5'], ['server_ip_black', '2001:db8:bad::1']]) {
    const res = await t.call(`${list}/add`, { ip, confirm_self: true }, admin);
    expect(res.status, res.body.message).toBe(200);
  }
});
afterAll(() => t.close());

const visit = (ip: string) => request(t.server).get('/v/demo01').set('X-Forwarded-For', ip).set('User-Agent', 'Mozilla/5.0 (iPhone)');
const api = (ip: string, path: string, body: object = {}, token?: string) => {
  const req = request(t.server).post(`/api/${path}`).set('X-Forwarded-For', ip).set('Accept-Language', 'en');
  if (token) req.set('token', token);
  return req.send(body);
};

describe('canonicalIp', () => {
  it.each([
    ['203.0.113.5:443', '203.0.113.5'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['[2001:DB8:0::1]', '2001:db8::1'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['[::ffff:203.0.113.5]:8080', '203.0.113.5'],
    [' 2001:db8::1 ', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
  ])('%j is %s', (text, canonical) => expect(canonicalIp(text)).toBe(canonical));

  it.each(['', 'unknown', 'host.example:443', '[2001:db8::1]:x'])('%j is no address', (text) => {
    expect(canonicalIp(text)).toBeNull();
  });
});

describe('a forwarded address with a port', () => {
  it.each(['203.0.113.5:443', '[2001:db8::1]:443', '[::ffff:203.0.113.5]:80'])('%s is refused by the visitor list (ip_black)', async (ip) => {
    const res = await visit(ip);
    expect(res.status).toBe(403);
  });

  it.each(['198.51.100.5:443', '[2001:db8:bad::1]:443'])('%s is refused by the console list (server_ip_black)', async (ip) => {
    const res = await api(ip, 'website_info/inquire');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Your IP address is blocked from this console');
  });

  it('an address next to a listed one still passes', async () => {
    expect((await visit('203.0.113.6:443')).status).not.toBe(403);
    expect((await api('198.51.100.6:443', 'website_info/inquire')).status).toBe(200);
  });

  it('checkout_ip reads the caller as the address, and finds it on the list', async () => {
    const res = await api('203.0.113.5:443', 'checkout_ip/inquire', {}, admin);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ ip: '203.0.113.5', black_hits: [expect.objectContaining({ list: 'ip_black', ip: '203.0.113.5' })] });
  });

  it('a login records the address without its port', async () => {
    const res = await api('[2001:db8:1::7]:443', 'admin/login', { account: 'customer01', password: t.encrypt('Customer123') });
    expect(res.status, res.body.message).toBe(200);
    expect(valueOf(t.db, 'users', 'login_ip', { account: 'customer01' })).toBe('2001:db8:1::7');
  });

  it('failed logins with and without a port count against one source range', async () => {
    const { services } = t;
    throttleOf(services).configure({ capacity: 3 });
    try {
      for (const ip of ['192.0.2.10:1111', '192.0.2.10:2222', '192.0.2.10']) {
        const res = await api(ip, 'admin/login', { account: 'customer01', password: t.encrypt('Wrong12345') });
        expect(res.status).toBe(400);
      }
      // The bucket of 192.0.2.0/24 is empty now, whatever port the next attempt names.
      expect((await api('192.0.2.10:3333', 'admin/login', { account: 'customer02', password: t.encrypt('Wrong12345') })).status).toBe(429);
      // Before, every address with a port was one "unknown" source: a stranger with a port is not throttled by it.
      expect((await api('203.0.113.77:443', 'admin/login', { account: 'customer02', password: t.encrypt('Wrong12345') })).status).toBe(400);
    } finally {
      throttleOf(services).configure({ capacity: 20 });
    }
  });
});
