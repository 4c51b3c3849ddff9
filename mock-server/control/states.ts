import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CloseCode, CloseReason } from '../../contracts/index.ts';
import { openDatabase } from '../db/open.ts';
import { seedDatabase } from '../seed/seed.ts';
import { ApiError, badRequest } from '../services/errors.ts';
import { createServices, type Services } from '../compose.ts';
import { SHIPPED_STATES } from './shipped-states.ts';

export interface StatesOptions {
  /** The live database file (':memory:' has no named states). */
  readonly dbPath: string;
  /** Folder of saved states. Default: `states/` next to the database file. */
  readonly dir?: string;
}

/** Pages copied per backup step: all of them at once, so a load is one locked copy, never a half-loaded database. */
const ALL_PAGES = 1 << 30;

/**
 * Named data states (docs/mock-and-qa-tools.md): `save` copies the live database into `<dir>/<name>.db` with
 * SQLite's online backup; `load` copies a state back into the live file the same way, under the running server
 * (its connection sees the new pages at its next statement). Shipped states (shipped-states.ts) are built from
 * the seed on their first load in a process, into `<dir>/shipped/`, so they always match this code's schema.
 * A load drops every socket (4010, as `reset` does), keeps this server's RSA key and forgets cached permissions.
 */
export function createStates(services: Services, options: StatesOptions) {
  const memory = options.dbPath === ':memory:';
  const live = memory ? '' : path.resolve(options.dbPath);
  const dir = options.dir ?? (memory ? '' : path.join(path.dirname(live), 'states'));
  const shippedDir = path.join(dir, 'shipped');
  const builtHere = new Set<string>();

  function requireFile() {
    // The online backup writes into the live file; an in-memory database has none (tests pass a file path).
    if (memory) throw badRequest('errors.state_needs_file');
  }

  async function build(name: string): Promise<string> {
    const state = SHIPPED_STATES[name]!;
    fs.mkdirSync(shippedDir, { recursive: true });
    const file = path.join(shippedDir, `${name}.db`);
    const building = `${file}.${process.pid}.building`;
    const db = openDatabase(building);
    try {
      const scratch = createServices(db, services.clock, services.config, () => {});
      try {
        seedDatabase(scratch);
        state.build(scratch);
      } finally {
        scratch.jobs.stop();
        scratch.live.stop();
      }
      await db.backup(file, { progress: () => ALL_PAGES });
    } finally {
      db.close();
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(building + suffix, { force: true });
    }
    builtHere.add(name);
    return file;
  }

  function savedFile(name: string): string {
    return path.join(dir, `${name}.db`);
  }

  return {
    dir,
    async save(name: string): Promise<{ name: string; bytes: number; ms: number }> {
      requireFile();
      if (Object.hasOwn(SHIPPED_STATES, name)) throw new ApiError(409, 'errors.state_name_shipped', { field: 'name' });
      fs.mkdirSync(dir, { recursive: true });
      const started = performance.now();
      await services.db.backup(savedFile(name), { progress: () => ALL_PAGES });
      return { name, bytes: fs.statSync(savedFile(name)).size, ms: Math.round(performance.now() - started) };
    },

    async load(name: string): Promise<{ name: string; ms: number; built: boolean }> {
      requireFile();
      let file = savedFile(name);
      let built = false;
      if (Object.hasOwn(SHIPPED_STATES, name)) {
        file = path.join(shippedDir, `${name}.db`);
        if (!builtHere.has(name)) {
          await build(name);
          built = true;
        }
      } else if (!fs.existsSync(file)) {
        throw new ApiError(404, 'errors.state_not_found', { field: 'name' });
      }
      const started = performance.now();
      services.realtime.closeAll(CloseCode.values.server_restarting, CloseReason.reset);
      const keep = services.settings.get('rsa_private_pem');
      const source = new Database(file, { fileMustExist: true });
      try {
        await source.backup(live, { progress: () => ALL_PAGES });
      } finally {
        source.close();
      }
      // The server keeps its RSA key (the console encrypted with it); roles and menus may differ now.
      if (keep) services.settings.set('rsa_private_pem', keep);
      services.users.invalidatePermissions();
      return { name, ms: Math.round((performance.now() - started) * 10) / 10, built };
    },

    list(): { saved: string[]; shipped: { name: string; promise: string }[] } {
      const saved = !memory && fs.existsSync(dir)
        ? fs.readdirSync(dir).filter((f) => /^[a-z0-9][a-z0-9-]*\.db$/.test(f)).map((f) => f.slice(0, -3)).sort()
        : [];
      return { saved, shipped: Object.entries(SHIPPED_STATES).map(([name, s]) => ({ name, promise: s.promise })) };
    },
  };
}
export type States = ReturnType<typeof createStates>;
