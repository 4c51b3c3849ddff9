import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations.ts';
import { DatabaseStartError, describeOpenError, quickCheck } from './start-check.ts';

/**
 * Open (creating if needed) the mock database: WAL with synchronous=NORMAL (survives a crash of the process,
 * may lose the last transactions on power loss — see docs/robustness.md), foreign keys on, then migrate.
 * `image` (':memory:' only): a serialized database (`db.serialize()`) to start from instead of an empty one;
 * tests keep one migrated and seeded image per process and start each server from a copy.
 */
export function openDatabase(dbPath: string, image?: Buffer): Database.Database {
  if (image && dbPath !== ':memory:') throw new Error(`openDatabase: an image starts an in-memory database only, not ${dbPath}`);
  const file = dbPath === ':memory:' ? dbPath : path.resolve(dbPath);
  let db: Database.Database | undefined;
  try {
    if (dbPath !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    db = image ? new Database(image) : new Database(dbPath);
    // Issue 20: a damaged file is refused at start (one sentence), not found later by users as 500s.
    if (dbPath !== ':memory:') startCheckMs.set(db, quickCheck(db, file));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    // A read-only file opens and reads; the first write says so. Find out now, not at the first user's write.
    if (dbPath !== ':memory:') db.exec('BEGIN IMMEDIATE; COMMIT;');
    return db;
  } catch (e) {
    db?.close();
    throw e instanceof DatabaseStartError ? e : new DatabaseStartError(describeOpenError(file, e));
  }
}

/** How long the start's `PRAGMA quick_check` took (ms), for the start line. */
export const startCheckMs = new WeakMap<Database.Database, number>();
