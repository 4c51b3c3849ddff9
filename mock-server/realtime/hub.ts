import type http from 'node:http';
import type { Database } from 'better-sqlite3';
import { checkFrameData, Direction, type Locale } from '../../contracts/index.ts';
import type { Clock } from '../services/clock.ts';
import type { Sessions } from '../services/sessions.ts';
import type { Users } from '../services/users.ts';
import { createConnections, type AttachOptions, type SocketInfo } from './connections.ts';
import { createFanOut } from './fan-out.ts';
import type { FrameTap } from './frame-tap.ts';
import type { RealtimeKeys } from './keys.ts';
import { createLogin } from './login.ts';
import { createPresence } from './presence.ts';
import type { Conn } from './conn.ts';

export type { AttachOptions, SocketInfo };

export interface HubDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly sessions: Sessions;
  readonly users: Users;
  readonly keys: RealtimeKeys;
  readonly log: (line: string) => void;
  /**
   * Dev and test modes: a push of a frame type the registry (contracts/realtime/frame-registry.ts) does not know
   * as server → client, or of data off its schema, throws (a mistake in the server's code, found where it is made).
   */
  readonly checkFrames: boolean;
}

/**
 * The WebSocket hub on the mock server's own HTTP server (path /ws), assembled from its parts:
 * connections.ts (socket lifecycle, decryption, every close code), login.ts (the LOGIN handshake and the
 * session check of each PING), presence.ts (who is online, users.online_status) and fan-out.ts (sealing and
 * writing frames to one socket, one user, or everyone).
 */
export function createRealtimeHub(deps: HubDeps) {
  const { db, clock, sessions, users, keys, log, checkFrames } = deps;
  const checked = (type: number, data: unknown) => {
    if (checkFrames) checkFrameData(type, Direction.toClient, data);
  };
  // The QA journal and frame faults (dev/test): sees every frame and decides when outgoing ones are written.
  let tap: FrameTap | null = null;
  const presence = createPresence({ db, clock });
  const out = createFanOut({ tap: () => tap });
  const login = createLogin({
    sessions,
    users,
    keys,
    presence,
    out,
    close: (conn, code, reason) => connections.close(conn, code, reason),
  });
  const connections = createConnections({
    keys,
    presence,
    log,
    onFrame(conn, frame) {
      tap?.received(conn.userId, frame);
      login.onFrame(conn, frame);
    },
  });

  return {
    /** Serve `/ws` on `server`'s upgrade requests; other upgrade paths get 404. */
    attach(server: http.Server, options: AttachOptions) {
      // Users marked online by a previous run that ended without closing its sockets.
      presence.markAllOffline();
      connections.attach(server, options);
    },

    /** Send a frame to every authenticated socket of the user; answers the number of sockets reached. */
    push(userId: number, type: number, data?: unknown): number {
      checked(type, data);
      return out.fanOut(presence.socketsOf(userId), type, data);
    },

    /**
     * Send a frame to every authenticated socket of the user, its data worded in each socket's language (the
     * language its console logged in with): a text the server writes reads as the console around it.
     */
    pushLocalised(userId: number, type: number, dataOf: (locale: Locale) => unknown): number {
      const byLocale = new Map<Locale, Conn[]>();
      for (const c of presence.socketsOf(userId)) byLocale.set(c.locale, [...(byLocale.get(c.locale) ?? []), c]);
      let reached = 0;
      for (const [locale, list] of byLocale) {
        const data = dataOf(locale);
        checked(type, data);
        reached += out.fanOut(list, type, data);
      }
      return reached;
    },

    /** Send a frame to the authenticated sockets of one session (`tokenHash`) of the user; answers the number reached. */
    pushSession(userId: number, tokenHash: string, type: number, data?: unknown): number {
      checked(type, data);
      const list = [...presence.socketsOf(userId)].filter((c) => c.tokenHash === tokenHash);
      return list.length ? out.fanOut(list, type, data) : 0;
    },

    /** Send a frame to every authenticated socket. */
    pushAll(type: number, data?: unknown): number {
      checked(type, data);
      return out.fanOut(connections.all(), type, data);
    },

    /**
     * The control API's pushes (dev and test only): any type with any data, registered or not, so QA can send
     * what the console must pass on (spec §4) or refuse. The server's own code uses push / pushAll.
     */
    pushAny(userId: number, type: number, data?: unknown): number {
      return out.fanOut(presence.socketsOf(userId), type, data);
    },
    pushAllAny(type: number, data?: unknown): number {
      return out.fanOut(connections.all(), type, data);
    },

    /** Close every socket of the user (frames sent before are delivered first: ws keeps the order). */
    closeUser(userId: number, code: number, reason = ''): number {
      return connections.closeEach([...presence.socketsOf(userId)], code, reason);
    },

    closeAll(code: number, reason = ''): number {
      return connections.closeEach([...connections.all()], code, reason);
    },

    /** Cut every socket of the user without a close frame (the peer sees 1006); answers how many. */
    cutUser(userId: number): number {
      return connections.cutEach([...presence.socketsOf(userId)]);
    },

    /** Let a QA tool see and steer frames (mock-server/control/); null removes it. */
    setTap(next: FrameTap | null) {
      tap = next;
    },

    isOnline: presence.isOnline,

    sockets: (): SocketInfo[] => connections.sockets(),

    /**
     * Server shutdown: mark everyone offline while the database is still open, close every socket with 1001
     * and cut the ones that do not finish the closing handshake within a second.
     */
    shutdown() {
      if (connections.shuttingDown) return;
      presence.markAllOffline();
      presence.stop();
      connections.shutdown();
    },
  };
}
export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
