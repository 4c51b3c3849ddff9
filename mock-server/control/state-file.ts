import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from '../db/migrations.ts';
import { ApiError } from '../services/errors.ts';

/**
 * A named state's file as the live database meets it: checked before any page of it is copied (a damaged or
 * foreign file is refused and nothing changes), and copied in one synchronous step.
 */

// better-sqlite3's public `backup()` copies in steps on later turns of the event loop and holds the
// destination's write lock between them: a write of the live connection in between waited busy_timeout (5 s,
// the whole server stalled) and failed with "database is locked" (500). Its native backup object, the one
// lib/methods/backup.js drives, copies every page in one call: nothing can run in between.
const requireCjs = createRequire(import.meta.url);
const { cppdb } = requireCjs('better-sqlite3/lib/util.js') as { cppdb: symbol };

interface NativeBackup {
  transfer(pages: number): { totalPages: number; remainingPages: number };
  close(): void;
}
interface NativeDatabase {
  backup(db: Database.Database, attached: string, destFile: string, unlinkOnFailure: boolean): NativeBackup;
}

/** Copy every page of `source` into the database file `destFile` (created if absent) in one synchronous step. */
export function copyDatabase(source: Database.Database, destFile: string): void {
  const native = (source as unknown as Record<symbol, NativeDatabase | undefined>)[cppdb];
  if (typeof native?.backup !== 'function') throw new Error('better-sqlite3 no longer has its native backup (mock-server/control/state-file.ts)');
  const backup = native.backup(source, 'main', destFile, false);
  try {
    // -1: all pages in this step. SQLITE_BUSY comes back as pages left, not as an error.
    const { remainingPages } = backup.transfer(-1);
    if (remainingPages !== 0) throw new Error(`copying the database into ${destFile} stopped with ${remainingPages} pages left: the file is locked`);
  } finally {
    backup.close();
  }
}

/** 422 naming what is wrong with the state file. */
const refuse = (key: string, vars: Record<string, string | number>) => new ApiError(422, key, { field: 'name', ...vars });

const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Header checks that need no SQLite: the magic string, and a file shorter than the pages its header counts. */
function checkHeader(file: string, name: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const head = Buffer.alloc(100);
    const read = fs.readSync(fd, head, 0, 100, 0);
    if (read < 100 || !head.subarray(0, 16).equals(HEADER)) throw refuse('errors.state_not_sqlite', { name });
    const raw = head.readUInt16BE(16);
    const pageSize = raw === 1 ? 65_536 : raw;
    const pages = head.readUInt32BE(28);
    // The in-header size is valid only when its "version-valid-for" number equals the change counter.
    const sizeValid = head.readUInt32BE(92) === head.readUInt32BE(24) && pages > 0;
    if (sizeValid && size < pages * pageSize) throw refuse('errors.state_truncated', { name, bytes: size, expected: pages * pageSize });
  } finally {
    fs.closeSync(fd);
  }
}

/** Tables and indexes by name with their normalised SQL: what makes a database one of this server's. */
function schemaOf(db: Database.Database): Map<string, string> {
  const rows = db
    .prepare("SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' AND sql IS NOT NULL")
    .all() as { type: string; name: string; sql: string }[];
  return new Map(rows.map((r) => [`${r.type} ${r.name}`, r.sql.replace(/\s+/g, ' ').trim()]));
}

/** The first difference of `state`'s schema from `live`'s, in words; null when they are the same. */
function schemaDifference(state: Map<string, string>, live: Map<string, string>): string | null {
  for (const [key, sql] of live) {
    if (!state.has(key)) return `${key} is missing`;
    if (state.get(key) !== sql) return `${key} differs`;
  }
  for (const key of state.keys()) if (!live.has(key)) return `${key} is not one of ours`;
  return null;
}

/** The sentence SQLite gives for a file it cannot read as a database, as the refusal naming it. */
function openProblem(e: unknown, name: string): ApiError {
  const code = String((e as { code?: unknown }).code ?? '');
  if (code === 'SQLITE_NOTADB') return refuse('errors.state_not_sqlite', { name });
  return refuse('errors.state_damaged', { name, problem: e instanceof Error ? e.message : String(e) });
}

/** The file beside a built state that vouches for it: the sha256 of its bytes, taken after a full integrity check. */
export const digestFileOf = (file: string): string => `${file}.sha256`;

/** Read in slices into one buffer: a 10 MB buffer's fresh pages cost more than hashing them (measured). */
const SLICE = 256 * 1024;

