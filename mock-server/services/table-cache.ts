import type { Database } from 'better-sqlite3';

/**
 * Values read from SQLite on every request, kept in memory until one of the tables they come from changes
 * (issue 25: the per-request reads — session and user, the console IP black list, log decisions — cost the
 * pipeline a quarter of its speed). Generic on purpose: any per-request rule that reads a small, rarely
 * written table can use it (decision docs/decisions/2026-11-26-request-caches.md).
 *
 * Two signals drop a cache, so no write is ever missed:
 * - writes through this server's connection: TEMP triggers (this connection only, never stored in the file)
 *   on INSERT, UPDATE and DELETE of each watched table call a function that clears the caches of that table
 *   — whoever writes (a handler, the control API's reset, a test editing a table, a rolled-back transaction
 *   too: clearing more than needed is always safe);
 * - writes by another connection or process (sqlite3 on the file, `npm run seed:bulk`): `PRAGMA data_version`
 *   changes. It is read at most once per turn of the event loop for all caches of a connection (a request
 *   asked it three times: IP list, session, permissions; each read is a WAL read transaction, ~2 µs of locks
 *   and more under load). Within one synchronous run no other connection's commit can be told apart from one
 *   landing just after it, so the next turn seeing it is exactly as fresh (decision
 *   docs/decisions/2026-11-26-pipeline-speed.md).
 */
export interface TableCache<K, V> {
  /** The value for `key`: from memory, or loaded (and kept) when a watched table changed since. */
  get(key: K): V;
  /** Forget everything (for changes triggers cannot see). */
  invalidate(): void;
}

interface Watch {
  readonly clears: Set<() => void>;
  /** `PRAGMA data_version` of the connection (another connection's commit changes it), read once per turn. */
  readonly dataVersion: () => number;
}

const watches = new WeakMap<Database, Watch>();
/** Tables of a connection that already carry the triggers. */
const triggered = new WeakMap<Database, Map<string, Set<() => void>>>();

function watchOf(db: Database): Watch {
  let w = watches.get(db);
  if (!w) {
    const version = db.prepare('PRAGMA data_version').pluck();
    // The value read in this turn of the event loop, forgotten by a microtask queued with it: every cache of the
    // connection asking during the same synchronous run shares one read.
    let read: number | undefined;
    const forget = () => {
      read = undefined;
    };
    w = {
      clears: new Set(),
      dataVersion: () => {
        if (read === undefined) {
          read = version.get() as number;
          queueMicrotask(forget);
        }
        return read;
      },
    };
    watches.set(db, w);
    const byTable = new Map<string, Set<() => void>>();
    triggered.set(db, byTable);
    db.function('qr_console_table_changed', { deterministic: false, varargs: false }, (table: unknown) => {
      for (const clear of byTable.get(String(table)) ?? []) clear();
      return null;
    });
  }
  return w;
}

function watchTable(db: Database, table: string, clear: () => void): void {
  watchOf(db);
  const byTable = triggered.get(db)!;
  let clears = byTable.get(table);
  if (!clears) {
    if (!/^\w+$/.test(table)) throw new Error(`not a table name: ${table}`);
    byTable.set(table, (clears = new Set()));
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      // Table names are constants of the calling module, never input.
      db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS table_cache_${table}_${op.toLowerCase()} AFTER ${op} ON main.${table}
        BEGIN SELECT qr_console_table_changed('${table}'); END`);
    }
  }
  clears.add(clear);
}

/**
 * A keyed cache over `tables`: `load(key)` runs on a miss. At most `max` keys are kept (the oldest go first),
 * so a cache keyed by something callers choose (a token) cannot grow without bound.
 */
export function tableCache<K, V>(db: Database, tables: readonly string[], load: (key: K) => V, max = 10_000): TableCache<K, V> {
  const values = new Map<K, V>();
  const watch = watchOf(db);
  let version = watch.dataVersion();
  const clear = () => values.clear();
  for (const t of tables) watchTable(db, t, clear);
  return {
    get(key: K): V {
      const now = watch.dataVersion();
      if (now !== version) {
        version = now;
        values.clear();
      }
      if (values.has(key)) return values.get(key) as V;
      const value = load(key);
      // Read inside a transaction: it may still roll back, so the value is not kept.
      if (db.inTransaction) return value;
      if (values.size >= max) values.delete(values.keys().next().value as K);
      values.set(key, value);
      return value;
    },
    invalidate: clear,
  };
}

/** One value (no key) over `tables`: a whole small table read once and kept until it changes. */
export function tableValue<V>(db: Database, tables: readonly string[], load: () => V): { get(): V; invalidate(): void } {
  const cache = tableCache<0, V>(db, tables, () => load(), 1);
  return { get: () => cache.get(0), invalidate: cache.invalidate };
}
