import type { Database } from 'better-sqlite3';

/**
 * Issue 20: a database that cannot be used stops the start with one plain sentence naming the file and what to
 * do (main.ts prints it, no stack trace), and deep corruption is found at start by `PRAGMA quick_check` rather
 * than by users as 500s. quick_check reads every page but skips index-to-table cross checks (integrity_check's
 * slow part); its cost is measured in docs/robustness.md ("Database at start").
 */
export class DatabaseStartError extends Error {
  override readonly name = 'DatabaseStartError';
}

const code = (e: unknown) => String((e as { code?: unknown }).code ?? '');

/** The sentence for an error met while opening, configuring or migrating `file`. */
export function describeOpenError(file: string, e: unknown): string {
  const c = code(e);
  const message = e instanceof Error ? e.message : String(e);
  if (c.startsWith('SQLITE_READONLY') || c === 'EACCES' || c === 'EPERM' || /readonly|read-only/i.test(message)) {
    return `The database file ${file} is read-only: give the server write access to the file and its folder, or start with --db pointing to a writable file.`;
  }
  if (c === 'SQLITE_NOTADB') {
    return `The file ${file} is not a SQLite database: start with --db pointing to another file, or move this one away (or use --reset) to create a fresh database.`;
  }
  if (c.startsWith('SQLITE_CORRUPT')) return corruptSentence(file);
  if (c.startsWith('SQLITE_CANTOPEN') || c === 'ENOENT' || c === 'ENOTDIR' || c === 'EISDIR' || c === 'EEXIST') {
    return `The database file ${file} cannot be opened: check that its folder exists, is a folder and is writable, or start with --db pointing elsewhere.`;
  }
  if (c === 'SQLITE_FULL' || c === 'ENOSPC') return `The disk holding the database file ${file} is full: free some space and start again.`;
  return `The database file ${file} could not be opened (${c || message}): check the file, or start with --reset to rebuild it from the seed.`;
}

const corruptSentence = (file: string) =>
  `The database file ${file} is damaged: restore it from a copy, or start with --reset to rebuild it from the seed (this deletes its data).`;

/** `PRAGMA quick_check` with its duration; throws the damaged-file sentence when it finds a problem. */
export function quickCheck(db: Database, file: string): number {
  const started = performance.now();
  const rows = db.pragma('quick_check') as { quick_check: string }[];
  const ms = performance.now() - started;
  if (rows.length !== 1 || rows[0]?.quick_check !== 'ok') throw new DatabaseStartError(corruptSentence(file));
  return ms;
}
