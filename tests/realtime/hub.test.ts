import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  CloseCode,
  Direction,
  encodeFrame,
  FRAME_MAX_BYTES,
  FRAME_RATE_LIMIT,
  FrameType,
  importRealtimeKey,
  newRealtimeKey,
  REALTIME_PATH,
} from '../../contracts/index.ts';
import { connectAs, RealtimeTestClient, sessionOf } from './client.ts';
import { rowOf } from '../../fixtures/rows.ts';
import { updateUser } from '../../fixtures/factories.ts';
import { useApiServer } from '../helpers/api-server.ts';

const { t } = useApiServer();

const onlineOf = (account: string) =>
  rowOf<{ online_status: number; online_update_time: string | null }>(t.db, 'users', { account }, ['online_status', 'online_update_time'])!;

/** The server still answers HTTP and new sockets after a refusal. */
async function stillServes() {
  expect((await t.call('security/public_key')).status).toBe(200);
  const c = await connectAs(t, 'agent01');
  expect((await c.ping()).type).toBe(FrameType.values.heartbeat_ack);
  c.close();
  await c.closed;
}

describe('login and heartbeat', () => {
  it('every session answer carries a 256-bit realtime_key, the same for login and user_info of one session', async () => {
    const login = await t.call('admin/login', { account: 'admin01', password: t.encrypt('Admin12345') });
    const { token, realtime_key } = login.body.data as { token: string; realtime_key: string };
    expect(Buffer.from(realtime_key, 'base64')).toHaveLength(32);
    const info = await t.call('admin/user_info', {}, token);
    expect((info.body.data as { realtime_key: string }).realtime_key).toBe(realtime_key);
    const other = await t.call('admin/login', { account: 'admin01', password: t.encrypt('Admin12345') });
    expect((other.body.data as { realtime_key: string }).realtime_key).not.toBe(realtime_key);
  });

  it('acknowledges the login with the user id, answers each ping with a heartbeat ack, numbering its frames', async () => {
    const c = await RealtimeTestClient.open(t.url, await sessionOf(t, 'customer01'));
    const ack = await c.login();
    const userId = t.services.users.byAccount('customer01')!.id;
    expect(ack).toMatchObject({
      type: FrameType.values.login_ack,
      seq: 1,
      data: { status: true, user_id: userId },
    });
    for (let i = 0; i < 3; i++)
      expect(await c.ping()).toMatchObject({ type: FrameType.values.heartbeat_ack, seq: i + 2 });
    expect(c.refused).toEqual([]);
    c.close();
    await c.closed;
  });

  it('records the user online on login and offline when the last socket closes', async () => {
    updateUser(t.db, 'customer02', { online_status: 1, online_update_time: null });
    const a = await connectAs(t, 'customer02');
    const b = await connectAs(t, 'customer02');
    expect(onlineOf('customer02').online_status).toBe(2);
    expect(onlineOf('customer02').online_update_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    a.close();
    await a.closed;
    await new Promise((r) => setTimeout(r, 50));
    expect(onlineOf('customer02').online_status).toBe(2);
    b.close();
    await b.closed;
    await expect.poll(() => onlineOf('customer02').online_status).toBe(1);
  });

  it('shows the online status through the API too', async () => {
    const c = await connectAs(t, 'agent01');
    const res = await t.call('admin/user_info', {}, c.token);
    expect((res.body.data as { user_info: { online_status: number } }).user_info.online_status).toBe(2);
    c.close();
    await c.closed;
  });
});

describe('refusals close only that socket, with the documented code', () => {
  const cases: [string, (c: RealtimeTestClient) => Promise<unknown>, number][] = [
    [
      'a frame that is not base64',
      async (c) => c.ws.send('not base64 at all!'),
      CloseCode.values.undecryptable,
    ],
    [
      'a frame encrypted with another key',
      async (c) => {
        const wrong = await importRealtimeKey(newRealtimeKey());
        c.ws.send(await encodeFrame(wrong, Direction.toServer, c.frame(FrameType.values.login)));
      },
      CloseCode.values.undecryptable,
    ],
    [
      'a frame tampered with in transit',
      async (c) => {
        const wire = await encodeFrame(c.key, Direction.toServer, c.frame(FrameType.values.login));
        const bytes = Buffer.from(wire, 'base64');
        bytes[bytes.length - 1]! ^= 1;
        c.ws.send(bytes.toString('base64'));
      },
      CloseCode.values.undecryptable,
    ],
    [
      'a server→client frame reflected back (wrong direction)',
      async (c) => c.ws.send(await encodeFrame(c.key, Direction.toClient, c.frame(FrameType.values.login))),
      CloseCode.values.undecryptable,
    ],
    [
      'a decryptable frame that fails the schema',
      async (c) => c.sendFrame({ ...c.frame(FrameType.values.login), extra: 1 } as never),
      CloseCode.values.undecryptable,
    ],
    ['a binary frame', async (c) => c.ws.send(Buffer.from([1, 2, 3])), CloseCode.values.undecryptable],
    [
      'a ping before the login',
      async (c) => c.sendFrame(c.frame(FrameType.values.ping)),
      CloseCode.values.unauthenticated,
    ],
    [
      'a login with the token of another session',
      async (c) => c.sendFrame(c.frame(FrameType.values.login, { token: 'x'.repeat(43) })),
      CloseCode.values.bad_login,
    ],
    [
      'a frame whose seq repeats',
      async (c) => {
        const login = c.frame(FrameType.values.login);
        await c.sendFrame(login);
        await c.next();
        await c.sendFrame({ ...c.frame(FrameType.values.ping), seq: login.seq });
      },
      CloseCode.values.replayed,
    ],
    [
      'a frame replayed byte for byte',
      async (c) => {
        await c.login();
        const wire = await c.sendFrame(c.frame(FrameType.values.ping));
        await c.next();
        c.ws.send(wire);
      },
      CloseCode.values.replayed,
    ],
    [
      'a stale frame (ts ten minutes old)',
      async (c) => c.sendFrame(c.frame(FrameType.values.login, { ts: Date.now() - 10 * 60_000 })),
      CloseCode.values.replayed,
    ],
    [
      'a flood of pings (over the frame rate limit)',
      async (c) => {
        await c.login();
        for (let i = 0; i < FRAME_RATE_LIMIT.burst + 5; i++) await c.sendFrame(c.frame(FrameType.values.ping));
      },
      CloseCode.values.too_many_frames,
    ],
    [
      `a frame over ${FRAME_MAX_BYTES} bytes`,
      async (c) => {
        await c.login();
        c.ws.send('A'.repeat(FRAME_MAX_BYTES + 1));
      },
      CloseCode.values.too_large,
    ],
  ];

  it.each(cases)('%s', async (_name, act, code) => {
    const c = await RealtimeTestClient.open(t.url, await sessionOf(t, 'customer01'));
    await act(c);
    expect((await c.closed).code).toBe(code);
    await stillServes();
  });

  it('accepts a frame of exactly the limit size as far as size goes (it is refused as undecryptable)', async () => {
    const c = await RealtimeTestClient.open(t.url, await sessionOf(t, 'customer01'));
    c.ws.send('A'.repeat(FRAME_MAX_BYTES));
    expect((await c.closed).code).toBe(CloseCode.values.undecryptable);
  });

  it('refuses a login frame captured and replayed on a new socket', async () => {
    const session = await sessionOf(t, 'customer01');
    const first = await RealtimeTestClient.open(t.url, session);
    const wire = await first.sendFrame(first.frame(FrameType.values.login));
    expect((await first.next()).data).toMatchObject({ status: true });
    const second = await RealtimeTestClient.open(t.url, session);
    second.ws.send(wire);
    expect((await second.closed).code).toBe(CloseCode.values.replayed);
    first.close();
    await stillServes();
  });

  it('refuses an unknown sid with bad_login', async () => {
    const c = await RealtimeTestClient.open(t.url, await sessionOf(t, 'customer01'), { sid: '0'.repeat(32) });
    expect((await c.closed).code).toBe(CloseCode.values.bad_login);
  });

  it('refuses the login of a session that ended (logout) and closes a live socket at its next ping', async () => {
    const session = await sessionOf(t, 'customer01');
    const live = await RealtimeTestClient.open(t.url, session);
    await live.login();
    await t.call('admin/logout', {}, session.token);
    await live.sendFrame(live.frame(FrameType.values.ping));
    expect((await live.closed).code).toBe(CloseCode.values.session_ended);
    const again = await RealtimeTestClient.open(t.url, session);
    expect((await again.closed).code).toBe(CloseCode.values.bad_login);
  });

  it('closes a live socket at its next ping when the account is disabled', async () => {
    const live = await connectAs(t, 'customer02');
    updateUser(t.db, 'customer02', { disable: 2 });
    try {
      await live.sendFrame(live.frame(FrameType.values.ping));
      expect((await live.closed).code).toBe(CloseCode.values.session_ended);
    } finally {
      updateUser(t.db, 'customer02', { disable: 1 });
    }
  });

  it('refuses a foreign Origin at the handshake with 4006, and allows its own host', async () => {
    const session = await sessionOf(t, 'customer01');
    const evil = await RealtimeTestClient.open(t.url, session, { origin: 'https://evil.example' });
    expect((await evil.closed).code).toBe(CloseCode.values.origin_refused);
    const own = await RealtimeTestClient.open(t.url, session, { origin: t.url });
    expect((await own.login()).data).toMatchObject({ status: true });
    own.close();
  });

  it('answers 404 to an upgrade on another path', async () => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/other`);
    const status = await new Promise<number>((resolve) =>
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(404);
    expect(REALTIME_PATH).toBe('/ws');
  });
});
