import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { LogType } from '../../contracts/index.ts';

/**
 * What a refused request may still change, and why. Everything else in every table must be byte-identical
 * before and after a 4xx answer.
 * - sessions: reading a token refreshes its idle timer, a dead or disabled user's token is deleted on sight
 *   (both happen while answering 401), and the harness mints sessions between cases.
 * - login_failures: a wrong password is refused (400) AND counted; counting is the point of the table.
 * - users.online_status / online_update_time: presence bookkeeping of the real-time channel, written by
 *   connections, not by the request under test.
 * - users.login_ip / login_time: written only on a successful login; excluded so the rule stays about data.
 * - logs rows of type login_failed: a refused login is audited, like its count in login_failures. Every
 *   other audit row is written only after a call succeeded, so any other new log row on a 4xx is a finding.
 */
export const CHECKSUM_EXCLUDED_TABLES: readonly string[] = ['sessions', 'login_failures'];
export const CHECKSUM_EXCLUDED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  users: ['online_status', 'online_update_time', 'login_ip', 'login_time'],
};
/** Rows left out of a table's checksum (a fixed SQL condition per table, never built from input). */
export const CHECKSUM_EXCLUDED_ROWS: Readonly<Record<string, string>> = {
  logs: `type = ${LogType.values.login_failed}`,
};

export type Checksum = Readonly<Record<string, string>>;

/** One hash per table (rows in column order, excluded columns dropped); `only` limits the tables. */
export function checksum(db: Database, only?: readonly string[]): Checksum {
  const tables = (
    db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[]
  ).filter((t) => !only || only.includes(t));
  const out: Record<string, string> = {};
  for (const table of tables) {
    if (CHECKSUM_EXCLUDED_TABLES.includes(table)) continue;
    const skip = CHECKSUM_EXCLUDED_COLUMNS[table] ?? [];
    // Names come from sqlite_master, quoted all the same.
    const q = (n: string) => `"${n.replace(/"/g, '""')}"`;
    const cols = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).filter((c) => !skip.includes(c));
    const where = CHECKSUM_EXCLUDED_ROWS[table] ? ` WHERE NOT (${CHECKSUM_EXCLUDED_ROWS[table]})` : '';
    const rows = db.prepare(`SELECT ${cols.map(q).join(', ')} FROM ${q(table)}${where} ORDER BY ${cols.map((_c, i) => i + 1).join(', ')}`).raw().all();
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
 * `checksum(db)` kept up to date cheaply: TEMP triggers (they live in this connection only, never in the
 * database file) count the rows each table gets inserted, updated or deleted, and only the tables whose count
 * moved are hashed again. The server and the harness share this one connection, so every write is seen.
 */
export function checksumTracker(db: Database): () => Checksum {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .pluck()
    .all() as string[];
  const watched = tables.filter((t) => !CHECKSUM_EXCLUDED_TABLES.includes(t));
  db.exec('CREATE TEMP TABLE IF NOT EXISTS robustness_changes (tbl TEXT PRIMARY KEY, n INTEGER NOT NULL DEFAULT 0)');
  const q = (n: string) => `"${n.replace(/"/g, '""')}"`;
  for (const [i, t] of watched.entries()) {
    db.prepare('INSERT OR IGNORE INTO temp.robustness_changes (tbl) VALUES (?)').run(t);
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      // Names come from sqlite_master; the literal in the body is quoted as SQL text.
      db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS robustness_${i}_${op.toLowerCase()} AFTER ${op} ON main.${q(t)}
        BEGIN UPDATE temp.robustness_changes SET n = n + 1 WHERE tbl = '${t.replace(/'/g, "''")}'; END`);
    }
  }
  // Read before and after every fuzzed case: the counts only, in `watched`'s order, as plain numbers.
  const inWatched = `tbl IN (${watched.map(() => '?').join(', ')})`;
  const order = db.prepare(`SELECT tbl FROM temp.robustness_changes WHERE ${inWatched} ORDER BY tbl`).pluck().all(...watched);
  if (order.join('\n') !== watched.join('\n')) throw new Error('checksum tracker: change counts are not in the order of the tables watched');
  const counts = db.prepare(`SELECT n FROM temp.robustness_changes WHERE ${inWatched} ORDER BY tbl`).pluck();
  let seen: number[] = [];
  let last: Record<string, string> = {};
  return () => {
    const now = counts.all(...watched) as number[];
    const stale = watched.filter((_t, i) => now[i] !== seen[i]);
    if (stale.length) last = { ...last, ...checksum(db, stale) };
    seen = now;
    return last;
  };
}
