import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, FrameType } from '../../contracts/index.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { connectAs } from '../realtime/client.ts';
import { control, controlCall, type AnyControlName, type ControlBodyOf } from '../helpers/control.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ qa: { journalSize: 50 } });
});
afterAll(() => t.close());

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
    expect((await cli('--clear')).out).toMatch(/cleared \d+ entries/);
    expect((await qa('journal/count', {})).body.data.count).toBe(0);
  }, 120_000);
});
