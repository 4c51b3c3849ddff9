import fs from 'node:fs';
import Database from 'better-sqlite3';
import { createServices } from '../compose.ts';
import { openDatabase } from '../db/open.ts';
import { seedDatabase } from '../seed/seed.ts';
import type { ScryptCost } from '../services/passwords.ts';
import { SHIPPED_STATES } from './shipped-states.ts';
import { digestFileOf, vouchForStateFile } from './state-file.ts';

/**
 * Build one shipped state into `file` (scripts/states.ts runs this; a server never does, it would stop
 * answering for seconds): a fresh database seeded, the state's code run over it, then written as a plain
 * (rollback-journal) SQLite file under a temporary name and renamed, so a reader never sees half a file.
 */
export function buildShippedState(name: string, file: string, inputs: { scrypt: ScryptCost; now: number }): void {
  const state = SHIPPED_STATES[name];
  if (!state) throw new Error(`no shipped state named ${name}`);
  const temp = `${file}.${process.pid}.building`;
  const clean = () => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(temp + suffix, { force: true });
  };
  clean();
  const db = openDatabase(temp);
  try {
    const scratch = createServices(db, { now: () => inputs.now }, { mode: 'test', sessionIdleMs: 720 * 60_000, scrypt: inputs.scrypt, liveFlushMs: null }, () => {});
    try {
      seedDatabase(scratch);
      state.build(scratch);
    } finally {
      scratch.jobs.stop();
      scratch.live.stop();
      scratch.shield.stop();
    }
    // The builder's own RSA key stays behind: a load keeps the live server's key.
    db.prepare("DELETE FROM settings WHERE key = 'rsa_private_pem'").run();
  } finally {
    db.close();
  }
  // Out of WAL: one self-contained file that opens read-only without side files.
  const plain = new Database(temp);
  try {
    plain.pragma('journal_mode = DELETE');
    plain.exec('VACUUM');
  } finally {
    plain.close();
  }
  // Checked in full once here, so that a load only has to see the bytes are still these (state-file.ts). The
  // digest is in place before the file: a file that exists is vouched for.
  fs.writeFileSync(digestFileOf(file), `${vouchForStateFile(temp)}\n`);
  fs.renameSync(temp, file);
  clean();
}
