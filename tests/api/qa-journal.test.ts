import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../harness/server.ts';
import { CONTROL_PREFIX, FrameType } from '../../contracts/index.ts';
import { connectAs } from '../realtime/client.ts';
import { control, controlCall, type AnyControlName, type ControlBodyOf } from '../helpers/control.ts';
import { useApiServer } from '../helpers/api-server.ts';
import { multipart, PNG } from '../helpers/upload.ts';

const { t } = useApiServer({ qa: { journalSize: 50 } });

/** POST /__control/<name> as QA does (curl or `npm run journal`). */
const qa = <N extends AnyControlName>(name: N, body: ControlBodyOf<N>) => controlCall(t, name, body);

const reset = () => control(t, 'reset');

describe('journal: HTTP calls', () => {
  it('records path, user, masked body, status, answer size and duration of each call', async () => {
    await reset();
    const token = await t.login('customer01');
    const list = await t.call('message/inquire', { page: 1, page_size: 10 }, token);
    expect(list.status).toBe(200);
    const { data } = (await qa('journal', { kind: 'http' })).body;
    expect(data.entries.map((e) => (e.kind === 'api' ? e.call : ''))).toEqual(['admin/login', 'message/inquire']);
    const [login, inquire] = data.entries;
    // The login names its user from the account once it succeeded; the RSA-encrypted password never shows.
    expect(login).toMatchObject({ kind: 'api', account: 'customer01', status: 200, request: { body: { type: 'json', content: { account: 'customer01', password: '***' } } } });
    expect(inquire).toMatchObject({ kind: 'api', account: 'customer01', status: 200, request: { body: { content: { page: 1, page_size: 10 } } } });
    if (inquire?.kind !== 'api') throw new Error('not an API call');
    expect(inquire.response?.body.bytes).toBe(Buffer.byteLength(JSON.stringify(list.body)));
    expect(inquire.duration_ms).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(data)).not.toContain(token);
  });

  it('answers "the console sent update_notify_status with this id exactly once", and refusals keep their status', async () => {
    await reset();
    const token = await t.login('customer01');
    const inbox = await t.call('message/inquire', { page: 1, page_size: 10 }, token);
    const [first, second] = (inbox.body.data as { content: { id: number }[] }).content;
    await t.call('message/update_notify_status', { id: first!.id }, token);
    await t.call('message/update_notify_status', { id: second!.id }, token);
    await t.call('message/update_notify_status', { id: 999_999 }, token);
    const count = (match: unknown, extra = {}) =>
      qa('journal/count', { call: 'message/update_notify_status', match: match as never, ...extra }).then((r) => r.body.data.count);
    expect(await count({ id: first!.id })).toBe(1);
    expect(await count({ id: second!.id })).toBe(1);
    expect(await count({ id: 999_999 }, { status: 404 })).toBe(1);
    expect(await count({ id: 999_999 }, { status: 200 })).toBe(0);
    expect(await count({}, { user: { account: 'customer02' } })).toBe(0);
    expect(await count({}, { user: { account: 'customer01' } })).toBe(3);
    // A string matches the body's JSON text.
    expect(await count(`"id":${first!.id}`)).toBe(1);
  });

  it('narrows by time, clears, and `reset` empties it', async () => {
    await reset();
    const before = Date.now();
    await t.call('admin/website_info', {});
    const after = Date.now() + 1;
    expect((await qa('journal/count', { since_ms: before, until_ms: after })).body.data.count).toBe(1);
    expect((await qa('journal/count', { since_ms: after + 60_000 })).body.data.count).toBe(0);
    expect((await qa('journal/clear', {})).body.data.cleared).toBeGreaterThanOrEqual(1);
    expect((await qa('journal/count', {})).body.data.count).toBe(0);
    await t.call('admin/website_info', {});
    await reset();
    expect((await qa('journal/count', {})).body.data.count).toBe(0);
  });

  it('keeps only the newest entries of its configured size', async () => {
    await reset();
    for (let i = 0; i < 60; i++) await t.call('admin/website_info', {});
    const { data } = (await qa('journal', { limit: 100 })).body;
    expect(data.total).toBe(50);
    const seqs = data.entries.map((e) => e.seq);
    expect(seqs[0]).toBe(seqs.at(-1)! - 49);
  });

  it('answers 400 to a named state on an in-memory database, naming what it needs', async () => {
    const res = await qa('state/save', { name: 'anything' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/database file/);
  });

  it('refuses a bad query naming the problem, and an unknown user', async () => {
    const bad = await qa('journal', { limit: 0 });
    expect(bad.status).toBe(400);
    // The sentence says what is wrong (at least 1); the field it concerns travels beside it.
    expect((bad.body as { field?: string }).field).toBe('limit');
    expect(bad.body.message).toMatch(/1/);
    const unknown = await qa('journal/count', { user: { account: 'nobody_here' } });
    expect(unknown.status).toBe(404);
  });
});

