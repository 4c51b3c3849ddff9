/**
 * `npm run bench:dev -- [--runs N] [--fresh-db]`: the time from typing `npm run dev` to a working page, measured
 * as a developer meets it. Each run starts the real command (free ports, its process group stopped after), opens
 * its URL in Chromium as soon as Vite prints it (the page waits for the mock: scripts/dev-backend.ts), and takes
 * the time when the login form is on screen with the console's start-up calls answered ("working page"), then
 * when a login through the form has opened the first screen. The first run bundles Vite's dependencies afresh
 * (`--force`: a first start, or one after the lockfile changed); the others use its cache (every other start).
 * The mock opens a database seeded beforehand (a developer's `.data/mock.db`); `--fresh-db` also times a start on
 * an empty one (the mock seeds it, hashing the seeded passwords at full cost).
 * Chromium is launched before the clock starts: a developer's browser is already open.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { createMockServer } from '../mock-server/app.ts';
import { users } from '../fixtures/seed/users.ts';
import { READY_LINE, startDevCommand, VITE_URL_LINE } from '../harness/npm-script.ts';
import { printTable } from '../harness/bench.ts';
import { freePort } from './dev-backend.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, 'fresh-db': { type: 'boolean', default: false } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 2 || runs > 20) {
  console.error(`bench:dev: --runs must be a whole number 2–20 (one cold start, the rest warm), not "${values.runs}"`);
  process.exit(2);
}

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const CUSTOMER = users.find((u) => u.account === 'customer01')!;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dev-'));
const seededDb = path.join(dir, 'seeded.db');
const seeded = createMockServer({ dbPath: seededDb, mode: 'test', seed: true, log: () => {} });
await new Promise<void>((resolve) => seeded.close(() => resolve()));

const userDataDir = fs.mkdtempSync(path.join(dir, 'chromium-'));
const browser = await chromium.launchPersistentContext(userDataDir, { executablePath: '/usr/bin/chromium', headless: true, args: ARGS, locale: 'zh-CN' });

/**
 * CPU seconds (user + system) used so far by the processes of group `pgid` (the command: npm, tsx, dev.ts, the
 * mock), read from /proc: unlike wall time, it does not grow with the machine's load, so it says what a start
 * costs on a quiet machine (about CPU ÷ 2 on two cores when both are busy, never less than the longest chain).
 */
function groupCpuSeconds(pgid: number): number {
  const tick = 100; // USER_HZ on Linux
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // Fields after the command name (in parentheses, which may hold spaces): state ppid pgrp … utime(14) stime(15).
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(f[2]) === pgid) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  }
  return ticks / tick;
}

interface Timing {
  kind: string;
  /** CPU seconds of the command's processes when the page worked. */
  cpu: number;
  vite: number;
  /** When the command said the mock answers (`console ready`). */
  mock: number;
  page: number;
  login: number;
}

/** One start of `npm run dev`: ms from the command to Vite's URL, to the working login page, to the first screen. */
async function once(kind: string, args: string[], db: string): Promise<Timing> {
  const started = performance.now();
  const dev = startDevCommand(args, { PORT: '0', MOCK_PORT: String(await freePort()), MOCK_DB: db });
  let mock = NaN;
  const ready = dev.waitFor(READY_LINE, 300_000).then(() => (mock = performance.now() - started));
  try {
    const url = (await dev.waitFor(VITE_URL_LINE, 300_000))[1]!;
    const vite = performance.now() - started;
    const page = await browser.newPage();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/website_info/inquire') && r.status() === 200, { timeout: 300_000 });
    await page.goto(`${url}/#/admin_login`, { timeout: 300_000 });
    await answered;
    const account = page.getByLabel('账号');
    await account.waitFor({ timeout: 300_000 });
    const working = performance.now() - started;
    const cpu = groupCpuSeconds(dev.child.pid!);
    await account.fill(CUSTOMER.account);
    await page.getByLabel('密码', { exact: true }).fill(CUSTOMER.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/customer\//, { timeout: 300_000 });
    await page.getByText('今天截至目前').waitFor({ timeout: 300_000 });
    const login = performance.now() - started;
    await page.close();
    await ready;
    return { kind, cpu, vite, mock, page: working, login };
  } catch (e) {
    console.error(dev.output());
    throw e;
  } finally {
    await dev.stop();
  }
}

const timings: Timing[] = [];
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
try {
  for (let i = 0; i < runs; i++) {
    const db = path.join(dir, `run-${i}.db`);
    fs.copyFileSync(seededDb, db);
    const kind = i === 0 ? 'cold (--force: dependencies bundled afresh)' : 'warm (dependency cache)';
    console.error(`→ npm run dev, ${kind} (load average ${load()})`);
    timings.push(await once(kind, i === 0 ? ['--force'] : [], db));
  }
  if (values['fresh-db']) {
    console.error(`→ npm run dev, empty database (load average ${load()})`);
    timings.push(await once('warm, empty database (the mock seeds it)', [], path.join(dir, 'fresh.db')));
  }
} finally {
  await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(`\nnpm run dev on ${os.cpus().length} cores, load average ${load()}\n`);
printTable(
  ['start', 'Vite listening', 'mock answering', 'working page (login form, start-up calls answered)', 'logged in, first screen', 'CPU of the command to the working page'],
  timings.map((t) => [t.kind, s(t.vite), s(t.mock), s(t.page), s(t.login), `${t.cpu.toFixed(1)} s`]),
);
const warm = timings.filter((t) => t.kind.startsWith('warm (')).map((t) => t.page).sort((a, b) => a - b);
const cold = timings.find((t) => t.kind.startsWith('cold'))!;
// Read by scripts/bench.ts: the median warm start and the cold one.
console.log(`\ndev start → working page, warm median: ${(warm[Math.floor((warm.length - 1) / 2)]! / 1000).toFixed(1)} s`);
console.log(`dev start → working page, cold: ${(cold.page / 1000).toFixed(1)} s`);
const warmCpu = timings.filter((t) => t.kind.startsWith('warm (')).map((t) => t.cpu).sort((a, b) => a - b);
console.log(`dev start CPU to working page, warm median: ${warmCpu[Math.floor((warmCpu.length - 1) / 2)]!.toFixed(1)} s`);
