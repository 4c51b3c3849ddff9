import { combineReducers, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { type SagaMonitor, type Task } from 'redux-saga';
import { all, delay, fork } from 'redux-saga/effects';
import { vi } from 'vitest';
import {
  Direction,
  FrameType,
  callsByPath,
  frameDefOf,
  requireFrame,
  clientFrame,
  newRealtimeKey,
  session as sessionSchema,
  type ClientFrame,
  type ConsumerReceiver,
  type Session,
} from '../../contracts/index.ts';
import { decodeFrameSync, encodeFrameSync, frameKeyOf } from '../../mock-server/realtime/node-codec.ts';
import type { EffectPattern, Expectation, IncomingFrame, Scenario, ScenarioStep } from '../../contracts/scenario.ts';
import type { Effects } from '../../client/io/effects/browser-effects.ts';
import { ApiError } from '../../client/io/errors.ts';
import type { RealtimeSocket, SocketEvent } from '../../client/io/effects/socket.ts';
import { memoryStorage, type StorageKey } from '../../client/io/storage.ts';
import { reducers } from '../../client/app/reducers.ts';
import { sessionFrameReceivers, sessionReducers } from '../../client/app/session-modules.ts';
import { startUpFrameReceivers } from '../../client/app/sagas.ts';
import { watchConnectivity } from '../../client/features/connectivity/sagas/connectivity-sagas.ts';
import { watchRealtime, type RealtimeOptions } from '../../client/features/realtime/sagas/realtime-sagas.ts';
import type { Saga } from '../../client/state/sagas/call.ts';
import { watchShare } from '../../client/features/share/sagas/share-sagas.ts';
import { watchResources } from '../../client/resources/sagas/resource-sagas.ts';
import './resources.ts';
import { appStarted, routeChanged } from '../../client/state/app-events.ts';
import { realtimeEvents } from '../../client/state/realtime-events.ts';
import { sessionEvents } from '../../client/state/session-slice.ts';
import { buildUserInfo } from '../../fixtures/factories.ts';
import { installSyncAesGcm } from './sync-aes-gcm.ts';

/**
 * Plays one scenario (contracts/scenario.ts) against the REAL effect sagas — realtime, connectivity, message
 * polling, share refresh — in a real store, with a fake environment: HTTP answers from the scenario, fake
 * sockets speaking the real encrypted protocol (AES-256-GCM with a fresh key per run), and a virtual clock.
 *
 * Virtual time: vi fake timers drive `delay`. Between timers the runner lets real asynchronous work finish
 * (WebCrypto runs on the thread pool, not as microtasks): a saga monitor counts the saga's pending promise
 * calls and the runner's own pending work, and time only moves when both are zero. So a ping due at 5,000 ms
 * is sent at exactly 5,000 ms however slow the machine is, and one virtual hour takes a fraction of a second.
 */

const START_EPOCH = Date.UTC(2026, 0, 1, 0, 0, 0);
/** Real timers, taken before any scenario fakes them: `settle`'s bound is real time. */
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
const SETTLE_LIMIT_NS = 10_000_000_000n;

export interface EffectEntry {
  t: number;
  key: string;
  body?: unknown;
  data?: unknown;
  text?: string;
  frame?: ClientFrame;
}

interface ActionEntry {
  t: number;
  type: string;
  payload: unknown;
}

export class ScenarioFailure extends Error {}

/** A frame's name in the registry; a frame the console sends must be a registered client → server one. */
function sentFrameName(type: number): string {
  try {
    return requireFrame(type, Direction.toServer).name;
  } catch (e) {
    throw new ScenarioFailure((e as Error).message);
  }
}

/** The runner delivers registered server → client frames only, unless the step says the type is unregistered on purpose. */
function checkDelivered(f: { type: number; unregistered?: true }): void {
  const def = frameDefOf(f.type);
  if (f.unregistered) {
    if (def) throw new ScenarioFailure(`frame type ${f.type} is registered (${def.name}): drop "unregistered"`);
    return;
  }
  try {
    requireFrame(f.type, Direction.toClient);
  } catch (e) {
    throw new ScenarioFailure(`${(e as Error).message}; a scenario sending it on purpose says "unregistered": true`);
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  return v;
}
/** Every key of `pattern` matches in `value` (objects recursively, arrays and scalars exactly). */
function partialMatch(pattern: unknown, value: unknown): boolean {
  if (pattern && typeof pattern === 'object' && !Array.isArray(pattern)) {
    if (!value || typeof value !== 'object') return false;
    return Object.entries(pattern).every(([k, p]) => partialMatch(p, (value as Record<string, unknown>)[k]));
  }
  return deepEqual(pattern, value);
}
function at(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

function describeEffect(e: EffectEntry): string {
  const extra = e.body !== undefined ? ` ${JSON.stringify(e.body)}` : e.data !== undefined ? ` ${JSON.stringify(e.data)}` : e.text ? ` "${e.text}"` : '';
  return `@${e.t} ${e.key}${extra}`;
}

const USER_INFO = buildUserInfo();

class FakeSocket implements RealtimeSocket {
  state: 'connecting' | 'open' | 'closed' = 'connecting';
  /** Last seq the fake server used towards the console on this socket. */
  outSeq = 0;
  private listeners = new Set<(e: SocketEvent) => void>();
  constructor(
    private readonly env: Environment,
    readonly index: number,
  ) {}
  subscribe(listener: (e: SocketEvent) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  emit(e: SocketEvent) {
    if (e.kind === 'open') this.state = 'open';
    if (e.kind === 'close') this.state = 'closed';
    for (const l of [...this.listeners]) l(e);
  }
  send(wire: string) {
    if (this.state !== 'open') throw new Error('InvalidStateError: socket not open');
    this.env.onSent(this, wire);
  }
  close(code: number) {
    this.env.record({ key: `close:${code}` });
    if (this.state === 'closed') return;
    this.state = 'closed';
    // A browser reports its own close later, with the code it sent (the server echoes it).
    this.env.later(() => {
      for (const l of [...this.listeners]) l({ kind: 'close', code, reason: '' });
    });
  }
}

type ServerState = { state: 'up' | 'down' | 'hold'; login: 'accept' | 'refuse' | 'ignore'; pong: boolean };

class Environment {
  readonly effects: EffectEntry[] = [];
  readonly actions: ActionEntry[] = [];
  readonly sockets: FakeSocket[] = [];
  readonly answers = new Map<string, { data?: unknown; fail?: number; message?: string; held?: true; left: number }[]>();
  server: ServerState = { state: 'up', login: 'accept', pong: true };
  route = { pathname: '/customer/home', search: '' };
  /** Runner-side async work in flight (socket events, encryption of server frames). */
  pending = 0;
  /** Saga CALL effects in flight (effectId → true) and pending delays (effectId → due time). */
  readonly sagaCalls = new Set<number>();
  readonly delays = new Map<number, number>();
  /**
   * Calls waiting for a held answer (`held`), per path, oldest first: an `answer` step releases one. They wait on
   * the scenario, not on real work, so they do not keep `settle` waiting (one saga call each).
   */
  readonly heldCalls = new Map<string, (() => void)[]>();
  private heldCount = 0;
  /** Document visibility (the `visibility` step) and who listens to it. */
  visible = true;
  readonly visibilityListeners = new Set<(visible: boolean) => void>();
  keyText = newRealtimeKey();
  /**
   * The fake server's side of the protocol is the mock server's own codec (node:crypto, synchronous): the
   * console's WebCrypto codec meets the server's real one, and each frame costs one thread-pool job (the
   * console's) instead of two.
   */
  readonly key = frameKeyOf(this.keyText);
  dispatch: (a: UnknownAction) => void = () => {};
  private randomAt = 0;
  private errors: unknown[] = [];

  constructor(private readonly sc: Scenario) {
    const c = sc.config ?? {};
    if (c.route) this.route = splitRoute(c.route);
    this.server = { ...this.server, ...stripDrop(c.server ?? {}) };
  }

  now(): number {
    return Date.now() - START_EPOCH;
  }
  record(e: Omit<EffectEntry, 't'>): EffectEntry {
    const entry = { t: this.now(), ...e };
    this.effects.push(entry);
    return entry;
  }
  /** Run `fn` as a microtask, counted as pending work until it finished. */
  later(fn: () => void | Promise<void>) {
    this.pending++;
    queueMicrotask(() => {
      Promise.resolve()
        .then(fn)
        .catch((e: unknown) => this.errors.push(e))
        .finally(() => {
          this.pending--;
          this.poke();
        });
    });
  }
  throwIfFailed() {
    if (this.errors.length) throw this.errors[0];
  }

  random(): number {
    const list = this.sc.config?.random ?? [0.5];
    return list[this.randomAt++ % list.length];
  }

  openSocket(): FakeSocket {
    const s = new FakeSocket(this, this.sockets.length);
    this.sockets.push(s);
    this.record({ key: 'connect' });
    if (this.server.state === 'up') this.later(() => s.emit({ kind: 'open' }));
    if (this.server.state === 'down') this.later(() => s.emit({ kind: 'close', code: 1006, reason: '' }));
    return s;
  }

  onSent(socket: FakeSocket, wire: string) {
    const entry = this.record({ key: 'frame:?' });
    this.later(async () => {
      const decoded = decodeFrameSync(this.key, Direction.toServer, wire, clientFrame);
      if (!decoded.ok) throw new ScenarioFailure(`the console sent a frame the server cannot decode: ${decoded.reason}`);
      entry.key = `frame:${sentFrameName(decoded.frame.type)}`;
      entry.frame = decoded.frame;
      if (decoded.frame.data !== undefined) entry.data = decoded.frame.data;
      if (socket.state !== 'open') return;
      if (decoded.frame.type === FrameType.values.login) {
        if (this.server.login === 'accept') await this.deliver(socket, { type: FrameType.values.login_ack, data: { status: true, user_id: USER_INFO.id } });
        if (this.server.login === 'refuse') {
          await this.deliver(socket, { type: FrameType.values.login_ack, data: { status: false, message: 'login refused' } });
          socket.emit({ kind: 'close', code: 4001, reason: 'bad login' });
        }
      } else if (decoded.frame.type === FrameType.values.ping && this.server.pong) {
        await this.deliver(socket, { type: FrameType.values.heartbeat_ack });
      }
    });
  }

  async deliver(socket: FakeSocket, f: { type: number; data?: unknown; locale?: string; token?: string; seq?: number; tsOffset?: number; unregistered?: true }) {
    checkDelivered(f);
    const seq = f.seq ?? socket.outSeq + 1;
    socket.outSeq = Math.max(socket.outSeq, seq);
    const frame = { type: f.type, locale: f.locale ?? 'en', token: f.token ?? '', seq, ts: Date.now() + (f.tsOffset ?? 0), ...(f.data !== undefined ? { data: f.data } : {}) };
    const wire = encodeFrameSync(this.key, Direction.toClient, frame);
    if (socket.state === 'open') socket.emit({ kind: 'message', data: wire });
  }

  liveSocket(): FakeSocket {
    const s = [...this.sockets].reverse().find((x) => x.state !== 'closed');
    if (!s) throw new ScenarioFailure('no console socket is open or connecting');
    return s;
  }

  /** Deliver `frame` on the live socket and wait until the console has dispatched it as a received frame. */
  private async pushDuringCall(frame: IncomingFrame) {
    const seen = this.actions.length;
    const received = () =>
      this.actions.slice(seen).some((x) => x.type === realtimeEvents.frameReceived.type && (x.payload as { type?: number }).type === frame.type);
    const socket = this.liveSocket();
    if (socket.state !== 'open') throw new ScenarioFailure('pushFirst: the socket is not open');
    await this.deliver(socket, frame);
    const end = process.hrtime.bigint() + SETTLE_LIMIT_NS;
    while (!received()) {
      if (process.hrtime.bigint() > end) throw new ScenarioFailure(`pushFirst: the console never received the type-${frame.type} frame`);
      await new Promise<void>((r) => setImmediate(r));
    }
  }

  answer(path: string): { data?: unknown; fail?: number; message?: string; held?: true; pushFirst?: IncomingFrame } | undefined {
    const queue = this.answers.get(path);
    const head = queue?.[0];
    if (head) {
      head.left -= 1;
      if (head.left <= 0) queue.shift();
      return head;
    }
    return this.sc.config?.http?.[path];
  }

  makeEffects(): Effects {
    const storage = memoryStorage();
    return {
      callApi: async (call, body) => {
        this.record({ key: `call:${call.path}`, body });
        const a = this.answer(call.path);
        await Promise.resolve();
        if (a && 'pushFirst' in a && a.pushFirst) await this.pushDuringCall(a.pushFirst);
        if (a?.held) await this.heldAnswer(call.path);
        if (!a || a.fail !== undefined) throw new ApiError(call.path, a?.fail ?? 0, a?.message ?? '');
        const def = callsByPath.get(call.path);
        if (!def) throw new ScenarioFailure(`unknown call ${call.path}`);
        const parsed = def.response.safeParse(a.data);
        if (!parsed.success) throw new ScenarioFailure(`scenario answer for ${call.path} does not match its contract: ${parsed.error.message}`);
        return parsed.data as never;
      },
      encryptPassword: async (plain) => plain,
      storage: {
        get: (k) => storage.get(k),
        set: (k, v) => storage.set(k, v),
        remove: (k: StorageKey) => {
          this.record({ key: `storage:remove:${k}` });
          storage.remove(k);
        },
      },
      navigate: (to) => {
        this.record({ key: `navigate:${to}` });
        this.later(() => this.setRoute(to));
      },
      currentPath: () => this.route.pathname,
      reload: () => void this.record({ key: 'reload' }),
      toast: (m, intent) => void this.record({ key: `toast:${intent}`, text: 'text' in m ? m.text : m.key }),
      setDocumentTitle: () => {},
      setFavicon: () => {},
      userAgent: 'scenario-runner',
      openSocket: this.sc.config?.webSocket === false ? null : () => this.openSocket(),
      random: () => this.random(),
      now: () => Date.now(),
      pageVisible: {
        matches: () => this.visible,
        subscribe: (listener) => {
          this.visibilityListeners.add(listener);
          return () => void this.visibilityListeners.delete(listener);
        },
      },
    };
  }

  /** Wait until an `answer` step releases this call's held answer. */
  private heldAnswer(path: string): Promise<void> {
    this.heldCount++;
    this.poke();
    return new Promise<void>((resolve) =>
      this.heldCalls.set(path, [
        ...(this.heldCalls.get(path) ?? []),
        () => {
          this.heldCount--;
          resolve();
        },
      ]),
    );
  }

  /** Release the held answer of the oldest waiting call to `path`; false when none waits. */
  release(path: string): boolean {
    const next = this.heldCalls.get(path)?.shift();
    next?.();
    return next !== undefined;
  }

  setRoute(to: string) {
    this.route = splitRoute(to);
    this.dispatch(routeChanged(this.route));
  }

  /** Wakes `settle` when a saga call or runner work ends (set only while it waits). */
  private wake: (() => void) | null = null;
  private poke() {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  /**
   * Let real async work finish: no saga promise call and no runner work pending, for a few loop turns.
   * While work is pending it sleeps until that work ends (the monitor and `later` poke it) instead of spinning
   * the event loop: WebCrypto jobs run on libuv's thread pool, and on two busy cores a spinning main thread
   * slows the very thread it waits for (it once took 64 spins per settle, 2 s of the suite's 3.5 s).
   */
  async settle() {
    // Bounded by real time (Date is virtual here): WebCrypto on a loaded machine can take a while.
    const end = process.hrtime.bigint() + SETTLE_LIMIT_NS;
    let quiet = 0;
    const busy = () => this.sagaCalls.size - this.heldCount > 0 || this.pending !== 0;
    while (process.hrtime.bigint() < end) {
      if (busy()) {
        quiet = 0;
        await new Promise<void>((resolve) => {
          const timer = realSetTimeout(resolve, Number((end - process.hrtime.bigint()) / 1_000_000n) + 1);
          this.wake = () => {
            realClearTimeout(timer);
            resolve();
          };
        });
        continue;
      }
      await new Promise<void>((r) => setImmediate(r));
      if (!busy()) {
        if (++quiet >= 3) return this.throwIfFailed();
      } else quiet = 0;
    }
    throw new ScenarioFailure(`the sagas did not settle (calls ${this.sagaCalls.size}, runner work ${this.pending})`);
  }

  /** Move virtual time forward by `ms`, stopping at every pending delay so work between timers completes. */
  async advance(ms: number) {
    const target = this.now() + ms;
    await this.settle();
    for (;;) {
      const due = Math.min(...this.delays.values()) - START_EPOCH;
      if (!Number.isFinite(due) || due > target) break;
      // One timer at a time, then let its real async work (WebCrypto) finish: two timers due in the same
      // millisecond then always act in the order they were set, however fast the machine is.
      this.ticking = true;
      try {
        await vi.advanceTimersToNextTimerAsync();
      } finally {
        this.ticking = false;
      }
      await this.settle();
    }
    await this.tick(target - this.now());
    await this.settle();
  }

  private ticking = false;
  private async tick(ms: number) {
    this.ticking = true;
    try {
      await vi.advanceTimersByTimeAsync(ms);
    } finally {
      this.ticking = false;
    }
  }

  monitor(): SagaMonitor {
    const delayFn = (delay(0) as unknown as { payload: { fn: unknown } }).payload.fn;
    return {
      effectTriggered: ({ effectId, effect }) => {
        const e = effect as { type?: string; payload?: { fn?: unknown; args?: unknown[] } } | undefined;
        if (e?.type !== 'CALL' || !e.payload) return;
        const fn = e.payload.fn as { constructor?: { name?: string } };
        if (fn === delayFn) {
          // Fake timers run a 0 ms timer set while they are ticking 1 ms later (like a browser's clamping).
          const ms = Number(e.payload.args?.[0] ?? 0);
          this.delays.set(effectId, Date.now() + (ms === 0 && this.ticking ? 1 : ms));
        }
        else if (fn?.constructor?.name !== 'GeneratorFunction') this.sagaCalls.add(effectId);
      },
      effectResolved: (id) => this.forget(id),
      effectRejected: (id) => this.forget(id),
      effectCancelled: (id) => this.forget(id),
    };
  }
  private forget(id: number) {
    if (this.sagaCalls.delete(id)) this.poke();
    this.delays.delete(id);
  }
}

function splitRoute(to: string) {
  const q = to.indexOf('?');
  return q < 0 ? { pathname: to, search: '' } : { pathname: to.slice(0, q), search: to.slice(q) };
}
function stripDrop<T extends { drop?: number }>(m: T): Omit<T, 'drop'> {
  const { drop: _drop, ...rest } = m;
  return rest;
}

function matchEffect(p: EffectPattern, e: EffectEntry): boolean {
  if (typeof p === 'string') return p === e.key;
  if (p.effect !== e.key) return false;
  if (p.at !== undefined && p.at !== e.t) return false;
  if (p.body !== undefined && !deepEqual(p.body, e.body)) return false;
  if (p.data !== undefined && !deepEqual(p.data, e.data)) return false;
  if (p.text !== undefined && p.text !== e.text) return false;
  return true;
}

/** Everything a played scenario leaves behind, for assertions beyond the file's own. */
export interface PlayResult {
  effects: EffectEntry[];
  actions: ActionEntry[];
  state: unknown;
}

export interface PlayOptions {
  /**
   * `sync` (default): the console's AES-GCM and SHA-256 answered by node:crypto behind `crypto.subtle`
   * (sync-aes-gcm.ts says why); `native`: Node's WebCrypto, each call a thread-pool job.
   */
  webCrypto?: 'sync' | 'native';
  /**
   * Mutation checks only (tests/sagas/scenario-mutants.test.ts): a watcher replaced by one with a rule broken,
   * or the real-time saga's options changed, to prove a scenario fails when its rule does not hold.
   */
  watchers?: Partial<Record<WatcherName, () => Saga>>;
  realtime?: Partial<RealtimeOptions>;
  /** Mutation checks only: the real-time watcher replaced (it is given the scenario's options). */
  realtimeWatcher?: (options: Partial<RealtimeOptions>) => Saga;
}

/**
 * The console's effect sagas the runner plays, by name: every frame receiver the frame registry names, as the
 * app registers them (start-up's and the session's), and the two public watchers that take no frame.
 */
const WATCHERS = {
  connectivity: watchConnectivity,
  share: watchShare,
  ...startUpFrameReceivers,
  ...sessionFrameReceivers,
  resources: watchResources,
} satisfies Record<string, () => Saga> & Record<ConsumerReceiver, () => Saga>;
export type WatcherName = keyof typeof WATCHERS;

export async function playScenario(sc: Scenario, options: PlayOptions = {}): Promise<PlayResult> {
  const restoreCrypto = options.webCrypto === 'native' ? () => {} : installSyncAesGcm();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: START_EPOCH });
  const env = new Environment(sc);
  const recordActions: Middleware = () => (next) => (action) => {
    const a = action as UnknownAction;
    env.actions.push({ t: env.now(), type: a.type, payload: a.payload });
    return next(action);
  };
  const sagaMiddleware = createSagaMiddleware({ context: { effects: env.makeEffects() }, sagaMonitor: env.monitor() });
  const store = configureStore({
    // The console's whole state once logged in: start-up slices and the session module's slices.
    reducer: combineReducers({ ...reducers, ...sessionReducers }),
    // The immutability check stays (it throws, so a reducer mutating state fails the scenario); the
    // serializability check only logs, never fails a scenario, and walked every action: a tenth of the run.
    middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: false }).concat(recordActions, sagaMiddleware),
  });
  env.dispatch = (a) => store.dispatch(a);
  const maxFailures = sc.config?.maxFailures;
  const realtimeOptions = { ...(maxFailures !== undefined ? { maxFailures } : {}), ...options.realtime };
  const watchers = { ...WATCHERS, ...options.watchers };
  const task: Task = sagaMiddleware.run(function* root() {
    yield all([fork(options.realtimeWatcher ?? watchRealtime, realtimeOptions), ...Object.values(watchers).map((w) => fork(w))]);
  });

  let effectMark = 0;
  let actionMark = 0;
  let tokens = 0;
  const fail = (where: string, msg: string): never => {
    throw new ScenarioFailure(`${sc.name}: ${where}: ${msg}`);
  };

  const check = (x: Expectation, where: string) => {
    const effects = env.effects.slice(effectMark);
    const actions = env.actions.slice(actionMark);
    const list = () => (effects.length ? effects.map(describeEffect).join('\n    ') : '(none)');
    if (x.effects) {
      const ok = x.effects.length === effects.length && x.effects.every((p, i) => matchEffect(p, effects[i]));
      if (!ok) fail(where, `effects differ.\n  expected:\n    ${x.effects.map((p) => JSON.stringify(p)).join('\n    ')}\n  actual:\n    ${list()}`);
    }
    if (x.counts) {
      const tally = new Map<string, number>();
      for (const e of effects) tally.set(e.key, (tally.get(e.key) ?? 0) + 1);
      for (const [k, n] of Object.entries(x.counts)) if ((tally.get(k) ?? 0) !== n) fail(where, `${k}: expected ${n}, got ${tally.get(k) ?? 0}`);
      for (const [k, n] of tally) if (!(k in x.counts)) fail(where, `unexpected effect ${k} ×${n}`);
    }
    if (x.actions) {
      let i = 0;
      for (const p of x.actions) {
        const type = typeof p === 'string' ? p : p.type;
        const payload = typeof p === 'string' ? undefined : p.payload;
        while (i < actions.length && !(actions[i].type === type && (payload === undefined || partialMatch(payload, actions[i].payload)))) i++;
        if (i === actions.length) fail(where, `action ${JSON.stringify(p)} not dispatched (in order). Dispatched: ${actions.map((a) => a.type).join(', ')}`);
        i++;
      }
    }
    for (const type of x.noActions ?? []) if (actions.some((a) => a.type === type)) fail(where, `action ${type} was dispatched`);
    for (const [path, want] of Object.entries(x.state ?? {})) {
      const got = at(store.getState(), path);
      if (!deepEqual(want, got)) fail(where, `state ${path}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    }
    if (x.openSockets !== undefined) {
      const open = env.sockets.filter((s) => s.state !== 'closed').length;
      if (open !== x.openSockets) fail(where, `open sockets: expected ${x.openSockets}, got ${open}`);
    }
    if (x.now !== undefined && x.now !== env.now()) fail(where, `virtual time: expected ${x.now}, got ${env.now()}`);
    effectMark = env.effects.length;
    actionMark = env.actions.length;
  };

  const session = (token: string, withoutKey: boolean): Session =>
    sessionSchema.parse({ token, user_info: USER_INFO, ...(withoutKey ? {} : { realtime_key: env.keyText }) });

  const run = async (steps: readonly ScenarioStep[], path: string): Promise<void> => {
    for (const [i, step] of steps.entries()) {
      const where = `${path}[${i}] ${JSON.stringify(step).slice(0, 80)}`;
      if ('advance' in step) await env.advance(step.advance);
      else if ('advanceTo' in step) {
        if (step.advanceTo < env.now()) fail(where, `time is already ${env.now()}`);
        await env.advance(step.advanceTo - env.now());
      } else if ('start' in step) store.dispatch(appStarted());
      else if ('login' in step) {
        const s = session(step.login.token ?? `token-${++tokens}`, step.login.withoutKey ?? false);
        const via = step.login.via ?? 'login';
        store.dispatch(via === 'startup' ? sessionEvents.userInfoLoaded(s) : via === 'register' ? sessionEvents.registered(s) : sessionEvents.loggedIn(s));
      } else if ('logout' in step) store.dispatch(sessionEvents.loggedOut());
      else if ('expire' in step) store.dispatch(sessionEvents.expired());
      else if ('route' in step) env.setRoute(step.route);
      else if ('http' in step) {
        const { path: p, times = 1, ...answer } = step.http;
        if (!callsByPath.has(p)) fail(where, `unknown call path ${p}`);
        env.answers.set(p, [...(env.answers.get(p) ?? []), { ...answer, left: times }]);
      } else if ('answer' in step) {
        if (!env.release(step.answer)) fail(where, `no call of ${step.answer} is waiting for its answer`);
      } else if ('server' in step) {
        env.server = { ...env.server, ...stripDrop(step.server) };
        const code = step.server.drop;
        if (code !== undefined) for (const s of env.sockets.filter((x) => x.state !== 'closed')) s.emit({ kind: 'close', code, reason: '' });
      } else if ('socket' in step) {
        const ev = step.socket;
        const s = env.liveSocket();
        if ('open' in ev) {
          if (s.state !== 'connecting') fail(where, 'the socket is already open');
          s.emit({ kind: 'open' });
        } else if ('close' in ev) s.emit({ kind: 'close', code: ev.close, reason: ev.reason ?? '' });
        else if ('raw' in ev) s.emit({ kind: 'message', data: ev.raw });
        else {
          if (s.state !== 'open') fail(where, 'the socket is not open');
          env.pending++;
          await env.deliver(s, ev.frame).finally(() => env.pending--);
        }
      } else if ('dispatch' in step) store.dispatch(step.dispatch as UnknownAction);
      else if ('visibility' in step) {
        env.visible = step.visibility === 'visible';
        for (const l of [...env.visibilityListeners]) l(env.visible);
      }
      else if ('expect' in step) {
        await env.settle();
        check(step.expect, where);
        continue;
      } else if ('repeat' in step) {
        for (let n = 0; n < step.repeat; n++) await run(step.steps, `${where} #${n + 1}`);
        continue;
      }
      await env.settle();
    }
  };

  try {
    await run(sc.steps, 'steps');
    return { effects: env.effects, actions: env.actions, state: store.getState() };
  } finally {
    task.cancel();
    vi.useRealTimers();
    restoreCrypto();
  }
}
