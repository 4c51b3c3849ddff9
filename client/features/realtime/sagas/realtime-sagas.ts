import type { PayloadAction } from '@reduxjs/toolkit';
import { channel, type Channel, type EventChannel, type Task } from 'redux-saga';
import { call, cancel, cancelled, delay, fork, put, race, select, take } from 'redux-saga/effects';
import {
  CloseCode,
  createFrameCounter,
  createReplayGuard,
  Direction,
  decodeServerFrame,
  encodeFrame,
  frameDefOf,
  FrameType,
  importRealtimeKey,
  LOGIN_TIMEOUT_MS,
  REALTIME_TUNING,
  realtimeSessionId,
  reconnectDelayMs,
  SESSION_REFUSED_CODES,
  shouldReconnect,
  type ClientFrame,
  type DecodeResult,
  type Locale,
  type ServerFrame,
  type Session,
} from '../../../../contracts/index.ts';
import type { RealtimeSocket, SocketEvent } from '../../../io/effects/socket.ts';
import { STORAGE_KEYS } from '../../../io/storage.ts';
import { keyMessage, textMessage } from '../../../state/message.ts';
import { realtimeEvents } from '../../../state/realtime-events.ts';
import { effects, type Saga } from '../../../state/sagas/call.ts';
import { createCadence, tickDue } from '../../../state/sagas/cadence.ts';
import { selectLanguage } from '../../../state/selectors.ts';
import { SESSION_ENDED, SESSION_STARTED, sessionEvents } from '../../../state/session-slice.ts';
import { createSocketChannel } from './socket-channel.ts';

export interface RealtimeOptions {
  /** Consecutive failed connections tolerated; the next one stops reconnecting. Default 20 (spec §9). */
  maxFailures: number;
  /** Full-jitter backoff base and cap (contracts REALTIME_TUNING). */
  backoffBaseMs: number;
  backoffCapMs: number;
  pingIntervalMs: number;
  /** A socket still connecting after this long is abandoned (a black-holed network never reports a close). */
  connectTimeoutMs: number;
  /** An open socket whose login is not acknowledged within this long is abandoned (the server's own limit). */
  loginAckTimeoutMs: number;
  /**
   * A logged-in socket that hears nothing from the server for this long (the replies to its pings are missing)
   * is stale: dropped without waiting for a close, and the console reconnects. Default 12 s (contracts tuning).
   */
  heartbeatTimeoutMs: number;
}

/**
 * The failure limit a deployment chose at build time (`VITE_REALTIME_MAX_FAILURES`, a whole number ≥ 0), else
 * the spec's 20. Anything else is ignored rather than guessed at.
 */
export function maxFailuresFrom(configured: string | undefined): number {
  const n = configured === undefined || configured.trim() === '' ? NaN : Number(configured);
  return Number.isInteger(n) && n >= 0 && n <= 1000 ? n : REALTIME_TUNING.maxLinkFailures;
}

export const defaultRealtimeOptions: RealtimeOptions = {
  maxFailures: maxFailuresFrom(import.meta.env?.VITE_REALTIME_MAX_FAILURES as string | undefined),
  backoffBaseMs: REALTIME_TUNING.reconnectBaseMs,
  backoffCapMs: REALTIME_TUNING.reconnectCapMs,
  pingIntervalMs: REALTIME_TUNING.pingIntervalMs,
  connectTimeoutMs: 10_000,
  loginAckTimeoutMs: LOGIN_TIMEOUT_MS,
  heartbeatTimeoutMs: REALTIME_TUNING.heartbeatTimeoutMs,
};

/** Close code we send when we abandon a socket that timed out; the attempt counts as a failure. */
const ABANDONED = CloseCode.values.normal;
/** The reason of the close we send when the server went silent (the heartbeat timeout). */
export const HEARTBEAT_TIMEOUT = 'heartbeat timeout';

export const LOGIN_PATH = '/admin_login';
const DELIBERATE = CloseCode.values.deliberate;

/**
 * How one connection ended. `refused`: the server said the session is not valid (ack false, 4001, 4007);
 * `refusal` is its message. `acknowledged`: the server accepted this socket's login at some point.
 * `silentMs`: set when the console dropped it because the server fell silent (the heartbeat timeout).
 */
