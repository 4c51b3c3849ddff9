import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrameType } from '../../contracts/index.ts';
import { createMockServer, type MockServer } from '../../mock-server/app.ts';
import { TEST_SCRYPT } from '../../mock-server/services/passwords.ts';
import { hashToken } from '../../mock-server/services/sessions.ts';
import { checkAnswer } from '../../mock-server/outside/drift.ts';
import { outsideProblem } from '../../mock-server/outside/index.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { RealtimeTestClient } from '../realtime/client.ts';

/**
 * Record and replay against a real service. The stand-in for the real service is a second mock in production
 * mode (no control API, answers not validated) whose `message/inquire` has drifted: it answers `total` as a
 * string. The mock under test proxies to it with `--proxy URL --record DIR`, then a third one replays DIR offline.
 * A recording keeps stand-ins shaped like the secrets it hides (the contract accepts them, the console too);
 * replay hands out sessions of its own and answers a call that needs one only for such a session. Both answer
 * only requests addressed to themselves: another host named in the request line or the Host header, a `//`
 * target, a path with `..` or an encoded separator are refused, never passed on (raw sockets send them).
 */

let standIn: MockServer;
let standInUrl = '';
/** Every request that reached the stand-in (what the proxy passed on). */
const reached: string[] = [];
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
    reached.push(`${req.method} ${req.url}`);
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
async function login(base: string, account: string, password: string): Promise<{ token: string; realtime_key: string }> {
  const key = (await post(base, 'security/public_key', {})).body.data as { spki: string };
  const publicKey = createPublicKey({ key: Buffer.from(key.spki, 'base64'), format: 'der', type: 'spki' });
  const encrypted = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
  const res = await post(base, 'admin/login', { account, password: encrypted });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { token: string; realtime_key: string };
}

type Summary = { exchanges: number; drift_count: number; calls_with_drift: Record<string, number>; drifts: { call: string; field: string; expected: string; got: string }[] };
const summary = () => JSON.parse(fs.readFileSync(path.join(dir, 'drift.json'), 'utf8')) as Summary;
const recorded = (call: string) =>
  fs.existsSync(path.join(dir, 'calls', `${call.replace(/\//g, '__')}.jsonl`))
    ? fs.readFileSync(path.join(dir, 'calls', `${call.replace(/\//g, '__')}.jsonl`), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { request: unknown; status: number; answer: { data: Record<string, unknown> } })
    : [];

