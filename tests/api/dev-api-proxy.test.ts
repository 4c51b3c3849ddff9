import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrameType } from '../../contracts/index.ts';
import { createMockServer, type MockServer } from '../../mock-server/app.ts';
import { TEST_SCRYPT } from '../../mock-server/services/passwords.ts';
import { hashToken } from '../../mock-server/services/sessions.ts';
import { RealtimeTestClient } from '../realtime/client.ts';
import { READY_LINE, startDevCommand, type DevCommand } from '../../harness/npm-script.ts';

/**
 * `npm run dev -- --api URL` (issue 24, part 4): Vite with HMR and no mock, proxying /api and /ws to a real
 * deployment. The "real service" is a mock in production mode on 127.0.0.1 port 0 (no control API); the dev
 * server is the real command, on port 0, in its own process group, stopped at the end (harness/npm-script.ts).
 * Readiness is its "console ready" line, never a sleep; every wait is bounded.
 */

let service: MockServer;
let serviceUrl = '';
/** What reached the real service: each HTTP request and each socket upgrade, with the headers that matter. */
const seen: { kind: 'http' | 'upgrade'; url: string; host: string; origin: string; forwardedFor: string }[] = [];
const note = (kind: 'http' | 'upgrade', req: IncomingMessage) =>
  seen.push({ kind, url: req.url ?? '', host: req.headers.host ?? '', origin: req.headers.origin ?? '', forwardedFor: String(req.headers['x-forwarded-for'] ?? '') });

let dev: DevCommand | null = null;
let devUrl = '';

beforeAll(async () => {
  service = createMockServer({ dbPath: ':memory:', mode: 'production', scrypt: TEST_SCRYPT, log: () => {} });
  // Listeners added before listen() run first: they only take note, the service answers as usual.
  service.prependListener('request', (req: IncomingMessage) => note('http', req));
  service.prependListener('upgrade', (req: IncomingMessage) => note('upgrade', req));
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as { port: number }).port}`;
  dev = startDevCommand(['--api', serviceUrl], { PORT: '0' });
  devUrl = (await dev.waitFor(READY_LINE))[2]!;
}, 150_000);

afterAll(async () => {
  await dev?.stop();
  if (service) {
    service.closeAllConnections();
    await new Promise<void>((resolve) => service.close(() => resolve()));
  }
}, 30_000);

async function post(call: string, body: unknown, token?: string) {
  const res = await fetch(`${devUrl}/api/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status: boolean; message?: string; data?: unknown } };
}

describe('npm run dev -- --api URL', () => {
  it('says where it proxies, and serves on its own port', () => {
    expect(dev!.output()).toContain(`Vite proxies /api, /ws and /uploads to ${serviceUrl} (no mock)`);
    expect(devUrl).not.toBe(serviceUrl);
  });

  it('an /api call reaches the real service, which sees its own host and the browser in X-Forwarded-For', async () => {
    const key = await post('security/public_key', {});
    expect(key.status).toBe(200);
    // The service's own RSA key (made for its database), not another server's.
    const spki = (key.body.data as { spki: string }).spki;
    const direct = (await (await fetch(`${serviceUrl}/api/security/public_key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { data: { spki: string } };
    expect(spki).toBe(direct.data.spki);

    const publicKey = createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' });
    const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('Customer123')).toString('base64');
    const login = await post('admin/login', { account: 'customer01', password });
    expect(login.status, login.body.message).toBe(200);
    const token = (login.body.data as { token: string }).token;
    expect(service.mock.services.users.bySession(hashToken(token))).toBeDefined();

    const viaProxy = seen.filter((s) => s.kind === 'http' && s.url === '/api/admin/login');
    expect(viaProxy).toHaveLength(1);
    expect(viaProxy[0].host).toBe(new URL(serviceUrl).host);
    expect(viaProxy[0].forwardedFor).toMatch(/127\.0\.0\.1/);
  });

  it('a /ws upgrade reaches the real service: the socket logs in and is answered, with the Origin rewritten', async () => {
    const password = await (async () => {
      const spki = ((await post('security/public_key', {})).body.data as { spki: string }).spki;
      const publicKey = createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' });
      return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('Customer123')).toString('base64');
    })();
    const token = ((await post('admin/login', { account: 'customer02', password })).body.data as { token: string }).token;
    const info = (await post('admin/user_info', {}, token)).body.data as { realtime_key: string };

    // A browser on the dev server sends the dev server's origin; the proxy presents the service's own.
    const socket = await RealtimeTestClient.open(devUrl, { token, realtime_key: info.realtime_key }, { origin: devUrl });
    try {
      expect(socket.ws.readyState, 'the real service refused the upgrade').toBe(socket.ws.OPEN);
      // Bounded waits for the answers (two busy cores, one proxy hop more than usual).
      await socket.sendFrame(socket.frame(FrameType.values.login));
      expect(await socket.next(10_000)).toMatchObject({ type: FrameType.values.login_ack, data: { status: true } });
      await socket.sendFrame(socket.frame(FrameType.values.ping));
      expect((await socket.next(10_000)).type).toBe(FrameType.values.heartbeat_ack);
      expect(socket.refused).toEqual([]);
      const userId = service.mock.services.users.byAccount('customer02')!.id;
      expect(service.mock.services.realtime.isOnline(userId)).toBe(true);
      const upgrades = seen.filter((s) => s.kind === 'upgrade');
      expect(upgrades).toHaveLength(1);
      expect(upgrades[0].url).toMatch(/^\/ws\?/);
      expect(upgrades[0].origin).toBe(new URL(serviceUrl).origin);
    } finally {
      socket.close();
    }
    expect((await socket.closed).code).toBe(1000);
  });
});
