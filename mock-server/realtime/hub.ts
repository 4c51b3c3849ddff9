import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { KeyObject } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  clientFrame,
  CloseCode,
  CloseReason,
  type CloseReasonText,
  createFrameCounter,
  createReplayGuard,
  DEFAULT_LOCALE,
  Direction,
  FRAME_MAX_BYTES,
  FRAME_RATE_LIMIT,
  FrameType,
  IDLE_TIMEOUT_MS,
  LOCALES,
  LOGIN_TIMEOUT_MS,
  REALTIME_PATH,
  REALTIME_SID_PARAM,
  translate,
  type ClientFrame,
  type Locale,
} from '../../contracts/index.ts';
import { formatDateTime, type Clock } from '../services/clock.ts';
import { hashToken, type Sessions } from '../services/sessions.ts';
import type { Users } from '../services/users.ts';
import type { RealtimeKeys } from './keys.ts';
import { decodeFrameSync, encodePlaintextSync, frameKeyOf } from './node-codec.ts';
import { originAllowed } from './origin.ts';
import type { FrameTap } from './frame-tap.ts';

export interface HubDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly sessions: Sessions;
  readonly users: Users;
  readonly keys: RealtimeKeys;
  readonly log: (line: string) => void;
}

export interface AttachOptions {
  /** Extra allowed Origins (exact `scheme://host:port`), e.g. the Vite dev server. Same-host is always allowed. */
  readonly allowedOrigins: readonly string[];
  /** Allow any loopback Origin (dev and test modes). */
  readonly allowLoopbackOrigins: boolean;
  /** A request refused before the upgrade with 403 (the console IP black list). */
  readonly refuse?: (req: http.IncomingMessage) => boolean;
}

/** One socket. Frames are decoded and answered synchronously, so they are handled and sent in order. */
interface Conn {
  readonly ws: WebSocket;
  readonly openedMs: number;
  sid: string;
  key: KeyObject | null;
  tokenHash: string;
  userId: number | null;
  authenticated: boolean;
  locale: Locale;
  closed: boolean;
  lastFrameMs: number;
  /** Frames this socket may still send now (FRAME_RATE_LIMIT's bucket), refilled as of `lastFrameMs`. */
  allowance: number;
  readonly guard: ReturnType<typeof createReplayGuard>;
  readonly counter: ReturnType<typeof createFrameCounter>;
  loginTimer: NodeJS.Timeout | null;
}

export interface SocketInfo {
  user_id: number | null;
  authenticated: boolean;
  locale: string;
  opened_ms: number;
}

/**
 * The WebSocket hub on the mock server's own HTTP server (path /ws). It decrypts and checks every frame,
 * answers LOGIN and PING, keeps users.online_status (1 offline / 2 online) and online_update_time, and pushes
 * frames to users. Any bad frame closes only that socket with its documented code; nothing thrown in a socket
 * handler escapes (see `guarded`).
 */