type ConnectionEnd = {
  code: number;
  reason: string;
  refused: boolean;
  refusal: string;
  acknowledged: boolean;
  byConsole: boolean;
  silentMs?: number;
};

interface Link {
  socket: RealtimeSocket;
  key: CryptoKey;
  token: string;
  counter: ReturnType<typeof createFrameCounter>;
  /** Set once we closed the socket ourselves, so `finally` does not close it twice. */
  closedByUs: boolean;
  /** Why we gave up on this socket before its login was acknowledged (a timeout), if we did. */
  abandoned: string | null;
}

function* sendFrame(link: Link, type: typeof FrameType.values.login | typeof FrameType.values.ping): Saga {
  const language = (yield select(selectLanguage)) as Locale;
  const frame = { type, locale: language, token: link.token, ...link.counter.next() } as ClientFrame;
  // Told before the asynchronous encryption: the event stream places the frame where this saga decided to send
  // it, as a replay does (it waits for the encryption before its next event), not after whatever arrived meanwhile.
  yield put(realtimeEvents.frameSending(frame));
  const wire = (yield call(encodeFrame, link.key, Direction.toServer, frame)) as string;
  try {
    link.socket.send(wire);
  } catch {
    // socket already closing: its close event ends the connection
  }
}

/** A ping every `intervalMs` on a grid anchored at the socket's opening (state/sagas/cadence.ts). */
function* pingLoop(link: Link, intervalMs: number, openedAt: number): Saga {
  const fx = yield* effects();
  const cadence = createCadence(openedAt, intervalMs);
  for (;;) {
    yield delay(cadence.waitMs(fx.now()));
    yield tickDue(cadence);
    yield* sendFrame(link, FrameType.values.ping);
    cadence.ticked(fx.now());
  }
}

/**
 * After the login is acknowledged: when nothing has come from the server for `timeoutMs` (`heard()` is the
 * time of its last frame), say so on `stale` with the silence's length, once.
 */
function* heartbeatWatch(heard: () => number, timeoutMs: number, stale: Channel<number>): Saga {
  const fx = yield* effects();
  for (;;) {
    const silent = fx.now() - heard();
    if (silent >= timeoutMs) {
      yield put(stale, silent);
      return;
    }
    yield delay(timeoutMs - silent);
  }
}

/** Close the socket if it is still waiting after `ms` (to open, or for the login acknowledgement). */
function* abandonAfter(link: Link, ms: number, why: string): Saga {
  yield delay(ms);
  link.abandoned = why;
  closeSocket(link, ABANDONED, why);
}

function closeSocket(link: Link, code: number, reason: string): void {
  if (link.closedByUs) return;
  link.closedByUs = true;
  try {
    link.socket.close(code, reason);
  } catch {
    /* already closed */
  }
}

/**
 * A frame type the registry does not know (contracts/realtime/frame-registry.ts) is still passed on (spec §4:
 * anything else is passed on), but a development build says so loudly: no receiver of the console takes it.
 */
function unregistered(type: number): void {
  if (import.meta.env?.DEV) console.error(`[realtime] frame type ${type} is not registered (contracts/realtime/frame-registry.ts): no receiver takes it`);
}

/** §8: status false + message → error toast; a message alone → success toast. */
function* replyToast(frame: ServerFrame): Saga {
  const fx = yield* effects();
  const data = frame.data as { status?: unknown; message?: unknown } | undefined;
  if (!data || typeof data.message !== 'string' || !data.message) return;
  if (data.status === false) fx.toast(textMessage(data.message), 'danger');
  else fx.toast(textMessage(data.message), 'success');
}

/**
 * One socket from open to close. Returns how it ended; when cancelled (logout) it closes with 3001. The
 * ping loop is a child task, cancelled with the connection.
 */
