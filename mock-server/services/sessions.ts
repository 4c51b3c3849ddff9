import { createHash, randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Clock } from './clock.ts';

/** 256-bit random tokens; only their SHA-256 is stored, so a copied database holds no usable token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionRow {
  token_hash: string;
  user_id: number;
  created_ms: number;
  last_seen_ms: number;
}

export function createSessions(db: Database, clock: Clock, startIdleMs: number) {
  // Changed live by configuration/update (issue 13); kept in memory, stored in settings for the next start.
  let idleMs = startIdleMs;
  const insert = db.prepare('INSERT INTO sessions (token_hash, user_id, created_ms, last_seen_ms, ip) VALUES (?, ?, ?, ?, ?)');
  const find = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE token_hash = ?');
  const touch = db.prepare('UPDATE sessions SET last_seen_ms = ? WHERE token_hash = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE token_hash = ?');
  const removeUser = db.prepare('DELETE FROM sessions WHERE user_id = ?');
  /**
   * A session seen now: false (and deleted) when it was idle too long, else true, refreshing its idle timer.
   * Writes at most once a minute per session: the idle window is minutes to hours, and a write per call
   * would cost every read a disk write.
   */
  function keepAlive(tokenHash: string, lastSeenMs: number): boolean {
    const now = clock.now();
    if (now - lastSeenMs > idleMs) {
      remove.run(tokenHash);
      return false;
    }
    if (now - lastSeenMs > 60_000) touch.run(now, tokenHash);
    return true;
  }
  return {
    /** The idle time now in force, and a new one for every live session at its next call. */
    idleMs: () => idleMs,
    setIdleMs(ms: number): void {
      idleMs = ms;
    },
    create(userId: number, ip: string): string {
      const token = newToken();
      const now = clock.now();
      insert.run(hashToken(token), userId, now, now, ip);
      return token;
    },
    /**
     * The live session of a token (refreshing its idle timer), 'expired', or undefined when unknown. The row
     * carries `token_hash`, so callers need not hash the token again.
     */
    resolve(token: string): SessionRow | 'expired' | undefined {
      const row = find.get(hashToken(token));
      if (!row) return undefined;
      return keepAlive(row.token_hash, row.last_seen_ms) ? row : 'expired';
    },
    /** For callers that read the session's row themselves (the API joins it with its user). */
    keepAlive,
    end(tokenHash: string) {
      remove.run(tokenHash);
    },
    endAllOf(userId: number) {
      removeUser.run(userId);
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
