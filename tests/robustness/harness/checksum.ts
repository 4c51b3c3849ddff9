import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';

/**
 * What a refused request may still change, and why. Everything else in every table must be byte-identical
 * before and after a 4xx answer.
 * - sessions: reading a token refreshes its idle timer, a dead or disabled user's token is deleted on sight
 *   (both happen while answering 401), and the harness mints sessions between cases.
 * - login_failures: a wrong password is refused (400) AND counted; counting is the point of the table.
 * - users.online_status / online_update_time: presence bookkeeping of the real-time channel, written by
 *   connections, not by the request under test.
 * - users.login_ip / login_time: written only on a successful login; excluded so the rule stays about data.
 */
export const CHECKSUM_EXCLUDED_TABLES: readonly string[] = ['sessions', 'login_failures'];
export const CHECKSUM_EXCLUDED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  users: ['online_status', 'online_update_time', 'login_ip', 'login_time'],
};

export type Checksum = Readonly<Record<string, string>>;

/** One hash per table (rows in primary-key order, excluded columns dropped). */
export function checksum(db: Database): Checksum {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .pluck()
    .all() as string[];
  const out: Record<string, string> = {};
  for (const table of tables) {
    if (CHECKSUM_EXCLUDED_TABLES.includes(table)) continue;
    const skip = CHECKSUM_EXCLUDED_COLUMNS[table] ?? [];
    // Names come from sqlite_master, quoted all the same.
    const q = (n: string) => `"${n.replace(/"/g, '""')}"`;
    const cols = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).filter((c) => !skip.includes(c));
    const rows = db.prepare(`SELECT ${cols.map(q).join(', ')} FROM ${q(table)} ORDER BY ${cols.map((_c, i) => i + 1).join(', ')}`).raw().all();
    const h = createHash('sha256');
    for (const row of rows) h.update(JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : Buffer.isBuffer(v) ? v.toString('base64') : v))).update('\n');
    out[table] = h.digest('hex');
  }
  return out;
}

/** Tables whose checksum differs. */
export function changedTables(before: Checksum, after: Checksum): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((t) => before[t] !== after[t]).sort();
}

/**
 * `checksum(db)` recomputed only when the connection wrote something since the last call
 * (`total_changes()` counts every row inserted, updated or deleted through it, trigger rows included);
 * the server and the harness share this one connection, so an unchanged count means unchanged tables.
 */
export function checksumTracker(db: Database): () => Checksum {
  const changes = db.prepare('SELECT total_changes()').pluck();
  let seen = -1;
  let last: Checksum = {};
  return () => {
    const now = changes.get() as number;
    if (now !== seen) [seen, last] = [now, checksum(db)];
    return last;
  };
}
