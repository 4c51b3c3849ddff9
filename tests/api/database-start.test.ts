import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../mock-server/db/open.ts';
import { DatabaseStartError, describeOpenError } from '../../mock-server/db/start-check.ts';

/**
 * Issue 20: a database file the server cannot use stops `npm run mock` with one plain sentence naming the file
 * and what to do (no stack trace), and `PRAGMA quick_check` at start finds deep corruption. Real files, the
 * real entry point (mock-server/main.ts) as a child process.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qr-db-start-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function start(dbFile: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/main.ts', '--db', dbFile, '--port', '0', '--mode', 'test'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => {
      stdout += b.toString();
      // Started after all: stop it (the test then fails on the exit code).
      if (stdout.includes('ready in')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

function expectOneSentence(r: { code: number | null; stderr: string }, file: string, what: RegExp): void {
  expect(r.code).toBe(1);
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toContain(file);
  expect(lines[0]).toMatch(what);
  expect(r.stderr).not.toMatch(/\n\s+at |Error:|SQLITE_/);
}

/** A real database whose table pages are then overwritten with garbage (the header stays valid). */
function corruptFile(file: string): void {
  const db = new Database(file);
  db.exec('CREATE TABLE t (x TEXT); CREATE INDEX t_x ON t (x);');
  const insert = db.prepare('INSERT INTO t VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < 5000; i++) insert.run(`row ${i}`);
  })();
  db.close();
  const bytes = fs.readFileSync(file);
  for (let i = 8192; i < 11_192; i++) bytes[i] = (i * 7) & 255;
  fs.writeFileSync(file, bytes);
}

describe('database start errors', () => {
  it('a file that is not a database', async () => {
    const file = path.join(dir, 'notes.db');
    fs.writeFileSync(file, 'meeting notes, not a database\n'.repeat(200));
    expectOneSentence(await start(file), file, /is not a SQLite database: start with --db pointing to another file/);
  }, 60_000);

  it('a damaged database: quick_check finds it at start', async () => {
    const file = path.join(dir, 'damaged.db');
    corruptFile(file);
    expectOneSentence(await start(file), file, /is damaged: restore it from a copy, or start with --reset/);
  }, 60_000);

  it('a path whose folder is a file', async () => {
    const blocker = path.join(dir, 'plain-file');
    fs.writeFileSync(blocker, 'x');
    const file = path.join(blocker, 'mock.db');
    expectOneSentence(await start(file), blocker, /cannot be opened: check that its folder exists/);
  }, 60_000);

  it('a read-only file (the sentence for SQLite’s and the system’s read-only codes)', () => {
    for (const code of ['SQLITE_READONLY', 'SQLITE_READONLY_DIRECTORY', 'EACCES']) {
      expect(describeOpenError('/data/mock.db', Object.assign(new Error('attempt to write a readonly database'), { code }))).toBe(
        'The database file /data/mock.db is read-only: give the server write access to the file and its folder, or start with --db pointing to a writable file.',
      );
    }
  });

  it('openDatabase throws the sentence, never the raw error, and a good file opens', () => {
    const file = path.join(dir, 'damaged2.db');
    corruptFile(file);
    expect(() => openDatabase(file)).toThrow(DatabaseStartError);
    const good = openDatabase(path.join(dir, 'good.db'));
    expect(good.pragma('user_version', { simple: true })).toBeGreaterThan(0);
    good.close();
  });
});
