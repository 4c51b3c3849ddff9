import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrameType } from '../../contracts/index.ts';
import { createMockServer, type MockServer } from '../../mock-server/app.ts';
import { TEST_SCRYPT } from '../../mock-server/services/passwords.ts';
import { hashToken } from '../../mock-server/services/sessions.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { RealtimeTestClient } from '../realtime/client.ts';

/**
 * Record and replay against a real service (issue 24, part 3). The stand-in for the real service is a second
 * mock in production mode (no control API, answers not validated) whose `message/inquire` has drifted: it
 * answers `total` as a string. The mock under test proxies to it with `--proxy URL --record DIR`, then a third
 * one replays DIR offline.
 */

let standIn: MockServer;
let standInUrl = '';
let proxy: TestServer;
let dir: string;

const DRIFTED = JSON.stringify({ status: true, data: { content: [], total: '1' } });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'record-'));
  standIn = createMockServer({ dbPath: ':memory:', mode: 'production', scrypt: TEST_SCRYPT, log: () => {} });
  // The drift: this one call of the "real service" answers off its contract; every other request is the mock's.
  const app = standIn.mock.app;
  standIn.removeAllListeners('request');
  standIn.on('request', (req, res) => {
    if (req.url === '/api/message/inquire') return void res.writeHead(200, { 'content-type': 'application/json' }).end(DRIFTED);
    app(req, res);
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  standInUrl = `http://127.0.0.1:${(standIn.address() as { port: number }).port}`;
  proxy = await startTestServer({ outside: { proxy: standInUrl, record: dir } });
});
afterAll(async () => {
  await proxy.close();
  standIn.closeAllConnections();
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function post(base: string, call: string, body: unknown, token?: string) {
  const res = await fetch(`${base}/api/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status: boolean; message?: string; data?: unknown } };
}

/** Log in through `base` as the console does: the public key comes from the service behind it. */
async function login(base: string, account: string, password: string): Promise<string> {
  const key = (await post(base, 'security/public_key', {})).body.data as { spki: string };
  const publicKey = createPublicKey({ key: Buffer.from(key.spki, 'base64'), format: 'der', type: 'spki' });
  const encrypted = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
  const res = await post(base, 'admin/login', { account, password: encrypted });
  expect(res.status, res.body.message).toBe(200);
  return (res.body.data as { token: string }).token;
}

type Summary = { exchanges: number; drift_count: number; calls_with_drift: Record<string, number>; drifts: { call: string; field: string; expected: string; got: string }[] };
const summary = () => JSON.parse(fs.readFileSync(path.join(dir, 'drift.json'), 'utf8')) as Summary;

describe('--proxy URL --record DIR', () => {
  it('forwards calls to the real service, records them with secrets masked, and reports the one drifted answer', async () => {
    const token = await login(proxy.url, 'customer01', 'Customer123');
    const codes = await post(proxy.url, 'qr_code_list/inquire', { page: 1, page_size: 5 }, token);
    expect(codes.status).toBe(200);
    // The answer is the stand-in's, not the local mock's: the stand-in's session only exists there.
    expect(standIn.mock.services.users.bySession(hashToken(token))).toBeDefined();
    expect(proxy.services.users.bySession(hashToken(token))).toBeUndefined();
    expect((await post(proxy.url, 'message/inquire', { page: 1, page_size: 1 }, token)).body).toEqual(JSON.parse(DRIFTED));
    expect((await post(proxy.url, 'domain/inquire', { page: 1, page_size: 5 }, 'not-a-token')).status).toBe(401);

    const s = summary();
    console.log(`recorded ${s.exchanges} exchanges against the stand-in; drift: ${JSON.stringify(s.drifts)}`);
    expect(s.drift_count).toBe(1);
    expect(s.drifts[0]).toMatchObject({ call: 'message/inquire', field: 'data.total', expected: 'number', got: '"1"' });
    const recorded = fs.readFileSync(path.join(dir, 'calls', 'admin__login.jsonl'), 'utf8');
    expect(recorded).toContain('"password":"***"');
    expect(recorded).toContain('"token":"***"');
    expect(recorded).not.toContain(token);
  });

  it('relays the encrypted WebSocket to the real service: login acknowledged, ping answered', async () => {
    const token = await login(proxy.url, 'customer02', 'Customer123');
    const info = (await post(proxy.url, 'admin/user_info', {}, token)).body.data as { realtime_key: string };
    const socket = await RealtimeTestClient.open(proxy.url, { token, realtime_key: info.realtime_key });
    const ack = await socket.login();
    expect(ack).toMatchObject({ type: FrameType.values.login_ack, data: { status: true } });
    expect((await socket.ping()).type).toBe(FrameType.values.heartbeat_ack);
    // The session is the stand-in's: its hub holds the socket, the proxy's own hub none.
    expect(standIn.mock.services.realtime.isOnline(standIn.mock.services.users.byAccount('customer02')!.id)).toBe(true);
    expect(proxy.services.realtime.sockets()).toEqual([]);
    socket.close();
    expect((await socket.closed).code).toBe(1000);
  });
});

describe('--replay DIR', () => {
  it('answers recorded calls offline; unrecorded ones answer 501 or fall back to the mock', async () => {
    const strict = await startTestServer({ outside: { replay: dir, unrecorded: '501' } });
    const lenient = await startTestServer({ outside: { replay: dir } });
    try {
      expect((await post(strict.url, 'message/inquire', { page: 1, page_size: 1 }, '***')).body).toEqual(JSON.parse(DRIFTED));
      const codes = await post(strict.url, 'qr_code_list/inquire', { page: 1, page_size: 5 });
      expect(codes.status).toBe(200);
      expect((codes.body.data as { total: number }).total).toBeGreaterThan(0);
      expect((await post(strict.url, 'domain/inquire', { page: 1, page_size: 5 })).status).toBe(401);
      const missing = await post(strict.url, 'website_info/inquire', {});
      expect(missing.status).toBe(501);
      expect(missing.body.message).toMatch(/Not recorded: website_info\/inquire/);
      expect((await post(lenient.url, 'website_info/inquire', {})).status).toBe(200);
    } finally {
      await strict.close();
      await lenient.close();
    }
  });
});
