import type { Database } from 'better-sqlite3';

/**
 * Every row of every table (or of `only`), as sorted JSON lines per table, so a test can assert that a
 * refused request changed nothing: `expect(snapshot(db)).toEqual(before)`.
 */
export function snapshot(db: Database, { only, except = [] }: { only?: readonly string[]; except?: readonly string[] } = {}) {
  const tables = (
    db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[]
  ).filter((t) => (only ? only.includes(t) : true) && !except.includes(t));
  const out: Record<string, string[]> = {};
  for (const t of tables) {
    // Table names come from sqlite_master, never from input; quoted anyway.
    out[t] = (db.prepare(`SELECT * FROM "${t.replace(/"/g, '""')}"`).all() as object[]).map((r) => JSON.stringify(r)).sort();
  }
  return out;
}