export function createRealtimeHub(deps: HubDeps) {
  const { db, clock, sessions, users, keys, log } = deps;
  const conns = new Set<Conn>();
  const byUser = new Map<number, Set<Conn>>();
  let shuttingDown = false;
  let idleTimer: NodeJS.Timeout | null = null;
  // The QA journal and frame faults (dev/test): sees every frame and decides when outgoing ones are written.
  let tap: FrameTap | null = null;
  const wss = new WebSocketServer({ noServer: true, maxPayload: FRAME_MAX_BYTES, perMessageDeflate: false });

  const setOnline = db.prepare('UPDATE users SET online_status = ?, online_update_time = ? WHERE id = ?');
  const setAllOffline = db.prepare(
    'UPDATE users SET online_status = 1, online_update_time = ? WHERE online_status = 2',
  );

  // Default subscriber config `online_detection` (read at each change, so a saved switch applies at once).
  const detection = db.prepare(
    "SELECT json_extract(value, '$.online_detection') FROM settings WHERE key = 'subscriber_config_default'",
  ).pluck();
  function markOnline(userId: number, online: boolean) {
    if (shuttingDown || !db.open) return;
    // Detection off: nobody is marked online (going offline is still recorded).
    if (online && detection.get() === 0) return;
    setOnline.run(online ? 2 : 1, formatDateTime(clock.now()), userId);
  }

  function close(conn: Conn, code: number, reason: CloseReasonText | string = '') {
    if (conn.closed) return;
    conn.closed = true;
    detach(conn);
    // Reasons are at most 123 bytes (RFC 6455).
    conn.ws.close(code, reason.slice(0, 120));
  }

  function detach(conn: Conn) {
    if (conn.loginTimer) clearTimeout(conn.loginTimer);
    conn.loginTimer = null;
    conns.delete(conn);
    if (conn.userId !== null && conn.authenticated) {
      const set = byUser.get(conn.userId);
      set?.delete(conn);
      if (set && set.size === 0) {
        byUser.delete(conn.userId);
        markOnline(conn.userId, false);
      }
    }
  }

  /** Encrypt and send one frame now; seq follows the send order. False when the socket is gone. */
  function send(conn: Conn, type: number, data?: unknown): boolean {
    const dataJson = data === undefined ? undefined : JSON.stringify(data);
    const wire = seal(conn, type, dataJson);
    if (wire === null) return false;
    write(conn, type, dataJson, wire);
    return true;
  }

  /** Hand a sealed frame to the socket, or to the tap when one is set (it sends, delays, repeats or drops it). */
  function write(c: Conn, type: number, dataJson: string | undefined, wire: string) {
    if (!tap) return void c.ws.send(wire);
    const resend = () => {
      const fresh = seal(c, type, dataJson);
      if (fresh !== null) c.ws.send(fresh);
      return fresh !== null;
    };
    tap.sending({ userId: c.userId, type, dataJson, send: () => c.ws.send(wire), resend });
  }

  /**
   * The wire text of the next frame of `conn` (null when the socket is gone), with the data already
   * serialized, so that a push serializes it once for all its sockets.
   */
  function seal(conn: Conn, type: number, dataJson: string | undefined): string | null {
    if (conn.closed || !conn.key || conn.ws.readyState !== conn.ws.OPEN) return null;
    const head = JSON.stringify({ type, locale: conn.locale, token: '', ...conn.counter.next() });
    const json = dataJson === undefined ? head : `${head.slice(0, -1)},"data":${dataJson}}`;
    return encodePlaintextSync(conn.key, Direction.toClient, json);
  }

  /**
   * Send one frame to each logged-in socket of `list`; answers how many were reached. Each frame is written
   * as soon as it is sealed, so the first consoles get it while the last are still being sealed (sealing all
   * first measured no faster: the writes, about 20 µs of kernel time per loopback socket here, dominate).
   */
  function fanOut(list: Iterable<Conn>, type: number, data: unknown): number {
    const dataJson = data === undefined ? undefined : JSON.stringify(data);
    let reached = 0;
    for (const c of list) {
      const wire = c.authenticated ? seal(c, type, dataJson) : null;
      if (wire === null) continue;
      write(c, type, dataJson, wire);
      reached += 1;
    }
    return reached;
  }

  /** LOGIN_ACK `{ status: false, message }` in the socket's language, then close 4001 with a plain reason. */
  function refuseLogin(conn: Conn, key: string, reason: CloseReasonText) {
    send(conn, FrameType.values.login_ack, { status: false, message: translate(key, conn.locale) });
    close(conn, CloseCode.values.bad_login, reason);
  }

  function onLogin(conn: Conn, frame: ClientFrame) {
    conn.locale = (LOCALES as readonly string[]).includes(frame.locale)
      ? (frame.locale as Locale)
      : DEFAULT_LOCALE;
    if (conn.authenticated) {
      // A second login on a live socket only repeats the acknowledgement.
      send(conn, FrameType.values.login_ack, { status: true, user_id: conn.userId ?? undefined });
      return;
    }
    if (hashToken(frame.token) !== conn.tokenHash) return refuseLogin(conn, 'errors.realtime_login_refused', CloseReason.wrongToken);
    const session = sessions.resolve(frame.token);
    if (session === undefined || session === 'expired') return refuseLogin(conn, 'errors.session_expired', CloseReason.sessionExpired);
    const user = users.byId(session.user_id);
    if (!user || user.status === 2 || user.disable === 2) return refuseLogin(conn, 'errors.account_disabled', CloseReason.accountDisabled);
    if (!keys.acceptLogin(conn.sid, frame.ts))
      return close(conn, CloseCode.values.replayed, CloseReason.loginReplayed);
    if (conn.loginTimer) clearTimeout(conn.loginTimer);
    conn.loginTimer = null;
    conn.authenticated = true;
    conn.userId = user.id;
    let set = byUser.get(user.id);
    if (!set) {
      byUser.set(user.id, (set = new Set()));
      markOnline(user.id, true);
    }
    set.add(conn);
    send(conn, FrameType.values.login_ack, { status: true, user_id: user.id });
  }

  function onFrame(conn: Conn, raw: RawData, isBinary: boolean) {
    if (conn.closed) return;
    if (isBinary || !conn.key) return close(conn, CloseCode.values.undecryptable, CloseReason.textOnly);
    const text = Buffer.isBuffer(raw)
      ? raw.toString('utf8')
      : Buffer.concat(raw as Buffer[]).toString('utf8');
    const decoded = decodeFrameSync(conn.key, Direction.toServer, text, clientFrame);
    if (!decoded.ok) {
      return close(conn, CloseCode.values.undecryptable, decoded.reason === 'invalid' ? CloseReason.invalid : CloseReason.undecryptable);
    }
    const frame = decoded.frame;
    const verdict = conn.guard.check(frame);
    if (verdict !== 'ok') return close(conn, CloseCode.values.replayed, verdict === 'stale' ? CloseReason.stale : CloseReason.replayed);
    tap?.received(conn.userId, frame);
    if (frame.type === FrameType.values.login) return onLogin(conn, frame);
    if (!conn.authenticated) return close(conn, CloseCode.values.unauthenticated, CloseReason.loginFirst);
    if (hashToken(frame.token) !== conn.tokenHash)
      return close(conn, CloseCode.values.unauthenticated, CloseReason.otherToken);
    // PING: the session must still be live (logout, password change and expiry end it) and its user active.
    const session = sessions.resolve(frame.token);
    if (session === undefined || session === 'expired')
      return close(conn, CloseCode.values.session_ended, CloseReason.sessionEnded);
    const user = users.byId(session.user_id);
    if (!user || user.status === 2 || user.disable === 2)
      return close(conn, CloseCode.values.session_ended, CloseReason.accountDisabled);
    send(conn, FrameType.values.heartbeat_ack);
  }

  /** A bug in a frame handler costs that one socket (1011), never the server. */
  function guarded(conn: Conn, what: string, fn: () => void) {
    try {
      fn();
    } catch (e) {
      log(`realtime: ${what} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      close(conn, 1011, CloseReason.internal);
    }
  }

  function onConnection(ws: WebSocket, req: http.IncomingMessage, originOk: boolean) {
    const now = Date.now();
    const conn: Conn = {
      ws,
      openedMs: now,
      sid: '',
      key: null,
      tokenHash: '',
      userId: null,
      authenticated: false,
      locale: DEFAULT_LOCALE,
      closed: false,
      lastFrameMs: now,
      allowance: FRAME_RATE_LIMIT.burst,
      // Frame freshness is transport time, so it uses the wall clock: a test that moves the business clock
      // (services.clock: sessions, TOTP, dates) must not make every frame of a real browser look stale.
      guard: createReplayGuard(() => Date.now()),
      counter: createFrameCounter(() => Date.now()),
      loginTimer: null,
    };
    conns.add(conn);
    ws.on('error', (e) => log(`realtime: socket error: ${e.message}`));
    ws.on('close', () => {
      conn.closed = true;
      guarded(conn, 'close', () => detach(conn));
    });
    ws.on('message', (raw, isBinary) => {
      const at = Date.now();
      // Counted before decryption, so a flood costs the server no crypto and no database lookups.
      conn.allowance = Math.min(
        FRAME_RATE_LIMIT.burst,
        conn.allowance + ((at - conn.lastFrameMs) / 1000) * FRAME_RATE_LIMIT.perSecond,
      );
      conn.lastFrameMs = at;
      if (conn.allowance < 1) return close(conn, CloseCode.values.too_many_frames, CloseReason.tooManyFrames);
      conn.allowance -= 1;
      guarded(conn, 'frame handler', () => onFrame(conn, raw, isBinary));
    });
    if (!originOk) return close(conn, CloseCode.values.origin_refused, CloseReason.originRefused);
    const sid = new URL(req.url ?? '/', 'http://x').searchParams.get(REALTIME_SID_PARAM) ?? '';
    const row = /^[0-9a-f]{32}$/.test(sid) ? keys.bySid(sid) : undefined;
    if (!row) return close(conn, CloseCode.values.bad_login, CloseReason.unknownSession);
    conn.sid = sid;
    conn.tokenHash = row.token_hash;
    conn.key = frameKeyOf(row.key);
    conn.loginTimer = setTimeout(() => {
      if (!conn.authenticated) close(conn, CloseCode.values.unauthenticated, CloseReason.noLogin);
    }, LOGIN_TIMEOUT_MS);
    conn.loginTimer.unref();
  }

  function handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer, options: AttachOptions) {
    socket.on('error', () => socket.destroy());
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path !== REALTIME_PATH || shuttingDown) {
      const status = shuttingDown ? '503 Service Unavailable' : '404 Not Found';
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    if (options.refuse?.(req)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const originOk = originAllowed(req.headers.origin, req.headers.host, options);
    wss.handleUpgrade(req, socket, head, (ws) => {
      try {
        onConnection(ws, req, originOk);
      } catch (e) {
        log(`realtime: connection setup failed: ${String(e)}`);
        ws.terminate();
      }
    });
  }

  return {
    /** Serve `/ws` on `server`'s upgrade requests; other upgrade paths get 404. */
    attach(server: http.Server, options: AttachOptions) {
      // Users marked online by a previous run that ended without closing its sockets.
      setAllOffline.run(formatDateTime(clock.now()));
      server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
        try {
          handleUpgrade(req, socket, head, options);
        } catch (e) {
          log(`realtime: upgrade failed: ${String(e)}`);
          socket.destroy();
        }
      });
      idleTimer = setInterval(() => {
        const limit = Date.now() - IDLE_TIMEOUT_MS;
        for (const c of conns) if (c.lastFrameMs < limit) close(c, CloseCode.values.idle, CloseReason.idle);
      }, IDLE_TIMEOUT_MS / 3);
      idleTimer.unref();
    },

    /** Send a frame to every authenticated socket of the user; answers the number of sockets reached. */
    push(userId: number, type: number, data?: unknown): number {
      return fanOut(byUser.get(userId) ?? [], type, data);
    },

    /** Send a frame to the authenticated sockets of one session (`tokenHash`) of the user; answers the number reached. */
    pushSession(userId: number, tokenHash: string, type: number, data?: unknown): number {
      const list = [...(byUser.get(userId) ?? [])].filter((c) => c.tokenHash === tokenHash);
      return list.length ? fanOut(list, type, data) : 0;
    },

    /** Send a frame to every authenticated socket. */
    pushAll(type: number, data?: unknown): number {
      return fanOut(conns, type, data);
    },

    /** Close every socket of the user (frames sent before are delivered first: ws keeps the order). */
    closeUser(userId: number, code: number, reason = ''): number {
      const list = [...(byUser.get(userId) ?? [])];
      for (const c of list) close(c, code, reason);
      return list.length;
    },

    closeAll(code: number, reason = ''): number {
      const list = [...conns];
      for (const c of list) close(c, code, reason);
      return list.length;
    },

    /** Cut every socket of the user without a close frame (the peer sees 1006); answers how many. */
    cutUser(userId: number): number {
      const list = [...(byUser.get(userId) ?? [])];
      for (const c of list) c.ws.terminate();
      return list.length;
    },

    /** Let a QA tool see and steer frames (mock-server/control/); null removes it. */
    setTap(next: FrameTap | null) {
      tap = next;
    },

    isOnline: (userId: number) => (byUser.get(userId)?.size ?? 0) > 0,

    sockets(): SocketInfo[] {
      return [...conns].map((c) => ({
        user_id: c.userId,
        authenticated: c.authenticated,
        locale: c.locale,
        opened_ms: c.openedMs,
      }));
    },

    /**
     * Server shutdown: mark everyone offline while the database is still open, close every socket with 1001
     * and cut the ones that do not finish the closing handshake within a second.
     */
    shutdown() {
      if (shuttingDown) return;
      if (db.open) setAllOffline.run(formatDateTime(clock.now()));
      shuttingDown = true;
      if (idleTimer) clearInterval(idleTimer);
      const list = [...conns];
      for (const c of list) close(c, CloseCode.values.going_away, CloseReason.shuttingDown);
      if (list.length) setTimeout(() => list.forEach((c) => c.ws.terminate()), 1000).unref();
      wss.close();
    },
  };
}
export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
