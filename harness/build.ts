import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(ROOT, 'dist/client');
/** A development build (`import.meta.env.DEV`: the debug menu, React's development build) for the browser tests of dev tools. */
export const DEV_DIST = path.join(ROOT, 'dist/client-dev');
/**
 * What the built console is made from: its code, the contracts, the build config and the build's own plugins,
 * read from vite.config.ts's `./scripts/…` imports (so a new plugin needs no list of its own here).
 */
export const BUILD_SOURCES = [
  'client',
  'contracts',
  'vite.config.ts',
  'package-lock.json',
  ...[...fs.readFileSync(path.join(ROOT, 'vite.config.ts'), 'utf8').matchAll(/from '\.\/(scripts\/[\w.-]+\.ts)'/g)].map((m) => m[1]!),
];

/** The newest modification time under `p` (a file or folder, relative to the repository root); 0 if absent. */
export function newestMtime(p: string): number {
  const full = path.join(ROOT, p);
  if (!fs.existsSync(full)) return 0;
  const st = fs.statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(full, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function isFresh(dist: string): boolean {
  const stamp = path.join(dist, 'index.html');
  if (!fs.existsSync(stamp)) return false;
  const built = fs.statSync(stamp).mtimeMs;
  return BUILD_SOURCES.every((s) => newestMtime(s) <= built);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Build the console into dist/client when it is missing or older than its sources. Test files run in
 * parallel workers, so a lock directory makes one build and the others wait for it.
 */
export function ensureClientBuilt(): Promise<string> {
  return ensureBuilt(DIST, 'production');
}

/** The development build into dist/client-dev, the same way (Vite's `--mode development`, NODE_ENV development). */
export function ensureDevClientBuilt(): Promise<string> {
  return ensureBuilt(DEV_DIST, 'development');
}

async function ensureBuilt(dist: string, mode: 'production' | 'development'): Promise<string> {
  const lock = path.join(ROOT, `.tmp/e2e-build-${mode}.lock`);
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (let waited = 0; ; waited += 250) {
    if (isFresh(dist)) return dist;
    try {
      fs.mkdirSync(lock);
    } catch {
      // Someone else builds; a lock older than 3 minutes is a crashed run's leftover.
      const held = fs.statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 180_000) fs.rmSync(lock, { recursive: true, force: true });
      if (waited > 240_000) throw new Error('timed out waiting for another worker to build the console');
      await sleep(250);
      continue;
    }
    try {
      if (isFresh(dist)) return dist;
      const args = mode === 'production' ? [] : ['--mode', 'development', '--outDir', dist, '--emptyOutDir'];
      const res = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', ...args, '--logLevel', 'warn'], {
        cwd: ROOT,
        encoding: 'utf8',
        // vitest sets NODE_ENV=test, which would make Vite build a development bundle (DEV code, dev React):
        // said explicitly either way.
        env: { ...process.env, NODE_ENV: mode },
      });
      if (res.status !== 0) throw new Error(`vite build (${mode}) failed:\n${res.stdout}\n${res.stderr}`);
      return dist;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}
