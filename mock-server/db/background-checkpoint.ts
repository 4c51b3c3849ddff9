import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/**
 * A write of thousands of pages at once (a state load copies a whole database) leaves them in the WAL file.
 * SQLite's automatic checkpoint would then copy them into the database file, and fsync it, inside the next
 * commit — on the server's only thread: for the `busy` state (2,400 pages) 100-170 ms of waiting for the disk
 * with 20 ms of CPU, paid by the load's own last write or by the next call. Around such a write the live
 * connection's automatic checkpoint is off, and a worker thread with a connection of its own runs the
 * checkpoint (PASSIVE: the server's reads and writes go on meanwhile); the automatic one is back once it ends.
 *
 * Nothing is less safe for it: the load's commit, like every commit under `synchronous = NORMAL`, is in the
 * WAL file without an fsync (a crash of the process keeps it, a power loss may lose it — docs/robustness.md),
 * until a checkpoint writes it into the database file, as it always was.
 */

const requireCjs = createRequire(import.meta.url);
const SQLITE = requireCjs.resolve('better-sqlite3');

// Plain CommonJS (no TypeScript loader in a worker): open the file, checkpoint, close. Not the last connection
// to the file, so closing does not checkpoint or remove the WAL file again.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file, { fileMustExist: true });
try {
  parentPort.postMessage(db.pragma('wal_checkpoint(PASSIVE)')[0]);
} finally {
  db.close();
}
`;

export interface BackgroundCheckpoint {
  /**
   * Run `write` (synchronous) with the automatic checkpoint off. When it wrote `pages` pages or more than the
   * automatic checkpoint would let pile up, a worker checkpoints them afterwards; else the automatic checkpoint
   * is simply back.
   */
  bulk<T>(pages: number, write: () => T): T;
  /** Resolves once no background checkpoint runs (tests and benches; a load never waits for it). */
  idle(): Promise<void>;
  /** Server close: a running checkpoint's worker is ended. */
  stop(): void;
}

export function createBackgroundCheckpoint(db: Database.Database, file: string, log: (line: string) => void = (line) => console.error(line)): BackgroundCheckpoint {
  const automatic = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  let running: Promise<void> | null = null;
  let worker: Worker | null = null;
  /** Pages of bulk writes that ended while a checkpoint ran: they need one more. */
  let again = 0;
  let stopped = false;
  /** Someone waits for it (idle): the worker keeps the process alive until it is done. */
  let awaited = false;

  function runWorker(): Promise<void> {
    return new Promise<void>((resolve) => {
      const w = new Worker(WORKER, { eval: true, workerData: { file, sqlite: SQLITE } });
      worker = w;
      // A checkpoint never keeps the process alive: an unfinished one is SQLite's next automatic one.
      if (!awaited) w.unref();
      w.once('error', (e) => log(`background checkpoint of ${file} failed: ${e.message} (the next write checkpoints instead)`));
      w.once('exit', () => {
        worker = null;
        resolve();
      });
    });
  }

  function afterBulk(pages: number) {
    if (stopped) return;
    if (running) {
      again = Math.max(again, pages);
      return;
    }
    if (automatic <= 0 || pages < automatic) {
      db.pragma(`wal_autocheckpoint = ${automatic}`);
      return;
    }
    // After this turn: the load's answer is on its way before a thread starts beside it.
    running = new Promise<void>((resolve) => setImmediate(resolve)).then(() => (stopped ? undefined : runWorker())).then(() => {
      running = null;
      if (stopped || !db.open) return;
      const pending = again;
      again = 0;
      if (pending) afterBulk(pending);
      else db.pragma(`wal_autocheckpoint = ${automatic}`);
    });
  }

  return {
    bulk(pages, write) {
      db.pragma('wal_autocheckpoint = 0');
      let written = 0;
      try {
        const result = write();
        written = pages;
        return result;
      } finally {
        // A write that threw changed nothing (its transaction rolled back): no checkpoint for it.
        afterBulk(written);
      }
    },
    async idle() {
      // Waiting for it is a reason to keep the process alive.
      awaited = true;
      worker?.ref();
      while (running) await running;
    },
    stop() {
      stopped = true;
      void worker?.terminate();
    },
  };
}