export function* connectionFlow(link: Link, options: RealtimeOptions): Saga<ConnectionEnd> {
  const fx = yield* effects();
  const socketEvents = (yield call(createSocketChannel, link.socket)) as EventChannel<SocketEvent>;
  const guard = createReplayGuard(fx.now);
  let pinger: Task | null = null;
  let watchdog: Task | null = null;
  let heartbeat: Task | null = null;
  let acknowledged = false;
  let lastHeard = fx.now();
  const stale = channel<number>();
  const end = (code: number, reason: string, byConsole: boolean, refused = false, refusal = ''): ConnectionEnd => ({
    code,
    reason,
    refused,
    refusal,
    acknowledged,
    byConsole,
  });
  try {
    // Until the login is acknowledged every wait is bounded: a watchdog closes a socket still connecting
    // after connectTimeoutMs, or still unacknowledged loginAckTimeoutMs after opening; its close event then
    // ends the connection like any other (one timer per phase, so the order of timers is deterministic).
    watchdog = (yield fork(abandonAfter, link, options.connectTimeoutMs, 'connect timeout')) as Task;
    for (;;) {
      const next = (yield race({ event: take(socketEvents), silentMs: take(stale) })) as { event?: SocketEvent; silentMs?: number };
      if (next.silentMs !== undefined) {
        // A half-open link may never report a close: the connection ends now, whatever the socket does next.
        closeSocket(link, ABANDONED, HEARTBEAT_TIMEOUT);
        return { ...end(ABANDONED, HEARTBEAT_TIMEOUT, true), silentMs: next.silentMs };
      }
      const event = next.event!;
      if (event.kind === 'open') {
        const openedAt = fx.now();
        yield cancel(watchdog);
        watchdog = (yield fork(abandonAfter, link, options.loginAckTimeoutMs, 'login not acknowledged')) as Task;
        yield put(realtimeEvents.socketOpened());
        yield* sendFrame(link, FrameType.values.login);
        pinger = (yield fork(pingLoop, link, options.pingIntervalMs, openedAt)) as Task;
      } else if (event.kind === 'close') {
        if (link.abandoned) return end(event.code, link.abandoned, true);
        return end(event.code, event.reason, false, SESSION_REFUSED_CODES.includes(event.code));
      } else if (event.kind === 'message') {
        lastHeard = fx.now(); // anything from the server, even a frame it cannot read, proves the link alive
        const decoded = (yield call(decodeServerFrame, link.key, event.data)) as DecodeResult<ServerFrame>;
        if (!decoded.ok) {
          yield put(realtimeEvents.frameRefused({ reason: decoded.reason }));
          continue;
        }
        const verdict = guard.check(decoded.frame);
        if (verdict !== 'ok') {
          yield put(realtimeEvents.frameRefused({ reason: verdict }));
          continue;
        }
        const frame = decoded.frame;
        yield put(realtimeEvents.frameArrived(frame));
        switch (frame.type) {
          case FrameType.values.heartbeat_ack:
            break; // type 1: ignored (spec §4)
          case FrameType.values.reload:
            fx.reload();
            break;
          case FrameType.values.close:
            closeSocket(link, DELIBERATE, 'server asked to close');
            return end(DELIBERATE, 'type 3', true);
          case FrameType.values.login_ack: {
            const ack = frame.data as { status: boolean; message?: string };
            if (!ack.status) {
              closeSocket(link, DELIBERATE, 'login refused');
              return end(DELIBERATE, 'login refused', true, true, ack.message ?? '');
            }
            acknowledged = true;
            if (watchdog) yield cancel(watchdog);
            heartbeat ??= (yield fork(heartbeatWatch, () => lastHeard, options.heartbeatTimeoutMs, stale)) as Task;
            yield put(realtimeEvents.loginAcknowledged());
            break;
          }
          default:
            if (frame.type === FrameType.values.reply) yield* replyToast(frame);
            else if (!frameDefOf(frame.type)) unregistered(frame.type);
            yield put(realtimeEvents.frameReceived(frame));
        }
      }
      // 'error' events are always followed by 'close'; nothing to do.
    }
  } finally {
    socketEvents.close();
    stale.close();
    if (pinger) yield cancel(pinger);
    if (watchdog) yield cancel(watchdog);
    if (heartbeat) yield cancel(heartbeat);
    if ((yield cancelled()) as boolean) closeSocket(link, DELIBERATE, 'logout');
  }
}

/** The session is not valid for the server: clear token and user info, go to the login page (spec §4). */
function* sessionRefusedFlow(end: ConnectionEnd): Saga {
  const fx = yield* effects();
  yield put(realtimeEvents.loginRefused({ code: end.refusal ? null : end.code, message: end.refusal }));
  if (end.refusal) fx.toast(textMessage(end.refusal), 'danger');
  fx.storage.remove(STORAGE_KEYS.token);
  fx.storage.remove(STORAGE_KEYS.userInfo);
  fx.navigate(LOGIN_PATH, { replace: true });
  // Last: this ends the session in the store, and the watcher then cancels this (already finished) flow.
  yield put(sessionEvents.expired());
}

