import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDateTime } from '../services/clock.ts';
import type { ScryptCost } from '../services/passwords.ts';

/**
 * Where shipped states are kept once built, and how a server knows a kept file is still right
 * (docs/decisions/2026-11-29-states-built-ahead.md).
 *
 * A shipped state is a file built from the seed by code (shipped-states.ts), never stored in git. It is built
 * ahead — by `npm run states`, in the background when `npm run mock`/`npm run dev` start, or by a test's
 * `beforeAll` — into `<cache>/<fingerprint>/<name>.db`. The fingerprint is a hash of everything the file
 * depends on: the source of mock-server/, contracts/ and fixtures/ (seed, migrations, builders), the SQLite
 * library's version, the password hashing cost, and the business day (states such as `busy` and
 * `expired-membership` are relative to "now"). Any change gives another folder, so a stale file is never
 * loaded; old folders are pruned.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Default cache: npm's conventional tool cache, ignored by git with node_modules. MOCK_STATES_CACHE moves it. */
export const DEFAULT_STATES_CACHE = path.join(ROOT, 'node_modules', '.cache', 'qr-console-states');
/** Folders the fingerprint reads (fixtures/scenarios and fixtures/recordings are data for replays, not for states). */
const SOURCE_DIRS = ['mock-server', 'contracts', 'fixtures'];
const SKIP = new Set([path.join('fixtures', 'scenarios'), path.join('fixtures', 'recordings')]);
/** Fingerprint folders kept when a new one is made: today's dev and test ones, and two spare. */
const KEEP_FOLDERS = 4;

let sourceHash: string | undefined;

/** sha256 of every source file the states are built from (read once per process: ~20 ms). */
export function sourceDigest(): string {
  if (sourceHash) return sourceHash;
  const hash = createHash('sha256');
  const walk = (rel: string) => {
    if (SKIP.has(rel)) return;
    const entries = fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      const child = path.join(rel, e.name);
      if (e.isDirectory()) walk(child);
      else if (e.isFile()) hash.update(`${child}\0`).update(fs.readFileSync(path.join(ROOT, child))).update('\0');
    }
  };
  for (const dir of SOURCE_DIRS) walk(dir);
  const sqlite = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')) as { version: string };
  hash.update(`better-sqlite3@${sqlite.version}`);
  sourceHash = hash.digest('hex');
  return sourceHash;
}

/** What a shipped state's file depends on besides the source. */
export interface StateBuildInputs {
  /** Password hashing cost of the seeded accounts (test mode's is low). */
  readonly scrypt: ScryptCost;
  /** The business clock's now (ms): states are built relative to it. */
  readonly now: number;
}

/** The cache folder's name for these inputs: 16 hex digits of the fingerprint, and the day for people. */
export function fingerprintOf(inputs: StateBuildInputs): string {
  const day = formatDateTime(inputs.now).slice(0, 10);
  const { N, r, p } = inputs.scrypt;
  const digest = createHash('sha256').update(`${sourceDigest()}|scrypt ${N},${r},${p}|${day}`).digest('hex');
  return `${day}-${digest.slice(0, 16)}`;
}

export interface StateCache {
  /** The folder of this fingerprint. */
  readonly dir: string;
  readonly fingerprint: string;
  /** The built file of `name` (it may not exist yet). */
  fileOf(name: string): string;
  ready(name: string): boolean;
  /**
   * Build the missing states among `names` in a child process (`scripts/states.ts`), so this server keeps
   * answering while it runs; resolves once they exist. One build per cache folder at a time: a second caller
   * waits for the first's files.
   */
  build(names: readonly string[]): Promise<void>;
}

const building = new Map<string, Promise<void>>();
/** Builders running now: ended with this process, so a stopped server leaves none behind. */
const builders = new Set<ReturnType<typeof spawn>>();
let exitHook = false;

export function stateCache(root: string, inputs: StateBuildInputs): StateCache {
  const fingerprint = fingerprintOf(inputs);
  const dir = path.join(root, fingerprint);
  const fileOf = (name: string) => path.join(dir, `${name}.db`);
  const ready = (name: string) => fs.existsSync(fileOf(name));

  function runBuilder(names: readonly string[]): Promise<void> {
    const { N, r, p } = inputs.scrypt;
    const args = ['--import', 'tsx', path.join(ROOT, 'scripts', 'states.ts'), '--out', dir, '--now', String(inputs.now), '--scrypt', `${N},${r},${p}`, '--only', names.join(','), '--quiet'];
    return new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
      builders.add(child);
      child.once('exit', () => builders.delete(child));
      if (!exitHook) {
        exitHook = true;
        process.once('exit', () => {
          for (const b of builders) b.kill();
        });
      }
      // Below the server's priority: building must not slow the answers of the server that asked for it.
      if (child.pid) {
        try {
          os.setPriority(child.pid, 10);
        } catch {
          // Not allowed here: it builds at normal priority.
        }
      }
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-4000)));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`building states ${names.join(', ')} failed (exit ${code}): ${err.trim()}`))));
    });
  }

  return {
    dir,
    fingerprint,
    fileOf,
    ready,
    async build(names) {
      const missing = names.filter((n) => !ready(n));
      if (missing.length === 0) return;
      // Builds of this process for the same folder run one after the other, and each skips what the one
      // before it made.
      const key = dir;
      const before = building.get(key) ?? Promise.resolve();
      const mine = before.catch(() => {}).then(() => {
        const still = names.filter((n) => !ready(n));
        return still.length ? runBuilder(still) : undefined;
      });
      building.set(key, mine);
      try {
        await mine;
      } finally {
        if (building.get(key) === mine) building.delete(key);
      }
      pruneOld(root, fingerprint);
    },
  };
}

/** Remove all but the newest KEEP_FOLDERS fingerprint folders (the current one always stays). */
function pruneOld(root: string, current: string): void {
  let folders: { name: string; at: number }[];
  try {
    folders = fs
      .readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => ({ name: e.name, at: fs.statSync(path.join(root, e.name)).mtimeMs }));
  } catch {
    return;
  }
  folders.sort((a, b) => b.at - a.at);
  for (const f of folders.slice(KEEP_FOLDERS)) if (f.name !== current) fs.rmSync(path.join(root, f.name), { recursive: true, force: true });
}