/** A raw request as any client sends it (headers of its own, a query), answered as text. */
async function send(method: string, path: string, { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {}) {
  const res = await fetch(`${t.url}${path}`, { method, headers, body, redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}
type Entries = Awaited<ReturnType<typeof qa<'journal'>>>['body']['data']['entries'];
const httpEntries = (entries: Entries) => entries.flatMap((e) => (e.kind === 'frame' || e.kind === 'effect' ? [] : [e]));

describe('journal: every exchange, as WireMock keeps it', () => {
  it('an API call: method, path and query, headers with secrets masked, client address, both bodies, status, timing', async () => {
    await reset();
    const token = await t.login('customer01');
    const res = await send('POST', '/api/message/inquire?page=1&access_token=plain-secret-123', {
      headers: { 'content-type': 'application/json', 'accept-language': 'en', token, cookie: 'sid=abc123def456; theme=dark', 'x-trace': 'qa-run-7' },
      body: JSON.stringify({ page: 1, page_size: 2 }),
    });
    expect(res.status).toBe(200);
    const [login, inquire] = httpEntries((await qa('journal', { kind: 'http' })).body.data.entries);
    expect(inquire).toMatchObject({
      kind: 'api',
      call: 'message/inquire',
      method: 'POST',
      url: '/api/message/inquire?page=1&access_token=***',
      account: 'customer01',
      status: 200,
      request: {
        headers: { token: '***', cookie: 'sid=***; theme=***', 'x-trace': 'qa-run-7', 'content-type': 'application/json' },
        query: { page: '1', access_token: '***' },
        body: { type: 'json', content: { page: 1, page_size: 2 }, cut: false },
      },
      response: { headers: { 'content-type': 'application/json; charset=utf-8' }, body: { type: 'json', content: JSON.parse(res.text) as object, bytes: Buffer.byteLength(res.text) } },
    });
    expect(inquire!.client_ip).toMatch(/127\.0\.0\.1$/);
    expect(inquire!.summary).toMatch(/^POST \/api\/message\/inquire → 200 · customer01 · [\d.]+ ms$/);
    // The login's answer carries the token and the realtime key: masked, and never anywhere in the journal.
    expect(login!.response?.body.content).toMatchObject({ status: true, data: { token: '***' } });
    const all = JSON.stringify((await qa('journal', {})).body.data);
    expect(all).not.toContain(token);
    expect(all).not.toContain('plain-secret-123');
    expect(all).not.toContain('abc123def456');
  });

  it('visits, short links, the share page, uploads and downloads, each of its kind', async () => {
    await reset();
    const token = await t.login('customer01');
    await send('GET', '/v/demo01', { headers: { 'user-agent': 'Mozilla/5.0 (iPhone) MicroMessenger/8.0' } });
    expect((await send('GET', '/s/abc123')).status).toBe(302);
    await t.call('qr_code_list/share_access', { file_name: 'demo01', password: 'share01' });
    const uploaded = await fetch(`${t.url}/api/file/add`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=----qrconsole-test-boundary', token },
      body: new Uint8Array(multipart([{ name: 'file', filename: 'logo.png', type: 'image/png', data: PNG }])),
    });
    const file = ((await uploaded.json()) as { data: { url: string } }).data;
    expect((await send('GET', file.url)).status).toBe(200);
    const entries = httpEntries((await qa('journal', { kind: 'http' })).body.data.entries).filter((e) => e.call !== 'admin/login');
    expect(entries.map((e) => [e.kind, e.method, e.url.split('?')[0], e.status])).toEqual([
      ['visit', 'GET', '/v/demo01', expect.any(Number)],
      ['visit', 'GET', '/s/abc123', 302],
      ['share', 'POST', '/api/qr_code_list/share_access', 200],
      ['upload', 'POST', '/api/file/add', 200],
      ['download', 'GET', file.url, 200],
    ]);
    const [visit, short, share, upload, download] = entries;
    expect(visit).toMatchObject({ call: 'demo01', request: { headers: { 'user-agent': expect.stringContaining('MicroMessenger') } }, response: { body: { type: 'text' } } });
    expect(short!.response?.headers.location).toMatch(/\/v\/demo01/);
    expect(share).toMatchObject({ call: 'qr_code_list/share_access', request: { body: { content: { file_name: 'demo01', password: '***' } } } });
    expect(upload).toMatchObject({ account: 'customer01', request: { body: { type: 'binary', content: expect.stringMatching(/^\[multipart\/form-data upload, [\d,]+ bytes\]$/) } } });
    expect(download).toMatchObject({ response: { body: { type: 'binary', bytes: PNG.length, content: `[image/png, ${PNG.length} bytes]` } } });
    expect((await qa('journal/count', { kind: 'visit' })).body.data.count).toBe(2);
    expect((await qa('journal/count', { kind: 'download' })).body.data.count).toBe(1);
  });

  it('masks secrets by the shape of their value wherever they are, and values it masked before', async () => {
    await reset();
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSIsIm5hbWUiOiJxYSJ9.c2lnbmF0dXJlLXBhcnQtMTIz';
    const randomToken = 'Zq3xT9vLw2Rk8YpN4sHb7MdJc1GfUe6AoXi5ElVtBnQ';
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu\n-----END RSA PRIVATE KEY-----';
    const txHash = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);
    await send('POST', '/api/ping', {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${randomToken}`, 'x-api-key': 'plainkeyvalue99' },
      body: JSON.stringify({
        value: 10,
        note: `call it with Authorization: Bearer ${randomToken} or ${jwt}`,
        certificate_note: `here: ${pem}`,
        tx_hash: txHash,
        totp: '123456',
        nested: { api_key: 'plain-key-value-1', list: [{ secret: 'correct horse battery' }] },
        later: 'the phrase correct horse battery shows up again',
      }),
    });
    const journal = JSON.stringify((await qa('journal', {})).body.data);
    for (const secret of [jwt, randomToken, 'MIIBOgIBAAJBAKj34', 'plainkeyvalue99', 'plain-key-value-1', 'correct horse battery', '"123456"']) {
      expect(journal).not.toContain(secret);
    }
    // What QA looks for stays: a transaction hash, the words around a secret, the header's scheme.
    expect(journal).toContain(txHash);
    expect(journal).toContain('call it with Authorization: Bearer ***');
    expect(journal).toContain('Bearer ***');
    expect(journal).toContain('-----BEGIN RSA PRIVATE KEY-----***-----END RSA PRIVATE KEY-----');
    expect(journal).toContain('the phrase *** shows up again');
  });
});

describe('journal: verification beyond subset', () => {
  let ids: number[];
  beforeAll(async () => {
    await reset();
    const token = await t.login('customer01');
    const inbox = await t.call('message/inquire', { page: 1, page_size: 10 }, token);
    ids = (inbox.body.data as { content: { id: number }[] }).content.map((m) => m.id);
    await t.call('message/update_notify_status', { id: ids[0] }, token);
    await t.call('message/update_notify_status', { id: ids[1] }, token);
    await send('POST', '/api/message/inquire?page=2', { headers: { 'content-type': 'application/json', token }, body: '{"page":2,"page_size":10}' });
  });
  const count = async (q: ControlBodyOf<'journal/count'>) => {
    const res = await qa('journal/count', q);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.count;
  };

  it.each<[string, ControlBodyOf<'journal/count'>, (ids: number[]) => number]>([
    ['a value at a JSON path equals', { call: 'message/update_notify_status', body: [{ at: '$.id', equalTo: 0 }] }, () => 1],
    ['absent', { call: 'message/inquire', body: [{ at: '$.notify_status', absent: true }] }, () => 2],
    ['not', { call: 'message/update_notify_status', body: [{ at: '$.id', not: { equalTo: -1 } }] }, () => 2],
    ['a regular expression over the path', { path: { matches: '/api/message/.*_status' } }, () => 2],
    ['a header present, another absent', { headers: { token: { present: true }, 'x-never-sent': { absent: true } }, call: 'message/inquire' }, () => 2],
    ['a query parameter (text equals a number)', { query: { page: { equalTo: 2 } } }, () => 1],
    ['an answer at a path, any item of a list (page 1 lists the first message, page 2 does not)', { call: 'message/inquire', response_body: [{ at: '$.data.content[*].id', equalTo: 0 }] }, () => 1],
    ['equalToJson with extra elements allowed', { call: 'message/inquire', body: [{ equalToJson: { page: 2 }, ignoreExtraElements: true }] }, () => 1],
    ['equalToJson exact', { call: 'message/inquire', body: [{ equalToJson: { page: 2 } }] }, () => 0],
    ['and / or', { body: [{ at: '$.id', or: [{ equalTo: 0 }, { equalTo: 1 }] }, { at: '$.id', and: [{ present: true }, { not: { equalTo: 1 } }] }] }, () => 1],
    ['text anywhere', { text: 'UPDATE_NOTIFY' }, () => 2],
  ])('%s', async (_what, q, expected) => {
    // Ids are the seed's: placeholders 0 and 1 stand for the first two messages of customer01.
    const fill = (v: unknown): unknown => (v === 0 ? ids[0] : v === 1 ? ids[1] : Array.isArray(v) ? v.map(fill) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'page' || k === 'page_size' ? x : fill(x)])) : v);
    expect(await count(fill(q) as ControlBodyOf<'journal/count'>)).toBe(expected(ids));
  });

  it.each<[string, unknown, RegExp, string]>([
    ['a regular expression that does not compile', { path: { matches: '(' } }, /not a valid regular expression/, 'path.matches'],
    ['a matcher with two operators', { path: { equalTo: 'a', contains: 'b' } }, /exactly one of equalTo/, 'path'],
    ['a JSON path of another syntax', { body: [{ at: 'items.0', equalTo: 1 }] }, /JSON path such as/, 'body.0.at'],
    ['an operator it does not know', { body: [{ at: '$.a', startsWith: 'x' }] }, /./, 'body.0.startsWith'],
  ])('refuses %s with 400 naming it', async (_what, q, message, field) => {
    const res = await qa('journal', q as ControlBodyOf<'journal'>);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect((res.body as { field?: string }).field).toBe(field);
  });
});

describe('journal: a live time line', () => {
  it('answers what came after a seq, waiting for it when asked to; clear ends a wait', async () => {
    await reset();
    await t.call('website_info/inquire', {});
    const { last_seq } = (await qa('journal', { limit: 1 })).body.data;
    const waiting = qa('journal', { after_seq: last_seq, wait_ms: 20_000 });
    await expect.poll(() => t.server.mock.qa!.journal.stats().last_seq).toBe(last_seq);
    await t.call('ping', { value: 10 });
    const { entries } = (await waiting).body.data;
    expect(entries.map((e) => (e.kind === 'api' ? e.call : e.kind))).toEqual(['ping']);
    expect(entries[0]!.seq).toBe(last_seq + 1);
    // Only lines when asked (a time line's rows), then one entry in full by its seq.
    const lines = (await qa('journal', { detail: false })).body.data.entries;
    expect(lines.every((e) => e.kind === 'frame' || e.kind === 'effect' || (e.request === undefined && e.response === undefined))).toBe(true);
    const one = (await qa('journal', { seq: last_seq + 1 })).body.data.entries[0];
    expect(one?.kind === 'api' && one.response?.body.content).toMatchObject({ status: true, data: { value: 10 } });
    const started = Date.now();
    const cleared = qa('journal', { after_seq: last_seq + 1, wait_ms: 20_000 });
    await qa('journal/clear', {});
    expect((await cleared).body.data.entries).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('journal: bounded by bytes', () => {
  it('cuts bodies past the cap with a marker and evicts the oldest past the total, whatever comes', async () => {
    const small = await startTestServer({ qa: { journalBytes: 256 * 1024, journalBodyCap: 1024 } });
    try {
      const big = JSON.stringify({ value: 10, pad: 'x'.repeat(50_000) });
      for (let i = 0; i < 150; i++) {
        await fetch(`${small.url}/api/ping`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
      }
      const stats = (await controlCall(small, 'journal/stats', {})).body.data;
      expect(stats).toMatchObject({ max_bytes: 256 * 1024, body_cap: 1024 });
      expect(stats.bytes).toBeLessThanOrEqual(stats.max_bytes);
      expect(stats.evicted).toBeGreaterThan(0);
      expect(stats.first_seq).toBe(stats.evicted + 1);
      const { entries } = (await controlCall(small, 'journal', { limit: 1 })).body.data;
      const body = entries[0]?.kind === 'api' ? entries[0].request?.body : undefined;
      expect(body).toMatchObject({ type: 'text', cut: true, bytes: Buffer.byteLength(big) });
      expect(String(body?.content).endsWith(`…[cut: ${Buffer.byteLength(big).toLocaleString('en')} bytes, the first 1,024 kept]`)).toBe(true);
      expect(String(body?.content).length).toBeLessThan(1100);
    } finally {
      await small.close();
    }
  });
});

describe('journal: WebSocket frames', () => {
  it('records frames in and out with their user and masked data', async () => {
    await reset();
    const socket = await connectAs(t, 'customer01');
    await socket.ping();
    await qa('journal/clear', {});
    const pushed = await fetch(`${t.url}${CONTROL_PREFIX}/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: { account: 'customer01' }, type: FrameType.values.menu_refresh, data: { reason: 'x', token: 'secret-token' } }),
    });
    expect(pushed.status).toBe(200);
    expect((await socket.next()).type).toBe(FrameType.values.menu_refresh);
    await socket.ping();
    const { entries } = (await qa('journal', { kind: 'frame', user: { account: 'customer01' } })).body.data;
    expect(entries.map((e) => (e.kind === 'frame' ? `${e.direction}:${e.frame_type}` : ''))).toEqual([
      `out:${FrameType.values.menu_refresh}`,
      `in:${FrameType.values.ping}`,
      `out:${FrameType.values.heartbeat_ack}`,
    ]);
    expect(entries[0]).toMatchObject({ account: 'customer01', data: { reason: 'x', token: '***' } });
    socket.close();
  });

  it('records the login frame of a socket under its user before the login is accepted', async () => {
    await reset();
    const socket = await connectAs(t, 'agent01');
    const count = (await qa('journal/count', { kind: 'frame', direction: 'in', frame_type: FrameType.values.login, user: { account: 'agent01' } })).body.data.count;
    expect(count).toBe(1);
    socket.close();
  });
});