/** One request written byte for byte on a socket (the only way to send an absolute-form target); the answer. */
function raw(port: number, head: string, body = ''): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let got = '';
    socket.on('data', (c) => (got += c.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(got)?.[1] ?? 0), text: got.slice(got.indexOf('\r\n\r\n') + 4) }));
    socket.write(`${head.replace(/\n/g, '\r\n')}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });
}

let realToken = '';
let realKey = '';

describe('--proxy URL --record DIR', () => {
  it('forwards calls to the real service, records them with stand-ins for secrets, and reports the one drifted answer', async () => {
    ({ token: realToken, realtime_key: realKey } = await login(proxy.url, 'customer01', 'Customer123'));
    const codes = await post(proxy.url, 'qr_code_list/inquire', { page: 1, page_size: 5 }, realToken);
    expect(codes.status).toBe(200);
    // The answer is the stand-in's, not the local mock's: the stand-in's session only exists there.
    expect(standIn.mock.services.users.bySession(hashToken(realToken))).toBeDefined();
    expect(proxy.services.users.bySession(hashToken(realToken))).toBeUndefined();
    expect((await post(proxy.url, 'message/inquire', { page: 1, page_size: 1 }, realToken)).body).toEqual(JSON.parse(DRIFTED));
    expect((await post(proxy.url, 'domain/inquire', { page: 1, page_size: 5 }, 'not-a-token')).status).toBe(401);

    const s = summary();
    console.log(`recorded ${s.exchanges} exchanges against the stand-in; drift: ${JSON.stringify(s.drifts)}`);
    expect(s.drift_count).toBe(1);
    expect(s.drifts[0]).toMatchObject({ call: 'message/inquire', field: 'data.total', expected: 'number', got: '"1"' });
  });

  it('keeps a stand-in of the same shape for each secret of an answer, never the real one, and the contract accepts it', () => {
    const [line] = recorded('admin/login');
    expect(line!.request).toMatchObject({ account: 'customer01', password: '***' });
    const { token, realtime_key } = line!.answer.data as { token: string; realtime_key: string };
    expect(token).not.toBe(realToken);
    expect(token).toHaveLength(realToken.length);
    expect(realtime_key).not.toBe(realKey);
    expect(realtime_key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(checkAnswer('admin/login', 200, line!.answer)).toEqual([]);
    const file = fs.readFileSync(path.join(dir, 'calls', 'admin__login.jsonl'), 'utf8');
    expect(file).not.toContain(realToken);
    expect(file).not.toContain(realKey);
  });

  it('relays the encrypted WebSocket to the real service: login acknowledged, ping answered', async () => {
    const { token } = await login(proxy.url, 'customer02', 'Customer123');
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
    expect((await post(proxy.url, 'admin/logout', {}, token)).status).toBe(200);
  });
});

describe('the proxy contacts only its configured origin', () => {
  /** Another host the requests below name: nothing may ever reach it. */
  let other: http.Server;
  const otherSaw: string[] = [];
  let otherHost = '';
  beforeAll(async () => {
    other = http.createServer((req, res) => {
      otherSaw.push(`${req.method} ${req.url}`);
      res.end('{"status":true,"data":"from the other host"}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.2', resolve));
    otherHost = `127.0.0.2:${(other.address() as net.AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));

  const port = () => Number(new URL(proxy.url).port);
  const own = () => `127.0.0.1:${port()}`;
  const body = '{"page":1,"page_size":5}';

  it.each<[string, () => string, number, RegExp]>([
    ['an absolute-form target naming another host', () => `POST http://${otherHost}/api/qr_code_list/inquire HTTP/1.1\nHost: ${otherHost}`, 421, /addressed to itself \(127\.0\.0\.1:\d+\), not to http:\/\/127\.0\.0\.2:\d+/],
    ['an absolute-form target naming another host, Host naming this one', () => `POST http://${otherHost}/api/qr_code_list/inquire HTTP/1.1\nHost: ${own()}`, 421, /not to http:\/\/127\.0\.0\.2/],
    ['an absolute-form target with credentials before this host', () => `POST http://user@${own()}/api/qr_code_list/inquire HTTP/1.1\nHost: ${own()}`, 421, /not to http:\/\/user@/],
    ['a Host header naming another host', () => `POST /api/qr_code_list/inquire HTTP/1.1\nHost: ${otherHost}`, 421, /not to 127\.0\.0\.2:\d+/],
    ['a Host header naming this host on another port', () => `POST /api/qr_code_list/inquire HTTP/1.1\nHost: 127.0.0.1:1`, 421, /not to 127\.0\.0\.1:1;/],
    ['a target starting with //', () => `POST //${otherHost}/api/qr_code_list/inquire HTTP/1.1\nHost: ${own()}`, 400, /starts with "\/\/"/],
    ['a path with ..', () => `POST /api/../admin/secret HTTP/1.1\nHost: ${own()}`, 400, /has a "\." or "\.\." segment/],
    ['a path with a percent-encoded ..', () => `POST /api/%2e%2E/admin/secret HTTP/1.1\nHost: ${own()}`, 400, /has a "\." or "\.\." segment/],
    ['a path with an encoded /', () => `POST /api/qr_code_list%2f..%2finquire HTTP/1.1\nHost: ${own()}`, 400, /percent-encoded "\/"/],
    ['a path with a backslash', () => `POST /api/qr_code_list\\..\\inquire HTTP/1.1\nHost: ${own()}`, 400, /a backslash/],
    ['a path with a malformed percent-encoding', () => `POST /api/qr_code_list/%zzinquire HTTP/1.1\nHost: ${own()}`, 400, /malformed percent-encoding/],
    ['a path with an encoded NUL', () => `POST /api/qr_code_list/inquire%00 HTTP/1.1\nHost: ${own()}`, 400, /malformed percent-encoding or a control character/],
  ])('%s: refused, naming the problem; never passed on or recorded', async (_what, head, status, message) => {
    const before = { reached: reached.length, exchanges: summary().exchanges };
    const res = await raw(port(), `${head()}\nContent-Type: application/json\nAccept-Language: en\ntoken: ${realToken}`, body);
    expect(res.status, res.text).toBe(status);
    const answer = JSON.parse(res.text) as { status: boolean; message: string };
    expect(answer.status).toBe(false);
    expect(answer.message).toMatch(message);
    expect(reached.length).toBe(before.reached);
    expect(summary().exchanges).toBe(before.exchanges);
    expect(otherSaw).toEqual([]);
  });

  it('an absolute-form target naming this server is its path: passed on to the configured origin', async () => {
    const before = reached.length;
    const res = await raw(port(), `POST http://${own()}/api/qr_code_list/inquire HTTP/1.1\nHost: ${own()}\nContent-Type: application/json\ntoken: ${realToken}`, body);
    expect(res.status, res.text).toBe(200);
    expect(reached.slice(before)).toEqual(['POST /api/qr_code_list/inquire']);
    expect(otherSaw).toEqual([]);
  });

  it('a WebSocket upgrade naming another host is refused, never relayed', async () => {
    const before = reached.length;
    const res = await raw(port(), `GET http://${otherHost}/ws?sid=x HTTP/1.1\nHost: ${otherHost}\nUpgrade: websocket\nConnection: Upgrade\nSec-WebSocket-Version: 13\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\nAccept-Language: en`);
    expect(res.status).toBe(421);
    expect((JSON.parse(res.text) as { message: string }).message).toMatch(/addressed to itself/);
    expect(reached.length).toBe(before);
    expect(otherSaw).toEqual([]);
  });
});

