import WebSocket from 'ws';
import {
  createFrameCounter,
  createReplayGuard,
  decodeServerFrame,
  Direction,
  encodeFrame,
  FrameType,
  importRealtimeKey,
  REALTIME_PATH,
  REALTIME_SID_PARAM,
  realtimeSessionId,
  type ClientFrame,
  type ServerFrame,
} from '../../contracts/index.ts';
import type { TestServer } from '../../harness/server.ts';

export interface Closed {
  code: number;
  reason: string;
}

/**
 * A real `ws` client speaking the encrypted protocol with the real codec, as the console does. Incoming frames
 * are decoded in order and queued; `next()` takes the next one. Frames that fail to decode are recorded in
 * `refused` (a test asserting on server frames fails if any show up there).
 */
export class RealtimeTestClient {
  readonly frames: ServerFrame[] = [];
  readonly refused: string[] = [];
  readonly closed: Promise<Closed>;
  private waiters: ((f: ServerFrame) => void)[] = [];
  private readonly counter = createFrameCounter(() => Date.now());
  private readonly guard = createReplayGuard(() => Date.now());
  private chain = Promise.resolve();

  private constructor(
    readonly ws: WebSocket,
    readonly key: CryptoKey,
    readonly token: string,
  ) {
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('message', (data) => {
      this.chain = this.chain.then(async () => {
        const decoded = await decodeServerFrame(this.key, data.toString());
        if (!decoded.ok) return void this.refused.push(decoded.reason);
        if (this.guard.check(decoded.frame) !== 'ok') return void this.refused.push('replayed');
        const waiter = this.waiters.shift();
        if (waiter) waiter(decoded.frame);
        else this.frames.push(decoded.frame);
      });
    });
  }

  /** Open a socket for a session (token + realtime_key), without logging in yet. */
  static async open(
    url: string,
    session: { token: string; realtime_key: string },
    options: { origin?: string; sid?: string } = {},
  ): Promise<RealtimeTestClient> {
    const sid = options.sid ?? (await realtimeSessionId(session.realtime_key));
    const wsUrl = `${url.replace(/^http/, 'ws')}${REALTIME_PATH}?${REALTIME_SID_PARAM}=${sid}`;
    const ws = new WebSocket(wsUrl, options.origin ? { origin: options.origin } : {});
    const client = new RealtimeTestClient(ws, await importRealtimeKey(session.realtime_key), session.token);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('close', () => resolve());
    });
    return client;
  }

  /** The next frame from the server (waits up to `ms`). */
  next(ms = 2000): Promise<ServerFrame> {
    const queued = this.frames.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no frame within ${ms} ms`)), ms);
      this.waiters.push((f) => {
        clearTimeout(timer);
        resolve(f);
      });
    });
  }

  /** Build a correctly numbered client frame (overrides win). */
  frame(type: number, overrides: Partial<ClientFrame> = {}): ClientFrame {
    return { type, locale: 'en', token: this.token, ...this.counter.next(), ...overrides } as ClientFrame;
  }

  async sendFrame(payload: ClientFrame): Promise<string> {
    const wire = await encodeFrame(this.key, Direction.toServer, payload);
    this.ws.send(wire);
    return wire;
  }

  async login(): Promise<ServerFrame> {
    await this.sendFrame(this.frame(FrameType.values.login));
    return this.next();
  }

  async ping(): Promise<ServerFrame> {
    await this.sendFrame(this.frame(FrameType.values.ping));
    return this.next();
  }

  close(): void {
    this.ws.close(1000);
  }
}

/** Log an account in over HTTP and return what the console keeps: token and realtime_key. */
export async function sessionOf(
  t: TestServer,
  account: string,
): Promise<{ token: string; realtime_key: string }> {
  const token = await t.login(account);
  const res = await t.call('admin/user_info', {}, token);
  const data = res.body.data as { token: string; realtime_key?: string };
  if (!data.realtime_key) throw new Error('user_info answered no realtime_key');
  return { token, realtime_key: data.realtime_key };
}

/** Log in over HTTP, open a socket and complete the realtime login. */
export async function connectAs(t: TestServer, account: string): Promise<RealtimeTestClient> {
  const client = await RealtimeTestClient.open(t.url, await sessionOf(t, account));
  const ack = await client.login();
  if (ack.type !== FrameType.values.login_ack || (ack.data as { status: boolean }).status !== true) {
    throw new Error(`login refused: ${JSON.stringify(ack)}`);
  }
  return client;
}
