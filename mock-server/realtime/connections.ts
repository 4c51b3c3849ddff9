import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  clientFrame,
  CloseCode,
  CloseReason,
  type CloseReasonText,
  Direction,
  FRAME_MAX_BYTES,
  FRAME_RATE_LIMIT,
  IDLE_TIMEOUT_MS,
  LOGIN_TIMEOUT_MS,
  REALTIME_PATH,
  REALTIME_SID_PARAM,
  type ClientFrame,
} from '../../contracts/index.ts';
import { newConn, type Conn } from './conn.ts';
import type { RealtimeKeys } from './keys.ts';
import { decodeFrameSync, frameKeyOf } from './node-codec.ts';
import { originAllowed } from './origin.ts';
import type { Presence } from './presence.ts';

export interface AttachOptions {
  /** Extra allowed Origins (exact `scheme://host:port`), e.g. the Vite dev server. Same-host is always allowed. */
  readonly allowedOrigins: readonly string[];
  /** Allow any loopback Origin (dev and test modes). */
  readonly allowLoopbackOrigins: boolean;
  /** A request refused before the upgrade with 403 (the console IP black list). */
  readonly refuse?: (req: http.IncomingMessage) => boolean;
}

export interface SocketInfo {
  user_id: number | null;
  authenticated: boolean;
  locale: string;
  opened_ms: number;
}

export interface ConnectionsDeps {
  readonly keys: Pick<RealtimeKeys, 'bySid'>;
  readonly presence: Pick<Presence, 'leave'>;
  readonly log: (line: string) => void;
  /** A decrypted frame that passed the replay guard (login.ts answers it). */
  readonly onFrame: (conn: Conn, frame: ClientFrame) => void;
}

/**
 * Socket lifecycle: the upgrade on `/ws` (path, IP black list, Origin), the socket's sid and key, the login
 * deadline, the frame rate limit, decryption and the replay guard, the idle sweep, and every close — each
 * with its documented code, e.g. 3001 for a deliberate close (logout, admin disconnect), 4010 when the control
 * API drops sockets, 1001 at shutdown. Any bad frame closes only that socket; nothing thrown in a socket
 * handler escapes (see `guarded`).
 */
export function createConnections(deps: ConnectionsDeps) {
  const { keys, presence, log, onFrame } = deps;
  const conns = new Set<Conn>();
  let shuttingDown = false;
  let idleTimer: NodeJS.Timeout | null = null;
  const wss = new WebSocketServer({ noServer: true, maxPayload: FRAME_MAX_BYTES, perMessageDeflate: false });

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
    presence.leave(conn);
  }

  /** Decrypt, check against schema and replay, then hand on. */
  function onMessage(conn: Conn, raw: RawData, isBinary: boolean) {
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
    onFrame(conn, frame);
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

  function onConnection(ws: WebSocket, socket: Duplex, req: http.IncomingMessage, originOk: boolean) {
    const conn = newConn(ws, socket);
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
      guarded(conn, 'frame handler', () => onMessage(conn, raw, isBinary));
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
        onConnection(ws, socket, req, originOk);
      } catch (e) {
        log(`realtime: connection setup failed: ${String(e)}`);
        ws.terminate();
      }
    });
  }

  return {
    /** Every open socket (logged in or not), in the order they opened. */
    all: (): ReadonlySet<Conn> => conns,

    close,

    /** Close each of `list` (frames sent before are delivered first: ws keeps the order); answers how many. */
    closeEach(list: readonly Conn[], code: number, reason = ''): number {
      for (const c of list) close(c, code, reason);
      return list.length;
    },

    /** Cut each of `list` without a close frame (the peer sees 1006); answers how many. */
    cutEach(list: readonly Conn[]): number {
      for (const c of list) c.ws.terminate();
      return list.length;
    },

    sockets(): SocketInfo[] {
      return [...conns].map((c) => ({
        user_id: c.userId,
        authenticated: c.authenticated,
        locale: c.locale,
        opened_ms: c.openedMs,
      }));
    },

    /** Serve `/ws` on `server`'s upgrade requests (other upgrade paths get 404) and sweep idle sockets. */
    attach(server: http.Server, options: AttachOptions) {
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

    get shuttingDown() {
      return shuttingDown;
    },

    /** Refuse new upgrades (503), close every socket with 1001 and cut the ones that do not finish within a second. */
    shutdown() {
      shuttingDown = true;
      if (idleTimer) clearInterval(idleTimer);
      const list = [...conns];
      for (const c of list) close(c, CloseCode.values.going_away, CloseReason.shuttingDown);
      if (list.length) setTimeout(() => list.forEach((c) => c.ws.terminate()), 1000).unref();
      wss.close();
    },
  };
}
export type Connections = ReturnType<typeof createConnections>;
