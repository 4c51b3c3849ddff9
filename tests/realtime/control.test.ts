import { describe, expect, it } from 'vitest';
import {
  CloseCode,
  CONTROL_PREFIX,
  type ControlAnswer,
  type ControlBody,
  type ControlName,
} from '../../contracts/index.ts';
import { TEST_SCRYPT } from '../../mock-server/services/passwords.ts';
import { startTestServer } from '../../harness/server.ts';
import { connectAs } from './client.ts';
import { countOf, valueOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';
import { controlCall } from '../helpers/control.ts';

const { t } = useApiServer();

async function control<N extends ControlName>(base: string, name: N, body: ControlBody<N>) {
  const res = await fetch(`${base}${CONTROL_PREFIX}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json().catch(() => null)) as {
      status: boolean;
      message?: string;
      data?: ControlAnswer<N>;
    } | null,
  };
}

describe('control API: sockets', () => {
  it('pushes a frame of any type with any data to every socket of a user', async () => {
    const a = await connectAs(t, 'customer01');
    const b = await connectAs(t, 'customer01');
    const res = await control(t.url, 'push', {
      to: { account: 'customer01' },
      type: 77,
      data: { any: ['json', 1] },
    });
    expect(res.body).toEqual({ status: true, data: { delivered: 2 } });
    for (const c of [a, b]) expect(await c.next()).toMatchObject({ type: 77, data: { any: ['json', 1] } });
    const byId = await control(t.url, 'push', {
      to: { user_id: t.services.users.byAccount('customer01')!.id },
      type: 1,
    });
    expect(byId.body?.data).toEqual({ delivered: 2 });
    expect((await a.next()).type).toBe(1);
    a.close();
    b.close();
  });

  it('closes the sockets of a user with the given code, and others stay open', async () => {
    const a = await connectAs(t, 'customer01');
    const other = await connectAs(t, 'customer02');
    expect((await control(t.url, 'close', { to: { account: 'customer01' }, code: 1000 })).body?.data).toEqual(
      { closed: 1 },
    );
    expect((await a.closed).code).toBe(1000);
    expect((await other.ping()).type).toBe(1);
    other.close();
  });

  it('drops every socket with 4010 by default, and lists sockets in state', async () => {
    const a = await connectAs(t, 'customer01');
    const b = await connectAs(t, 'agent01');
    const state = await control(t.url, 'state', {});
    expect(state.body?.data?.sockets.filter((s) => s.authenticated)).toHaveLength(2);
    const res = await control(t.url, 'drop_all', {});
    expect(res.body?.data?.closed).toBeGreaterThanOrEqual(2);
    expect((await a.closed).code).toBe(CloseCode.values.server_restarting);
    expect((await b.closed).code).toBe(CloseCode.values.server_restarting);
    expect((await control(t.url, 'state', {})).body?.data?.sockets).toEqual([]);
  });

  it.each([
    ['push', { to: { account: 'nobody_here' }, type: 5 }, 404],
    ['push', { to: {}, type: 5 }, 400],
    ['push', { to: { account: 'customer01', user_id: 1 }, type: 5 }, 400],
    ['push', { to: { account: 'customer01' }, type: 0 }, 400],
    ['close', { to: { account: 'customer01' }, code: 1006 }, 400],
    ['close', { to: { account: 'customer01' }, code: 2999 }, 400],
    ['http_fault', { path: '../etc', status: 500 }, 400],
    ['http_fault', { path: 'ping' }, 400],
    ['http_fault', { path: 'ping', status: 200 }, 400],
    ['no_such_action', {}, 404],
  ])('%s %j → %i', async (name, body, status) => {
    const res = await control(t.url, name as ControlName, body as never);
    expect(res.status).toBe(status);
    expect(res.body?.status).toBe(false);
  });
});

describe('control API: HTTP faults and reset', () => {
  it('fails a path for the next N calls with the given status and message, then stops', async () => {
    const token = await t.login('customer01');
    await control(t.url, 'http_fault', {
      path: 'message/inquire',
      count: 2,
      status: 503,
      message: 'down for a test',
    });
    for (let i = 0; i < 2; i++) {
      const res = await t.call('message/inquire', { notify_status: 1, page_size: 1, page: 1 }, token);
      expect(res).toEqual({ status: 503, body: { status: false, message: 'down for a test' } });
    }
    expect((await t.call('message/inquire', {}, token)).status).toBe(200);
    expect((await t.call('ping', { value: 10 })).status).not.toBe(503);
  });

  it('slows a path down for the next N calls, then stops', async () => {
    await control(t.url, 'http_fault', { path: 'security/public_key', count: 1, delay_ms: 300 });
    let start = performance.now();
    expect((await t.call('security/public_key')).status).toBe(200);
    expect(performance.now() - start).toBeGreaterThanOrEqual(290);
    start = performance.now();
    await t.call('security/public_key');
    expect(performance.now() - start).toBeLessThan(250);
  });

  it('lists and clears pending faults', async () => {
    await control(t.url, 'http_fault', { path: 'ping', count: 5, status: 500 });
    expect((await control(t.url, 'state', {})).body?.data?.faults).toEqual([
      { path: 'ping', remaining: 5, status: 500, message: 'injected failure', delay_ms: 0, fault: null, after_call: false, dribble: null },
    ]);
    await control(t.url, 'clear_faults', {});
    expect((await control(t.url, 'state', {})).body?.data?.faults).toEqual([]);
  });

  it('resets the database to the seed', async () => {
    const admin = await t.login('admin01');
    await t.call('message/clear', {}, admin);
    expect(countOf(t.db, 'messages')).toBe(0);
    expect((await control(t.url, 'reset', {})).body).toEqual({ status: true, data: null });
    expect(countOf(t.db, 'messages')).toBeGreaterThan(0);
    // Sessions are part of the reset: the old token is gone.
    expect((await t.call('message/list', {}, admin)).status).toBe(401);
  });

  it('resets the database to the seed and keeps who is signed in with keep_sessions', async () => {
    const admin = await t.login('admin01');
    await t.call('message/clear', {}, admin);
    expect(countOf(t.db, 'messages')).toBe(0);
    const info = async () => (await t.call('admin/user_info', {}, admin)).body as { status: boolean; data?: { realtime_key: string; user_info: { account: string } } };
    const before = await info();
    const socket = await connectAs(t, 'customer01');
    expect((await control(t.url, 'reset', { keep_sessions: true })).body).toEqual({ status: true, data: null });
    expect(countOf(t.db, 'messages')).toBeGreaterThan(0);
    // Sockets close as with a plain reset (the console reconnects by itself).
    expect((await socket.closed).code).toBe(CloseCode.values.server_restarting);
    // The token from before the reset still calls, as the same user, on the seeded data.
    const list = await t.call('message/list', { page: 1, page_size: 1 }, admin);
    expect(list.status).toBe(200);
    expect((list.body as { status: boolean }).status).toBe(true);
    // Same user, same socket key: the console's reconnect signs in as before.
    expect(await info()).toMatchObject({ status: true, data: { realtime_key: before.data?.realtime_key, user_info: { account: 'admin01' } } });
  });

  it('ends with keep_sessions the sessions of users the seed does not hold', async () => {
    const res = await t.call('admin/register', { account: 'fresh_after_seed', password: t.encrypt('Passw0rd9') });
    expect(res.status).toBe(200);
    const token = (res.body.data as { token: string }).token;
    expect((await control(t.url, 'reset', { keep_sessions: true })).body?.status).toBe(true);
    expect((await t.call('message/list', {}, token)).status).toBe(401);
    // Not left behind pointing at no user (the tables were emptied with foreign keys off).
    expect(t.db.prepare('SELECT COUNT(*) FROM sessions WHERE user_id NOT IN (SELECT id FROM users)').pluck().get()).toBe(0);
  });

  it('refuses a keep_sessions that is not a boolean and changes nothing', async () => {
    const admin = await t.login('admin01');
    await t.call('message/clear', {}, admin);
    await control(t.url, 'http_fault', { path: 'ping', count: 3, status: 500 });
    const res = await control(t.url, 'reset', { keep_sessions: 'yes' } as never);
    expect(res.status).toBe(400);
    expect(res.body?.status).toBe(false);
    expect(res.body?.message).toContain('keep_sessions');
    expect(countOf(t.db, 'messages')).toBe(0);
    expect((await control(t.url, 'state', {})).body?.data?.faults).toHaveLength(1);
    // The QA journal a reset empties still holds the calls from before.
    const journal = (await controlCall(t, 'journal', { kind: 'http' })).body.data.entries;
    expect(journal.map((e) => (e.kind === 'api' ? e.call : ''))).toContain('message/clear');
    expect((await t.call('message/list', {}, admin)).status).toBe(200);
    await control(t.url, 'clear_faults', {});
  });
});

describe('production mode', () => {
  it('has no control API (404) and injects no faults', async () => {
    const prod = await startTestServer({ mode: 'production', scrypt: TEST_SCRYPT });
    try {
      for (const name of ['push', 'close', 'drop_all', 'http_fault', 'reset', 'state'] as const) {
        expect((await control(prod.url, name, {} as never)).status).toBe(404);
      }
      expect((await prod.call('security/public_key')).status).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('shutdown', () => {
  it('closes open sockets with 1001 and marks users offline when the server closes', async () => {
    const own = await startTestServer();
    const c = await connectAs(own, 'customer01');
    const status = () => valueOf<number>(own.db, 'users', 'online_status', { account: 'customer01' });
    expect(status()).toBe(2);
    const closing = own.close();
    // close() runs the hub's shutdown synchronously, while the database is still open.
    expect(status()).toBe(1);
    expect((await c.closed).code).toBe(1001);
    await closing;
  });
});