describe('npm run journal', () => {
  /** The CLI as QA runs it (`npm run journal -- …`), against this server. */
  const cli = (...args: string[]) =>
    promisify(execFile)('npx', ['tsx', 'scripts/journal.ts', ...args], { env: { ...process.env, MOCK_URL: t.url, FORCE_COLOR: '0', NO_COLOR: '1' } }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );

  it('counts, lists and clears, with exit 1 when nothing matches', async () => {
    await reset();
    const token = await t.login('customer02');
    await t.call('message/update_notify_status', { id: 999_998 }, token);
    expect(await cli('--call', 'message/update_notify_status', '--match', '{"id":999998}', '--count')).toEqual({ code: 0, out: '1\n' });
    expect((await cli('--call', 'message/update_notify_status', '--match', '{"id":1}', '--count')).code).toBe(1);
    const listed = await cli('--user', 'customer02', '--since', '5m');
    expect(listed.out).toMatch(/message\/update_notify_status +customer02 +404/);
    expect(listed.out).toContain('"password":"***"');
    // Matchers at JSON paths, as the control API takes them; the journal's bounds.
    expect(await cli('--body', '[{"at":"$.id","equalTo":999998},{"at":"$.token","absent":true}]', '--errors', '--count')).toEqual({ code: 0, out: '1\n' });
    expect((await cli('--stats')).out).toMatch(/^\d+ entries of at most 50; [\d.]+ MiB of at most 32\.0 MiB; bodies cut past 65536 characters; \d+ evicted; last seq \d+\n$/);
    expect((await cli('--clear')).out).toMatch(/cleared \d+ entries/);
    expect((await qa('journal/count', {})).body.data.count).toBe(0);
  }, 240_000);
});