describe('--replay DIR', () => {
  let strict: TestServer;
  let lenient: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({ outside: { replay: dir, unrecorded: '501' } });
    lenient = await startTestServer({ outside: { replay: dir } });
  });
  afterAll(async () => {
    await strict.close();
    await lenient.close();
  });

  it('a call that needs a session answers 401 without one the replay handed out: absent, unknown, the recorded stand-in', async () => {
    const standInToken = (recorded('admin/login')[0]!.answer.data as { token: string }).token;
    for (const token of [undefined, 'made-up-token', standInToken, realToken]) {
      const res = await post(strict.url, 'qr_code_list/inquire', { page: 1, page_size: 5 }, token);
      expect(res.status, `token ${token}`).toBe(401);
      expect(res.body).toMatchObject({ status: false, message: /not logged in/ });
    }
  });

  it('login hands out a session of its own; recorded calls answer for it offline, logout ends it', async () => {
    // The password is masked in the recording: any password meets the recorded login of the account.
    const session = await login(strict.url, 'customer01', 'whatever-was-typed');
    expect(session.token).not.toBe(realToken);
    expect(session.token).not.toBe((recorded('admin/login')[0]!.answer.data as { token: string }).token);
    expect(checkAnswer('admin/login', 200, { status: true, data: session })).toEqual([]);
    const info = await post(strict.url, 'admin/user_info', {}, session.token);
    expect((info.body.data as { token: string }).token).toBe(session.token);

    const codes = await post(strict.url, 'qr_code_list/inquire', { page: 1, page_size: 5 }, session.token);
    expect(codes.status).toBe(200);
    expect(codes.body.data).toEqual(recorded('qr_code_list/inquire')[0]!.answer.data);
    expect((await post(strict.url, 'message/inquire', { page: 1, page_size: 1 }, session.token)).body).toEqual(JSON.parse(DRIFTED));
    const missing = await post(strict.url, 'website_info/inquire', {});
    expect(missing.status).toBe(501);
    expect(missing.body.message).toMatch(/Not recorded: website_info\/inquire/);

    expect((await post(strict.url, 'admin/logout', {}, session.token)).status).toBe(200);
    expect((await post(strict.url, 'qr_code_list/inquire', { page: 1, page_size: 5 }, session.token)).status).toBe(401);
    expect((await post(lenient.url, 'website_info/inquire', {})).status).toBe(200);
  });

  it('with --unrecorded mock, a call never recorded is answered by the mock as the replayed account', async () => {
    const session = await login(lenient.url, 'customer01', 'x');
    // Not in the recording: the mock answers it, as customer01 (the replay's session is one of the mock's too).
    const rules = await post(lenient.url, 'forward/inquire', { page: 1, page_size: 50 }, session.token);
    expect(rules.status, rules.body.message).toBe(200);
    const mine = (rules.body.data as { content: { account: string }[] }).content;
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((r) => r.account))).toEqual(new Set(['customer01']));
    expect((await post(lenient.url, 'forward/inquire', { page: 1, page_size: 50 })).status).toBe(401);
    expect((await post(lenient.url, 'forward/inquire', { page: 1, page_size: 50 }, 'made-up-token')).status).toBe(401);
  });

  it("the session it hands out is the mock's too: its real-time socket logs in on the replaying server", async () => {
    const session = await login(strict.url, 'customer01', 'x');
    expect(session.realtime_key).not.toBe((recorded('admin/login')[0]!.answer.data as { realtime_key: string }).realtime_key);
    const socket = await RealtimeTestClient.open(strict.url, session);
    expect(await socket.login()).toMatchObject({ type: FrameType.values.login_ack, data: { status: true } });
    expect(strict.services.realtime.isOnline(strict.services.users.byAccount('customer01')!.id)).toBe(true);
    socket.close();
    expect((await socket.closed).code).toBe(1000);
  });

  it("an account the mock lacks: the session is one of the mock's first account of the same role kind", async () => {
    // The recording as a real deployment's would be: its login names an account no seeded mock has.
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'record-other-'));
    fs.cpSync(dir, other, { recursive: true });
    const file = path.join(other, 'calls', 'admin__login.jsonl');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('"customer01"', '"alice-of-production"'));
    const replay = await startTestServer({ outside: { replay: other } });
    try {
      const session = await login(replay.url, 'alice-of-production', 'x');
      const socket = await RealtimeTestClient.open(replay.url, session);
      expect(await socket.login()).toMatchObject({ type: FrameType.values.login_ack, data: { status: true } });
      socket.close();
      await socket.closed;
      const firstCustomer = replay.services.users.firstOfKind('customer')!;
      const rules = await post(replay.url, 'forward/inquire', { page: 1, page_size: 50 }, session.token);
      expect(rules.status, rules.body.message).toBe(200);
      expect(new Set((rules.body.data as { content: { account: string }[] }).content.map((r) => r.account))).toEqual(new Set([firstCustomer.account]));
    } finally {
      await replay.close();
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuses a request addressed to another host, as the proxy does', async () => {
    const port = Number(new URL(strict.url).port);
    const res = await raw(port, `POST http://127.0.0.2:9/api/message/inquire HTTP/1.1\nHost: 127.0.0.2:9\nContent-Type: application/json`, '{"page":1,"page_size":1}');
    expect(res.status).toBe(421);
  });

  it('a name given in MOCK_ALLOWED_ORIGINS is its own too, and only with that port', async () => {
    const named = await startTestServer({ outside: { replay: dir }, allowedOrigins: ['http://qa-box.example:8091'] });
    try {
      const port = Number(new URL(named.url).port);
      const asked = (host: string) => raw(port, `POST /api/website_info/inquire HTTP/1.1\nHost: ${host}\nContent-Type: application/json`, '{}');
      expect((await asked('qa-box.example:8091')).status).toBe(200);
      expect((await asked('QA-BOX.example:8091')).status).toBe(200);
      expect((await asked('qa-box.example:8092')).status).toBe(421);
      expect((await asked(`localhost:${port}`)).status).toBe(200);
    } finally {
      await named.close();
    }
  });
});

