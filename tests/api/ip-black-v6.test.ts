import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { valueOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Issue 20: IP black lists take IPv6 and CIDR v6, read every spelling of an address as one, and guard every
 * entry point of the console (API, uploads, WebSocket upgrade). X-Forwarded-For counts one hop only, from a
 * loopback peer; under `npm run dev` (Vite's proxy) a client's own header is never trusted.
 */
const { t, tok } = useApiServer({}, { superadmin: 'superadmin' });

interface Reply {
  status: number;
  message: string;
  data: unknown;
}
async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(`${base}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers }, body: JSON.stringify(body) });
  const json = (await res.json().catch(() => ({}))) as { message?: string; data?: unknown };
  return { status: res.status, message: json.message ?? '', data: json.data };
}
const add = (list: string, ip: string, extra: object = {}) => post(t.url, `${list}/add`, { ip, confirm_self: true, ...extra }, { token: tok.superadmin });
const from = (ip: string) => ({ 'x-forwarded-for': ip });

/** The status line of a WebSocket upgrade to /ws from `ip` (via X-Forwarded-For). */
function upgradeStatus(ip: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(t.url);
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: '/ws?sid=00000000000000000000000000000000',
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'x-forwarded-for': ip },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}


describe('one normal form for every spelling', () => {
  it.each([
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['0x7f.1', '127.0.0.1'],
    ['017.0.0.1', '15.0.0.1'],
    ['3405803786', '203.0.113.10'],
    ['2001:DB8:0:0::1', '2001:db8::1'],
    ['[2001:db8::2]', '2001:db8::2'],
    ['2001:db8:abcd:12::1/48', '2001:db8:abcd::/48'],
    ['::ffff:198.51.100.77/120', '198.51.100.0/24'],
  ])('%s is stored as %s', async (typed, stored) => {
    const res = await add('ip_black', typed);
    expect(res.status, res.message).toBe(200);
    expect(res.data).toMatchObject({ ip: stored });
  });

  it('two spellings of one entry are one entry (409)', async () => {
    expect((await add('ip_black', '::ffff:203.0.113.9')).status).toBe(409);
    expect((await add('ip_black', '2001:db8:0::1')).status).toBe(409);
  });

  it('first and last address of an IPv6 range', async () => {
    const res = await add('ip_black', '2001:db8:ffff::/64');
    expect(res.data).toMatchObject({ ip: '2001:db8:ffff::/64', first_ip: '2001:db8:ffff::', last_ip: '2001:db8:ffff:0:ffff:ffff:ffff:ffff' });
  });

  it('loopback in any spelling never goes on the console list', async () => {
    for (const ip of ['::1', '0x7f.1', '::ffff:127.0.0.1', '2130706433', '::/0']) {
      const res = await add('server_ip_black', ip);
      expect(res.status, ip).toBe(400);
      expect(res.message).toMatch(/loopback/);
    }
  });
});

describe('the console list guards API, uploads and the WebSocket upgrade', () => {
  beforeAll(async () => {
    expect((await add('server_ip_black', '2001:db8:bad::/48')).status).toBe(200);
    expect((await add('server_ip_black', '198.51.100.0/24')).status).toBe(200);
  });

  it.each(['2001:db8:bad::7', '2001:db8:bad:1:2:3:4:5', '198.51.100.7', '::ffff:198.51.100.8'])('refuses %s everywhere', async (ip) => {
    const api = await post(t.url, 'website_info/inquire', {}, from(ip));
    expect(api.status).toBe(403);
    expect(api.message).toBe('Your IP address is blocked from this console');
    const upload = await fetch(`${t.url}/api/file/add`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', 'x-forwarded-for': ip }, body: '--x--\r\n' });
    expect(upload.status).toBe(403);
    const file = await fetch(`${t.url}/uploads/anything.png`, { headers: from(ip) });
    expect(file.status).toBe(403);
    expect(await upgradeStatus(ip)).toBe(403);
  });

  it('others pass', async () => {
    expect((await post(t.url, 'website_info/inquire', {}, from('2001:db8:bae::1'))).status).toBe(200);
    expect(await upgradeStatus('203.0.113.1')).toBe(101);
  });

  it('X-Forwarded-For counts one hop: only the last entry, appended by the proxy in front, is the client', async () => {
    expect((await post(t.url, 'website_info/inquire', {}, from('203.0.113.5, 198.51.100.7'))).status).toBe(403);
    expect((await post(t.url, 'website_info/inquire', {}, from('198.51.100.7, 203.0.113.5'))).status).toBe(200);
    expect(await upgradeStatus('198.51.100.7, 203.0.113.5')).toBe(101);
  });
});

describe('under npm run dev (Vite proxy in front of the mock)', () => {
  let vite: ViteDevServer;
  let viteUrl = '';
  beforeAll(async () => {
    process.env.MOCK_PORT = new URL(t.url).port;
    vite = await createServer({ configFile: 'vite.config.ts', logLevel: 'silent', server: { port: 0, host: '127.0.0.1', hmr: false } });
    await vite.listen();
    const address = vite.httpServer!.address() as { port: number };
    viteUrl = `http://127.0.0.1:${address.port}`;
  }, 60_000);
  afterAll(async () => {
    await vite?.close();
  });

  it('a client naming a listed (or any) address in its own X-Forwarded-For is still itself', async () => {
    // The header claims a blocked address: Vite appends the browser's real one (loopback here) and the mock takes that.
    expect((await post(viteUrl, 'website_info/inquire', {}, from('198.51.100.7'))).status).toBe(200);
    // And claiming someone else's address does not make a login come from there.
    const res = await post(viteUrl, 'admin/login', { account: 'customer01', password: t.encrypt('Customer123') }, from('203.0.113.99'));
    expect(res.status, res.message).toBe(200);
    expect(valueOf(t.db, 'users', 'login_ip', { account: 'customer01' })).toBe('127.0.0.1');
  });
});
