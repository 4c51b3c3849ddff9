import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { controlCall, type AnyControlName, type ControlBodyOf } from '../helpers/control.ts';
import { countOf } from '../../fixtures/rows.ts';

/**
 * Faults a network really has, injected with `POST /__control/http_fault` and met by a real HTTP client on a real
 * socket: what the client sees (a reset, nothing, a cut body, bytes that are not JSON, bytes trickling in), whether
 * the call ran, and what the journal says.
 */

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login('admin01');
});
afterAll(() => t.close());
beforeEach(async () => {
  await post('clear_faults', {});
});

const post = <N extends AnyControlName>(name: N, body: ControlBodyOf<N>) => controlCall(t, name, body);

async function fault(body: ControlBodyOf<'http_fault'>) {
  const res = await post('http_fault', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

interface Seen {
  status?: number;
  headers?: http.IncomingHttpHeaders;
  body: Buffer;
  /** The error that ended the exchange, when it did not end well (`ECONNRESET`, 'aborted', …). */
  error?: string;
  /** When each chunk of the body arrived (ms since the request was sent). */
  chunksAt: number[];
}

/** One call over a fresh connection with node:http (no retries, no pooling), everything the client saw. */
function call(path: string, body: unknown, { token = admin, timeoutMs = 10_000 }: { token?: string; timeoutMs?: number } = {}): Promise<Seen> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const seen: Seen = { body: Buffer.alloc(0), chunksAt: [] };
    const parts: Buffer[] = [];
    const done = (error?: string) => {
      seen.body = Buffer.concat(parts);
      if (error) seen.error = error;
      resolve(seen);
    };
    const req = http.request(`${t.url}/api/${path}`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'accept-language': 'en', token },
      timeout: timeoutMs,
    });
    req.on('timeout', () => req.destroy(new Error('client timeout')));
    req.on('response', (res) => {
      seen.status = res.statusCode;
      seen.headers = res.headers;
      res.on('data', (c: Buffer) => {
        parts.push(c);
        seen.chunksAt.push(performance.now() - started);
      });
      res.on('end', () => done());
      res.on('aborted', () => done('aborted'));
      res.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
    });
    req.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
    req.end(payload);
  });
}

const messages = () => countOf(t.db, 'messages');
const send = (title: string) => call('message/send', { title, content: 'fault test', user_id: 4 });

