/**
 * `npm run states -- [--mode dev|test] [--only a,b] [--now MS] [--scrypt N,r,p] [--out DIR] [--quiet]`
 * Builds the shipped states (mock-server/control/shipped-states.ts) ahead into the states cache, so a server's
 * first load of each takes milliseconds (docs/decisions/2026-11-29-states-built-ahead.md). Without --out the
 * folder is the cache's for the mode's password cost and today (`MOCK_STATES_CACHE` moves the cache); a server
 * passes --out, --now and --scrypt of its own. States already built are skipped. Several builders for one
 * folder take turns (a lock file), so none builds what another just made.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildShippedState } from '../mock-server/control/state-builder.ts';
import { DEFAULT_STATES_CACHE, stateCache } from '../mock-server/control/state-cache.ts';
import { SHIPPED_STATES } from '../mock-server/control/shipped-states.ts';
import { OWASP_SCRYPT, TEST_SCRYPT, type ScryptCost } from '../mock-server/services/passwords.ts';
import { processAlive } from '../harness/process-alive.ts';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'dev' },
    only: { type: 'string' },
    now: { type: 'string' },
    scrypt: { type: 'string' },
    out: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(`states: ${message}`);
  process.exit(2);
}

if (!['dev', 'test', 'production'].includes(values.mode)) fail(`--mode must be dev or test, not ${values.mode}`);
const now = values.now === undefined ? Date.now() : Number(values.now);
if (!Number.isSafeInteger(now) || now < 0) fail(`--now must be epoch milliseconds, not ${values.now}`);
let scrypt: ScryptCost = values.mode === 'test' ? TEST_SCRYPT : OWASP_SCRYPT;
if (values.scrypt) {
  const [N, r, p] = values.scrypt.split(',').map(Number);
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n! > 0)) fail(`--scrypt must be N,r,p, not ${values.scrypt}`);
  scrypt = { N: N!, r: r!, p: p! };
}
const names = values.only ? values.only.split(',').filter(Boolean) : Object.keys(SHIPPED_STATES);
for (const n of names) if (!Object.hasOwn(SHIPPED_STATES, n)) fail(`no shipped state named ${n} (known: ${Object.keys(SHIPPED_STATES).join(', ')})`);

const dir = values.out ?? stateCache(process.env.MOCK_STATES_CACHE || DEFAULT_STATES_CACHE, { scrypt, now }).dir;
fs.mkdirSync(dir, { recursive: true });
const say = (line: string) => {
  if (!values.quiet) console.log(line);
};

/** Take the folder's lock, waiting (at most 10 minutes) while a live builder holds it. */
async function lock(): Promise<() => void> {
  const file = path.join(dir, '.lock');
  const deadline = Date.now() + 600_000;
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      if (!Number.isInteger(holder) || !processAlive(holder)) fs.rmSync(file, { force: true });
      else if (Date.now() > deadline) fail(`builder ${holder} has held ${file} for 10 minutes`);
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
}

const unlock = await lock();
try {
  say(`states cache ${dir}`);
  for (const name of names) {
    const file = path.join(dir, `${name}.db`);
    if (fs.existsSync(file)) {
      say(`  ${name.padEnd(20)} ready`);
      continue;
    }
    const started = performance.now();
    buildShippedState(name, file, { scrypt, now });
    say(`  ${name.padEnd(20)} built in ${((performance.now() - started) / 1000).toFixed(1)} s, ${(fs.statSync(file).size / 1024).toFixed(0)} KiB`);
  }
} finally {
  unlock();
}
