import type { Database } from 'better-sqlite3';
import { formatDateTime, type Clock } from '../services/clock.ts';
import type { Conn } from './conn.ts';

/**
 * Who is online: the logged-in sockets of each user, and users.online_status (1 offline / 2 online) with
 * online_update_time, written when a user's first socket logs in and when their last one goes.
 */
export function createPresence(deps: { readonly db: Database; readonly clock: Clock }) {
  const { db, clock } = deps;
  const byUser = new Map<number, Set<Conn>>();
  // After shutdown's "everyone offline", closing sockets must not write again (the database may be closing).
  let stopped = false;

  const setOnline = db.prepare('UPDATE users SET online_status = ?, online_update_time = ? WHERE id = ?');
  const setAllOffline = db.prepare(
    'UPDATE users SET online_status = 1, online_update_time = ? WHERE online_status = 2',
  );
  // Default subscriber config `online_detection` (read at each change, so a saved switch applies at once).
  const detection = db.prepare(
    "SELECT json_extract(value, '$.online_detection') FROM settings WHERE key = 'subscriber_config_default'",
  ).pluck();

  function markOnline(userId: number, online: boolean) {
    if (stopped || !db.open) return;
    // Detection off: nobody is marked online (going offline is still recorded).
    if (online && detection.get() === 0) return;
    setOnline.run(online ? 2 : 1, formatDateTime(clock.now()), userId);
  }

  return {
    /** A socket of `userId` has logged in; the user's first marks them online. */
    join(conn: Conn, userId: number) {
      let set = byUser.get(userId);
      if (!set) {
        byUser.set(userId, (set = new Set()));
        markOnline(userId, true);
      }
      set.add(conn);
    },

    /** A socket has gone; the user's last logged-in one marks them offline. */
    leave(conn: Conn) {
      if (conn.userId === null || !conn.authenticated) return;
      const set = byUser.get(conn.userId);
      set?.delete(conn);
      if (set && set.size === 0) {
        byUser.delete(conn.userId);
        markOnline(conn.userId, false);
      }
    },

    /** The logged-in sockets of the user (empty when none). */
    socketsOf(userId: number): ReadonlySet<Conn> {
      return byUser.get(userId) ?? EMPTY;
    },

    isOnline: (userId: number) => (byUser.get(userId)?.size ?? 0) > 0,

    /** Users marked online by a previous run that ended without closing its sockets, or at shutdown. */
    markAllOffline() {
      if (db.open) setAllOffline.run(formatDateTime(clock.now()));
    },

    /** Shutdown: no more online-status writes. */
    stop() {
      stopped = true;
    },
  };
}
export type Presence = ReturnType<typeof createPresence>;

const EMPTY: ReadonlySet<Conn> = new Set();