/** sha256 of a file's bytes, in hex. */
function fileDigest(file: string): string {
  const hash = createHash('sha256');
  const slice = Buffer.allocUnsafe(SLICE);
  const fd = fs.openSync(file, 'r');
  try {
    for (let at = 0, n = 0; (n = fs.readSync(fd, slice, 0, SLICE, at)) > 0; at += n) hash.update(slice.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/**
 * Vouch for a state file the builder made: `PRAGMA integrity_check` (the full one, quick_check's index cross
 * checks too: the builder can afford a second) must say ok; returns the sha256 of its bytes, to be written to
 * `digestFileOf(file)`. A load that finds the file's bytes still hashing to it skips its own quick_check.
 */
export function vouchForStateFile(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check(1)') as { integrity_check: string }[];
    const found = rows[0]?.integrity_check ?? 'no answer';
    if (found !== 'ok') throw new Error(`the state built into ${file} is damaged: ${found}`);
  } finally {
    db.close();
  }
  return fileDigest(file);
}

/**
 * Whether a digest beside `file` vouches for its bytes as they are now (no digest, or bytes changed since: the
 * file is checked like any other). Built states are written under a temporary name and renamed, never rewritten
 * in place, so the bytes hashed here are the bytes the copy reads.
 */
function isVouchedFor(file: string): boolean {
  let recorded: string;
  try {
    recorded = fs.readFileSync(digestFileOf(file), 'utf8').trim();
  } catch {
    return false;
  }
  return fileDigest(file) === recorded;
}

export interface CheckedState {
  /** The checked database to copy from (the state's file, or its migrated copy). */
  readonly source: Database.Database;
  /** The schema version the file was saved at, when older than the server's (it was migrated on a copy). */
  readonly migratedFrom: number | null;
  /** Close the source and remove the migrated copy, if any. */
  done(): void;
}

/**
 * Check `file` before it may replace the live database: a SQLite file (magic, not truncated), intact (its digest
 * still matches, or `PRAGMA quick_check`), of this server's schema (same tables and indexes; an older schema
 * version is migrated on a temporary copy, a newer one refused). Throws 422 naming the problem; never writes the
 * file.
 */
export function checkStateFile(file: string, name: string, live: Database.Database): CheckedState {
  checkHeader(file, name);
  const liveVersion = live.pragma('user_version', { simple: true }) as number;
  const vouched = isVouchedFor(file);
  let copy: string | null = null;
  const removeCopy = () => {
    if (copy) for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(copy + suffix, { force: true });
  };
  let db: Database.Database | undefined;
  try {
    try {
      db = new Database(file, { fileMustExist: true, readonly: true });
      // The builder's integrity_check holds for these very bytes: reading every page again through SQLite's
      // quick_check costs three times the hash (both in the docs' figures).
      if (!vouched) {
        const rows = db.pragma('quick_check(1)') as { quick_check: string }[];
        const found = rows[0]?.quick_check ?? 'no answer';
        // SQLite's own words, on one line, without its "*** in database main ***" heading.
        if (found !== 'ok') throw refuse('errors.state_damaged', { name, problem: found.replace(/^\*\*\* in database \w+ \*\*\*\s*/, '').replace(/\s+/g, ' ').slice(0, 300) });
      }
    } catch (e) {
      throw e instanceof ApiError ? e : openProblem(e, name);
    }
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > liveVersion) throw refuse('errors.state_newer', { name, version, server: liveVersion });
    let migratedFrom: number | null = null;
    if (version < liveVersion) {
      if (version === 0) throw refuse('errors.state_foreign', { name, problem: 'it has no schema version' });
      // An older state is brought to this schema on a copy: the saved file itself stays as it was.
      db.close();
      copy = path.join(os.tmpdir(), `qr-state-${process.pid}-${Date.now()}-${name}.db`);
      fs.copyFileSync(file, copy);
      db = new Database(copy);
      try {
        migrate(db);
      } catch (e) {
        throw refuse('errors.state_foreign', { name, problem: `its migration failed: ${e instanceof Error ? e.message : String(e)}` });
      }
      migratedFrom = version;
    }
    const difference = schemaDifference(schemaOf(db), schemaOf(live));
    if (difference) throw refuse('errors.state_foreign', { name, problem: difference });
    const source = db;
    return {
      source,
      migratedFrom,
      done: () => {
        source.close();
        removeCopy();
      },
    };
  } catch (e) {
    db?.close();
    removeCopy();
    throw e;
  }
}