describe('faults a network has', () => {
  it('connection_reset: the client sees ECONNRESET and the call never ran', async () => {
    await fault({ path: 'message/send', fault: 'connection_reset' });
    const before = messages();
    const seen = await send('reset before');
    expect(seen.error).toBe('ECONNRESET');
    expect(seen.status).toBeUndefined();
    expect(messages()).toBe(before);
    // One fault, one request: the next goes through.
    expect((await send('after the reset')).status).toBe(200);
  });

  it('connection_reset after the call: it ran (its effects stay), and its answer was lost', async () => {
    await fault({ path: 'message/send', fault: 'connection_reset', after_call: true });
    const before = messages();
    const seen = await send('reset after');
    expect(seen.error).toBe('ECONNRESET');
    expect(messages()).toBe(before + 1);
  });

  it('empty_response: the connection closes without a byte', async () => {
    await fault({ path: 'message/send', fault: 'empty_response' });
    const seen = await send('empty');
    expect(seen.status).toBeUndefined();
    expect(seen.error).toMatch(/ECONNRESET|socket hang up/);
  });

  it('no_answer: held until the client gives up; nothing is left behind', async () => {
    await fault({ path: 'website_info/inquire', fault: 'no_answer' });
    const seen = await call('website_info/inquire', {}, { timeoutMs: 300 });
    expect(seen.error).toBe('client timeout');
    await expect.poll(async () => (await post('state', {})).body.data.held).toBe(0);
  });

  it('no_answer: clear_faults, reset and closing the server end held requests', async () => {
    for (const release of ['clear_faults', 'reset'] as const) {
      await fault({ path: 'website_info/inquire', fault: 'no_answer' });
      const held = call('website_info/inquire', {}, { timeoutMs: 60_000 });
      await expect.poll(async () => (await post('state', {})).body.data.held).toBe(1);
      await post(release, {});
      expect((await held).error).toMatch(/ECONNRESET|socket hang up/);
      expect((await post('state', {})).body.data.held).toBe(0);
    }
    admin = await t.login('admin01');

    // A server closing with a request held still closes (the test harness would hang otherwise).
    const other = await startTestServer();
    await controlCall(other, 'http_fault', { path: 'website_info/inquire', fault: 'no_answer' });
    const stuck = fetch(`${other.url}/api/website_info/inquire`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch((e: Error) => e);
    await expect.poll(async () => (await controlCall(other, 'state', {})).body.data.held).toBe(1);
    await new Promise<void>((resolve) => other.server.close(() => resolve()));
    expect(await stuck).toBeInstanceOf(Error);
  });

  it('truncated_body: the full Content-Length is declared, half of it arrives, then the connection ends', async () => {
    await fault({ path: 'website_info/inquire', fault: 'truncated_body' });
    const seen = await call('website_info/inquire', {});
    expect(seen.status).toBe(200);
    const declared = Number(seen.headers?.['content-length']);
    expect(declared).toBeGreaterThan(0);
    expect(seen.body.length).toBeLessThan(declared);
    expect(seen.error).toMatch(/aborted|ECONNRESET/);
  });

  it('malformed_body: a complete 200 answer whose JSON does not parse (the call ran)', async () => {
    await fault({ path: 'message/send', fault: 'malformed_body' });
    const before = messages();
    const seen = await send('malformed');
    expect(seen.status).toBe(200);
    expect(seen.error).toBeUndefined();
    expect(seen.body.length).toBe(Number(seen.headers?.['content-length']));
    expect(() => JSON.parse(seen.body.toString())).toThrow();
    expect(seen.body.toString()).toMatch(/^\{"status":true/);
    expect(messages()).toBe(before + 1);
  });

  it('dribble: the real answer trickles in, chunk by chunk, over the time asked', async () => {
    await fault({ path: 'website_info/inquire', dribble: { chunks: 5, total_ms: 800 } });
    const seen = await call('website_info/inquire', {});
    expect(seen.status).toBe(200);
    expect(JSON.parse(seen.body.toString())).toMatchObject({ status: true });
    expect(seen.chunksAt.length).toBeGreaterThanOrEqual(3);
    expect(seen.chunksAt.at(-1)! - seen.chunksAt[0]!).toBeGreaterThanOrEqual(600);
  });

  it('a status refusal and a delay still work as before', async () => {
    await fault({ path: 'message/send', status: 503, message: 'try later', delay_ms: 200 });
    const started = performance.now();
    const seen = await send('refused');
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(seen.status).toBe(503);
    expect(JSON.parse(seen.body.toString())).toMatchObject({ status: false, message: 'try later' });
  });

  it('the journal says what each fault did', async () => {
    await post('journal/clear', {});
    await fault({ path: 'website_info/inquire', fault: 'connection_reset' });
    await call('website_info/inquire', {});
    await fault({ path: 'website_info/inquire', fault: 'malformed_body' });
    await call('website_info/inquire', {});
    const { entries } = (await post('journal', { call: 'website_info/inquire' })).body.data;
    expect(entries.map((e) => [e.fault, e.kind === 'frame' || e.kind === 'effect' ? null : e.status])).toEqual([
      ['connection_reset', 0],
      ['malformed_body', 200],
    ]);
    expect((await post('journal/count', { faulted: true })).body.data.count).toBe(2);
  });
});

describe('a fault must be able to fire', () => {
  it.each<[string, ControlBodyOf<'http_fault'>, RegExp, string]>([
    ['an unknown call path, with the nearest one', { path: 'mesage/inquire', status: 500 }, /no call has the path 'mesage\/inquire' \(did you mean 'message\/inquire'\?\)/, 'path'],
    ['an unknown call path far from any', { path: 'nothing_like_it/at_all', status: 500 }, /no call has the path 'nothing_like_it\/at_all': a fault on it would never fire/, 'path'],
    ['a path with /api/ in front', { path: '/api/message/inquire', status: 500 }, /a call path such as 'message\/inquire'/, 'path'],
    ['after_call with a fault that always follows the call', { path: 'message/inquire', fault: 'truncated_body', after_call: true }, /after_call goes with fault/, ''],
    ['a status with a fault', { path: 'message/inquire', status: 500, fault: 'connection_reset' }, /a status refusal excludes fault/, ''],
    ['nothing to do', { path: 'message/inquire' }, /give a status to fail with, a fault/, ''],
    ['an unknown fault', { path: 'message/inquire', fault: 'meteor' as 'no_answer' }, /./, 'fault'],
    ['a dribble of one chunk', { path: 'message/inquire', dribble: { chunks: 1, total_ms: 100 } }, /./, 'dribble.chunks'],
  ])('refuses %s with 400 naming it, adding nothing', async (_what, body, message, field) => {
    const res = await post('http_fault', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect((res.body as { field?: string }).field ?? '').toBe(field);
    expect((await post('state', {})).body.data.faults).toEqual([]);
  });
});