/**
 * The connection of one session: connect, and after each close reconnect with full-jitter backoff unless the
 * close was deliberate (3001) or the failures passed the maximum. Every close counts as a failure; a
 * connection whose login was acknowledged resets the count first, so a healthy session that drops once
 * starts again at 1. Without an acknowledged login the loop ends after maxFailures + 1 closes.
 */
export function* realtimeFlow(token: string, realtimeKey: string, options: RealtimeOptions): Saga {
  const fx = yield* effects();
  if (!fx.openSocket) {
    yield put(realtimeEvents.unsupported());
    fx.toast(keyMessage('realtime.unsupported'), 'danger');
    return;
  }
  const key = (yield call(importRealtimeKey, realtimeKey)) as CryptoKey;
  const sid = (yield call(realtimeSessionId, realtimeKey)) as string;
  let failures = 0;
  for (;;) {
    yield put(realtimeEvents.socketOpening({ attempt: failures + 1 }));
    const link: Link = { socket: fx.openSocket(sid), key, token, counter: createFrameCounter(fx.now), closedByUs: false, abandoned: null };
    // `call`, not `yield*`: a cancelled child whose `finally` yields would otherwise hand its return value
    // back to this loop as if it had ended normally, and a logout would schedule a reconnect.
    const end = (yield call(connectionFlow, link, options)) as ConnectionEnd;
    yield put(realtimeEvents.socketClosed({ code: end.code, reason: end.reason, byConsole: end.byConsole }));
    if (end.silentMs !== undefined) yield put(realtimeEvents.heartbeatMissed({ silentMs: end.silentMs }));
    if (end.refused) {
      yield* sessionRefusedFlow(end);
      return;
    }
    failures = end.acknowledged ? 1 : failures + 1;
    if (!shouldReconnect(end.code, failures, options.maxFailures)) {
      yield put(realtimeEvents.gaveUp({ code: end.code, failures, deliberate: end.code === DELIBERATE }));
      return;
    }
    const delayMs = reconnectDelayMs(failures, fx.random, options.backoffBaseMs, options.backoffCapMs);
    yield put(realtimeEvents.reconnectScheduled({ failures, delayMs }));
    yield delay(delayMs);
  }
}

/** An error inside one session's connection (a malformed key, say) ends that connection, not the watcher. */
function* guardedRealtimeFlow(token: string, realtimeKey: string, options: RealtimeOptions): Saga {
  try {
    yield call(realtimeFlow, token, realtimeKey, options);
  } catch (e) {
    console.error('[realtime] connection stopped', e);
    yield put(realtimeEvents.gaveUp({ code: 0, failures: 0, deliberate: false }));
  }
}

const START = SESSION_STARTED;
const STOP = SESSION_ENDED;

/**
 * Exactly one connection per session: started when a session begins (login, registration, or the start-up
 * check of a stored token answering user info with the session's `realtime_key`), stopped — close 3001 — when
 * it ends. A new session replaces the old connection. Once a connection has stopped for good (the server's
 * deliberate 3001, or too many failures), the person's Reconnect starts it again for the same session.
 */
export function* watchRealtime(overrides: Partial<RealtimeOptions> = {}): Saga {
  const options = { ...defaultRealtimeOptions, ...overrides };
  let task: Task | null = null;
  let session: Session | null = null;
  for (;;) {
    const action = (yield take([...START, ...STOP, realtimeEvents.reconnectRequested.type])) as PayloadAction<Session | undefined>;
    if (realtimeEvents.reconnectRequested.match(action)) {
      if (session?.realtime_key && !task?.isRunning()) task = (yield fork(guardedRealtimeFlow, session.token, session.realtime_key, options)) as Task;
      continue;
    }
    session = START.includes(action.type) ? (action.payload ?? null) : null;
    if (task) {
      if (task.isRunning()) {
        yield cancel(task);
        yield put(realtimeEvents.stopped());
      }
      task = null;
    }
    if (session?.realtime_key) task = (yield fork(guardedRealtimeFlow, session.token, session.realtime_key, options)) as Task;
  }
}
