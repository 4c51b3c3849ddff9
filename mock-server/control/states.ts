import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CloseCode, CloseReason } from '../../contracts/index.ts';
import { ApiError, badRequest } from '../services/errors.ts';
import type { Services } from '../compose.ts';
import { SHIPPED_STATES } from './shipped-states.ts';
import { DEFAULT_STATES_CACHE, sourceDigest, stateCache, type StateCache } from './state-cache.ts';
import { createBackgroundCheckpoint } from '../db/background-checkpoint.ts';
import { checkStateFile, copyDatabase } from './state-file.ts';
import type { StateGate } from './state-gate.ts';

export interface StatesOptions {
  /** The live database file (':memory:' has no named states). */
  readonly dbPath: string;
  /** Folder of saved states. Default: `states/` next to the database file. */
  readonly dir?: string;
  /** Root of the shipped states' cache (state-cache.ts). Default: MOCK_STATES_CACHE, else node_modules/.cache. */
  readonly cacheDir?: string;
  /** The gate a load closes while it replaces the live database. */
  readonly gate: StateGate;
}

/** The services a state operation uses. */
type StatesDeps = Pick<Services, 'db' | 'clock' | 'config' | 'settings' | 'users' | 'realtime'>;

const round1 = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Named data states (docs/mock-and-qa-tools.md; docs/decisions/2026-11-29-states-built-ahead.md).
 * `save` copies the live database into `<dir>/<name>.db`; `load` checks a state's file (state-file.ts) and
 * only then copies it into the live file, in one synchronous step with the call gate closed: calls running
 * finish first, calls arriving wait, nothing writes in between. Shipped states come built ahead from the
 * cache (a missing one is built by a child process while this server keeps answering). A load drops every
 * socket (4010, as `reset` does), keeps this server's RSA key and forgets cached permissions.
 */
export function createStates(services: StatesDeps, options: StatesOptions) {
  const memory = options.dbPath === ':memory:';
  const live = memory ? '' : path.resolve(options.dbPath);
  const dir = options.dir ?? (memory ? '' : path.join(path.dirname(live), 'states'));
  const cacheRoot = options.cacheDir ?? (process.env.MOCK_STATES_CACHE || DEFAULT_STATES_CACHE);
  const { gate } = options;
  // The fingerprint of the code this process runs is read now, at start: the files may change while it runs,
  // its code does not (and the first load does not pay for it).
  if (!memory) sourceDigest();
  // A load writes a whole database into the WAL file; it reaches the database file off this thread.
  const checkpoint = memory ? null : createBackgroundCheckpoint(services.db, live);

  function requireFile() {
    // The copy writes into the live file; an in-memory database has none (tests pass a file path).
    if (memory) throw badRequest('errors.state_needs_file');
  }

  /** The cache for this server's password cost and business day (computed per use: the day may turn). */
  const cache = (): StateCache => stateCache(cacheRoot, { scrypt: services.config.scrypt, now: services.clock.now() });

  const savedFile = (name: string) => path.join(dir, `${name}.db`);

  return {
    dir,
    cache,

    /** Build every shipped state missing from the cache (in a child process); `npm run mock` starts this. */
    warm: (): Promise<void> => cache().build(Object.keys(SHIPPED_STATES)),

    async save(name: string): Promise<{ name: string; bytes: number; ms: number }> {
      const started = performance.now();
      requireFile();
      if (Object.hasOwn(SHIPPED_STATES, name)) throw new ApiError(409, 'errors.state_name_shipped', { field: 'name' });
      fs.mkdirSync(dir, { recursive: true });
      const file = savedFile(name);
      const temp = `${file}.${process.pid}.saving`;
      try {
        // One synchronous copy: no call runs during it, so the file is the database between two calls.
        copyDatabase(services.db, temp);
        // Out of WAL mode: a state is one self-contained file (it opens read-only without side files).
        const plain = new Database(temp);
        try {
          plain.pragma('journal_mode = DELETE');
        } finally {
          plain.close();
        }
        fs.renameSync(temp, file);
      } finally {
        for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(temp + suffix, { force: true });
      }
      return { name, bytes: fs.statSync(file).size, ms: round1(performance.now() - started) };
    },

    /** `ms` is the whole wall time of the load: building (if it had to), checking, waiting for calls, copying. */
    async load(name: string): Promise<{ name: string; ms: number; built: boolean; migrated_from: number | null }> {
      const started = performance.now();
      requireFile();
      let file = savedFile(name);
      let built = false;
      if (Object.hasOwn(SHIPPED_STATES, name)) {
        const c = cache();
        if (!c.ready(name)) {
          await c.build([name]);
          built = true;
        }
        file = c.fileOf(name);
      } else if (!fs.existsSync(file)) {
        throw new ApiError(404, 'errors.state_not_found', { field: 'name' });
      }
      const checked = checkStateFile(file, name, services.db);
      try {
        const pages = checked.source.pragma('page_count', { simple: true }) as number;
        await gate.exclusive(() => {
          services.realtime.closeAll(CloseCode.values.server_restarting, CloseReason.reset);
          const keep = services.settings.get('rsa_private_pem');
          checkpoint!.bulk(pages, () => {
            copyDatabase(checked.source, live);
            // The server keeps its RSA key (the console encrypted with it); roles and menus may differ now.
            if (keep) services.settings.set('rsa_private_pem', keep);
          });
          services.users.invalidatePermissions();
        });
      } finally {
        checked.done();
      }
      return { name, ms: round1(performance.now() - started), built, migrated_from: checked.migratedFrom };
    },

    list(): { saved: string[]; shipped: { name: string; promise: string; ready: boolean }[]; cache: string } {
      const saved = !memory && fs.existsSync(dir)
        ? fs.readdirSync(dir).filter((f) => /^[a-z0-9][a-z0-9-]*\.db$/.test(f)).map((f) => f.slice(0, -3)).sort()
        : [];
      const c = cache();
      return { saved, shipped: Object.entries(SHIPPED_STATES).map(([name, s]) => ({ name, promise: s.promise, ready: c.ready(name) })), cache: c.dir };
    },

    /** Resolves once the last load's pages are in the database file (benches; a load never waits for it). */
    settled: (): Promise<void> => checkpoint?.idle() ?? Promise.resolve(),

    /** Server close: a background checkpoint still running is ended. */
    stop: () => checkpoint?.stop(),
  };
}
export type States = ReturnType<typeof createStates>;
