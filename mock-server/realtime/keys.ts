import { createHash, randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';

/**
 * Per-session real-time keys (see contracts/realtime/frames.ts "Session binding"). One random 256-bit key per
 * session, made when the session starts, answered by login/register/user_info, and found again by the sid the
 * socket URL carries. The row is deleted with its session (foreign-key cascade).
 */
export interface RealtimeKeyRow {
  token_hash: string;
  sid: string;
  key: string;
  last_login_ts: number;
}

/** Same value as contracts' async `realtimeSessionId`, computed synchronously with node:crypto. */
export function sidOf(base64Key: string): string {
  return createHash('sha256')
    .update('qr-console/rt/sid')
    .update(Buffer.from(base64Key, 'base64'))
    .digest('hex')
    .slice(0, 32);
}

export function createRealtimeKeys(db: Database) {
  const insert = db.prepare('INSERT INTO realtime_keys (token_hash, sid, key) VALUES (?, ?, ?)');
  const byToken = db.prepare<[string], RealtimeKeyRow>('SELECT * FROM realtime_keys WHERE token_hash = ?');
  const bySid = db.prepare<[string], RealtimeKeyRow & { user_id: number }>(
    'SELECT k.*, s.user_id FROM realtime_keys k JOIN sessions s ON s.token_hash = k.token_hash WHERE k.sid = ?',
  );
  // Only a strictly newer login timestamp is recorded: the compare-and-set refuses a replayed login frame.
  const advanceLogin = db.prepare(
    'UPDATE realtime_keys SET last_login_ts = ? WHERE sid = ? AND last_login_ts < ?',
  );
  return {
    /** The session's key, made on first use (sessions that predate this table get one on user_info). */
    keyFor(tokenHash: string): string {
      const found = byToken.get(tokenHash);
      if (found) return found.key;
      const key = randomBytes(32).toString('base64');
      insert.run(tokenHash, sidOf(key), key);
      return key;
    },
    bySid(sid: string) {
      return bySid.get(sid);
    },
    /** Record a login frame's ts; false when it is not newer than the last accepted one (a replay). */
    acceptLogin(sid: string, ts: number): boolean {
      return advanceLogin.run(ts, sid, ts).changes === 1;
    },
  };
}
export type RealtimeKeys = ReturnType<typeof createRealtimeKeys>;
