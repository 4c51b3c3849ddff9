import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(ROOT, 'dist/client');
/** A development build (`import.meta.env.DEV`: the debug menu, React's development build) for the browser tests of dev tools. */
export const DEV_DIST = path.join(ROOT, 'dist/client-dev');
/** One build at a time, whichever the mode; held too while a source file is edited (withSourceEdited). */
const LOCK = path.join(ROOT, '.tmp/e2e-build.lock');
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

/** The QA cockpit's build (vite.cockpit.config.ts): its own page, never part of dist/client. */
export const COCKPIT_DIST = path.join(ROOT, 'dist/cockpit');
/** What the cockpit is made from: its code, the contracts, the Debug export it reuses, its config. */
const COCKPIT_SOURCES = ['cockpit', 'contracts', 'client/features/debug', 'client/public', 'vite.cockpit.config.ts', 'package-lock.json'];

function isFresh(dist: string, sources: readonly string[] = BUILD_SOURCES): boolean {
  const stamp = path.join(dist, 'index.html');
  if (!fs.existsSync(stamp)) return false;
  const built = fs.statSync(stamp).mtimeMs;
  return sources.every((s) => newestMtime(s) <= built);
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

/** The QA cockpit into dist/cockpit, the same way (`npm run build:cockpit`). */
export function ensureCockpitBuilt(): Promise<string> {
  return ensureBuilt(COCKPIT_DIST, 'production', { config: 'vite.cockpit.config.ts', sources: COCKPIT_SOURCES });
}

async function ensureBuilt(dist: string, mode: 'production' | 'development', other?: { config: string; sources: readonly string[] }): Promise<string> {
  const sources = other?.sources ?? BUILD_SOURCES;
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  for (let waited = 0; ; waited += 250) {
    if (isFresh(dist, sources)) return dist;
    try {
      fs.mkdirSync(LOCK);
    } catch {
      // Someone else builds; a lock older than 3 minutes is a crashed run's leftover.
      const held = fs.statSync(LOCK, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 180_000) fs.rmSync(LOCK, { recursive: true, force: true });
      if (waited > 240_000) throw new Error('timed out waiting for another worker to build the console');
      await sleep(250);
      continue;
    }
    try {
      restoreLeftEdit();
      if (isFresh(dist, sources)) return dist;
      const args = [...(other ? ['--config', other.config] : []), ...(mode === 'production' ? [] : ['--mode', 'development', '--outDir', dist, '--emptyOutDir'])];
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
      fs.rmSync(LOCK, { recursive: true, force: true });
    }
  }
}

/**
 * Edit one of the console's source files for the length of `use`, then put it back byte for byte with its old
 * modification time. Meanwhile the build lock is held, so no worker builds dist/client from the edited file (and
 * the restored file leaves dist/client as fresh as it was). `change` maps the file's text to the edited text.
 * The dev server's HMR test edits a real text file this way.
 */
export async function withSourceEdited<T>(file: string, change: (text: string) => string, use: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  for (let waited = 0; ; waited += 250) {
    try {
      fs.mkdirSync(LOCK);
      restoreLeftEdit();
      break;
    } catch {
      if (waited > 240_000) throw new Error('timed out waiting for another worker to build the console');
      await sleep(250);
    }
  }
  const before = fs.readFileSync(file);
  const { atime, mtime } = fs.statSync(file);
  // Kept until the file is back: a run killed in the middle leaves the edit, and the next call undoes it.
  fs.writeFileSync(EDIT_BACKUP, JSON.stringify({ file, text: before.toString('base64'), mtimeMs: mtime.getTime() }));
  try {
    const edited = change(before.toString('utf8'));
    if (edited === before.toString('utf8')) throw new Error(`withSourceEdited: the change leaves ${file} as it was`);
    fs.writeFileSync(file, edited);
    return await use();
  } finally {
    fs.writeFileSync(file, before);
    fs.utimesSync(file, atime, mtime);
    fs.rmSync(EDIT_BACKUP, { force: true });
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

const EDIT_BACKUP = path.join(ROOT, '.tmp/edited-source.json');

/** Put back a file a killed run of withSourceEdited left edited (called with the lock held: no edit is under way). */
function restoreLeftEdit(): void {
  if (!fs.existsSync(EDIT_BACKUP)) return;
  const left = JSON.parse(fs.readFileSync(EDIT_BACKUP, 'utf8')) as { file: string; text: string; mtimeMs: number };
  fs.writeFileSync(left.file, Buffer.from(left.text, 'base64'));
  fs.utimesSync(left.file, new Date(), new Date(left.mtimeMs));
  fs.rmSync(EDIT_BACKUP, { force: true });
}