describe('record and replay flags', () => {
  it.each<[string, Parameters<typeof outsideProblem>[0], RegExp | null]>([
    ['nothing', {}, null],
    ['a proxy with a record folder', { proxy: 'https://console.example.com', record: '/tmp/x' }, null],
    ['a proxy origin with a trailing slash', { proxy: 'http://127.0.0.1:9000/', record: '/tmp/x' }, null],
    ['a proxy with a path', { proxy: 'https://console.example.com/api', record: '/tmp/x' }, /--proxy wants the real service's origin.*not "https:\/\/console\.example\.com\/api"/],
    ['a proxy with credentials', { proxy: 'https://u:p@console.example.com', record: '/tmp/x' }, /no path, query or credentials/],
    ['a proxy that is not a URL', { proxy: 'console.example.com', record: '/tmp/x' }, /not "console\.example\.com"/],
    ['a proxy over ftp', { proxy: 'ftp://console.example.com', record: '/tmp/x' }, /--proxy wants/],
    ['a proxy without a record folder', { proxy: 'https://console.example.com' }, /--proxy needs --record DIR/],
    ['a record folder without a proxy', { record: '/tmp/x' }, /--record DIR goes with --proxy URL/],
    ['proxy and replay together', { proxy: 'https://console.example.com', record: '/tmp/x', replay: '/tmp/y' }, /exclude each other/],
    ['a replay folder with no recording', { replay: '/nonexistent-recording' }, /--replay \/nonexistent-recording: no recording there/],
    ['unrecorded without replay', { unrecorded: '501' }, /--unrecorded goes with --replay DIR/],
  ])('%s', (_what, options, problem) => {
    const found = outsideProblem(options);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });
});
