import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { benchClient, ms, printTable } from '../harness/bench.ts';
import { ensureClientBuilt } from '../harness/build.ts';
import { createMockServer } from '../mock-server/app.ts';
import { addDays, dayOf } from '../mock-server/services/time.ts';
import { users } from '../fixtures/seed/users.ts';
import { seedBulk } from './seed-bulk.ts';

const passwordOf = (account: string) => users.find((u) => u.account === account)!.password;

/**
 * `npm run bench:stats-ui [-- --rows N] [--runs N]`: issue 10's chart figure in headless Chromium. Bulk-seeds
 * 199 codes of customer01 with a year of history (default 1,000,000 access records; the chart reads the daily
 * counters, codes × days, not the records), serves the built console and, logged in as customer01, times on
 * daily_statistics: the "last three months" button → the chart repainted with the answer, where the request is
 * widened on its way to 366 days (the server does the real work over the 199 codes). The product's daily chart
 * draws the scope's totals (two lines); a line per code is not a screen of the product, so uPlot alone drawing
 * 199 series × 366 points is timed as a second row. Prints a table; measurements, not assertions.
 */
const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '5' } } });
const ROWS = Number(values.rows);
const RUNS = Math.min(20, Math.max(1, Number(values.runs)));
if (!Number.isInteger(ROWS) || ROWS < 10_000 || ROWS > 50_000_000) throw new Error('--rows must be 10000..50000000');
const DAYS = 366;
const CODES = 199;
const TARGET = 300;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

const dbPath = path.join(os.tmpdir(), `bench-stats-ui-${process.pid}.db`);
const seeded = seedBulk({ db: dbPath, records: ROWS, codes: CODES - 1, days: DAYS, fresh: true, log: () => {} });
seeded.db.close();
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stats-ui-static-'));
fs.cpSync(await ensureClientBuilt(), staticDir, { recursive: true });
const server = createMockServer({ dbPath, seed: false, mode: 'production', staticDir, log: () => {} });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const client = benchClient(server);
const url = `${client.base}/`;
const today = dayOf(Date.now());

/** Click → the first frame after the chart was rebuilt for a 366-day answer (ms, page clock). */
let widen = false;
async function chartRun(page: Page): Promise<number> {
  widen = false;
  await page.goto(`${url}#/customer/daily_statistics`);
  await page.reload(); // a new page each run (the same address would keep the last run's 366 days)
  await page.locator('[data-chart="line"] canvas').waitFor({ timeout: 30_000 });
  // The screen's own 30 days first (every request of the opening answered), then the widened click.
  await page.locator('[data-card="days"]', { hasText: /^\D*30\D*$/ }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  widen = true;
  return page.evaluate(async (days) => {
    const before = document.querySelector('[data-chart="line"] canvas');
    const button = [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Last three months')!;
    const start = performance.now();
    button.click();
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        const canvas = document.querySelector('[data-chart="line"] canvas');
        const shown = document.querySelector('[data-card="days"]')?.textContent?.replace(/\D/g, '');
        if (canvas && canvas !== before && shown?.endsWith(String(days))) resolve();
        else if (performance.now() - start > 20_000) reject(new Error(`no ${days}-day chart: canvas ${canvas === before ? 'unchanged' : 'new'}, days card ${shown}`));
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - start;
  }, DAYS);
}

/** uPlot alone: 199 series × 366 points drawn into a blank page, to the next frame. */
async function manyLines(page: Page): Promise<number> {
  await page.goto('about:blank');
  await page.addScriptTag({ path: path.resolve('node_modules/uplot/dist/uPlot.iife.min.js') });
  return page.evaluate(
    ([codes, days]) => {
      const x = Array.from({ length: days }, (_, i) => i);
      const data = [x, ...Array.from({ length: codes }, (_, c) => x.map((i) => 50 + ((i * 7 + c * 13) % 40)))];
      const series = [{}, ...Array.from({ length: codes }, (_, c) => ({ label: `code ${c}`, stroke: `hsl(${(c * 37) % 360} 60% 45%)`, width: 1 }))];
      const el = document.createElement('div');
      document.body.append(el);
      const start = performance.now();
      const U = (window as unknown as { uPlot: new (o: unknown, d: unknown, e: HTMLElement) => unknown }).uPlot;
      new U({ width: 1200, height: 320, scales: { x: { time: false } }, legend: { show: false }, series }, data, el);
      return new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0)));
    },
    [CODES, DAYS] as const,
  );
}

const chart: number[] = [];
const lines: number[] = [];
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stats-ui-'));
const context = await chromium.launchPersistentContext(userDataDir, { executablePath: '/usr/bin/chromium', headless: true, args: ARGS, viewport: { width: 1440, height: 900 } });
try {
  const page = await context.newPage();
  // tsx keeps function names with a `__name` helper that functions sent to the page would otherwise miss.
  await page.addInitScript({ content: 'window.__name = (f) => f;' });
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  // Logged in through the real form, as a user would (the seeded password).
  await page.goto(`${url}#/admin_login`);
  await page.getByLabel('Account').fill('customer01');
  await page.getByLabel('Password', { exact: true }).fill(passwordOf('customer01'));
  await page.keyboard.press('Enter');
  await page.waitForURL(/#\/customer\//, { timeout: 30_000 });
  // The screen opens on 30 days; the preset's request (90 days) leaves the browser widened to 366 (the contract's maximum).
  await page.route('**/api/statistics/daily', (route) => {
    if (!widen) return route.continue();
    const body = { ...(route.request().postDataJSON() as object), start_date: addDays(today, -(DAYS - 1)), end_date: today };
    return route.continue({ postData: JSON.stringify(body) });
  });
  for (let i = 0; i < RUNS; i++) chart.push(await chartRun(page));
  for (let i = 0; i < RUNS; i++) lines.push(await manyLines(page));
} finally {
  await context.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(userDataDir, { recursive: true, force: true });
  fs.rmSync(staticDir, { recursive: true, force: true });
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(dbPath + suffix, { force: true });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const row = (what: string, xs: number[]) => [what, ms(median(xs)), ms(Math.max(...xs)), `< ${TARGET} ms`, Math.max(...xs) < TARGET ? 'yes' : 'NO'];
console.log(`\nstats UI bench: ${ROWS.toLocaleString('en')} access records, ${CODES} codes, ${DAYS} days, ${RUNS} runs, ${os.cpus().length} cores\n`);
printTable(
  ['measure', 'median', 'worst', 'target', 'ok'],
  [
    row(`daily_statistics: click → chart of ${DAYS} days over ${CODES} codes painted (HTTP + server + paint)`, chart),
    row(`uPlot alone: ${CODES} series × ${DAYS} points painted`, lines),
  ],
);
