import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import type { VisitorRecord } from '../contracts/index.ts';
import { createMockServer } from '../mock-server/app.ts';
import { ensureClientBuilt } from '../harness/build.ts';
import { BENCH_CHROMIUM_ARGS, longTasksSince, watchLongTasks } from '../harness/bench-browser.ts';

/**
 * `npm run bench:access-ui [-- --rows 100000] [--runs 3]`: the public /access_log page in headless Chromium with
 * a result of ROWS visitor records. Builds the console if needed and starts the mock server (seeded, 127.0.0.1,
 * a free port). public_enquiry answers at most 200 IPs per lookup, so a 100,000-row result cannot come from
 * real data: the browser's one enquiry is answered with a generated §3 result of that size (the page, the
 * effect layer, the answer's contract validation, the slice and the table all run for real). Measures, per
 * run: search click → table painted (the frame after its rows are in the DOM), then long tasks (> 50 ms, the
 * Long Tasks API) while scrolling the table top to bottom and while switching a filter. Prints a table;
 * measurements, not assertions.
 */
const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' } } });
const ROWS = Number(values.rows);
const RUNS = Math.min(10, Math.max(1, Number(values.runs)));
if (!Number.isInteger(ROWS) || ROWS < 1 || ROWS > 1_000_000) throw new Error('--rows must be 1..1000000');

const UAS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN',
  'Mozilla/5.0 (Linux; Android 14; SM-S9180) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
];
const BELONGS = ['中国 广东 深圳 移动', '中国 山东 济南 联通', '中国 上海 电信', '美国 加利福尼亚', '日本 东京', ''];
const SOURCES = ['iPhone15,2;iOS 17.2;WeChat 8.0.44', 'SM-S9180;Android 14;Chrome 120', 'Windows 10;Chrome 120', '2211133C;Android 13;WeChat 8.0.43'];

/** A deterministic §3 result: varied counts (every badge occurs), carriers, devices and user agents. */
function visitors(n: number): VisitorRecord[] {
  const out: VisitorRecord[] = [];
  for (let i = 0; i < n; i++) {
    out.push({
      domain: `entry${i % 7}.example.com`,
      ip: `${10 + (i % 200)}.${(i >> 8) & 255}.${(i >> 3) & 255}.${i & 255}`,
      ip_count: 1 + ((i * 7919) % 31),
      latest_create_time: `2026-11-${String(15 + (i % 6)).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`,
      latest_ip_belong: BELONGS[i % BELONGS.length]!,
      latest_source: SOURCES[i % SOURCES.length]!,
      latest_user_agent: UAS[i % UAS.length]!,
    });
  }
  return out;
}


interface Run {
  firstPaint: number;
  answerToPaint: number;
  scrollLongTasks: number;
  scrollMaxTask: number;
  scrollFrames: number;
  filterToPaint: number;
  filterMaxTask: number;
}


async function run(url: string, body: string): Promise<Run> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ui-'));
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath: '/usr/bin/chromium', headless: true, args: BENCH_CHROMIUM_ARGS, viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await watchLongTasks(page);
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await page.route('**/api/qr_code_access/public_enquiry', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
    await page.goto(`${url}#/access_log?file_name=demo01&key=share01`);
    await page.locator('textarea').waitFor({ timeout: 20_000 });
    await page.locator('textarea').fill('39.128.10.21');
    await page.waitForTimeout(300);

    // Click and wait, in the page, for the first frame painted after the table has rows.
    const [clickAt, paintedAt] = await page.evaluate(async () => {
      const start = performance.now();
      (document.querySelector('form button[type=submit]') as HTMLButtonElement).click();
      await new Promise<void>((resolve) => {
        const check = () => {
          const table = document.querySelector('[data-testid=visitor-table]');
          if (table && table.querySelectorAll('[data-badge]').length > 0) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
      // The frame that shows them.
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return [start, performance.now()];
    });
    // When the answer's last byte arrived (Resource Timing): from there on it is the console's own work.
    const responseEnd = await page.evaluate(
      () =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
          e.name.endsWith('/api/qr_code_access/public_enquiry'),
        )?.responseEnd ?? 0,
    );

    // Scroll the main quadrant top to bottom in 40 steps, one step per frame, then back to the top.
    await page.waitForTimeout(300);
    const scrollStart = await page.evaluate(() => performance.now());
    const frames = await page.evaluate(async () => {
      // The table's scrolling element: the one inside it with the most to scroll (no Blueprint class names).
      const inside = [...document.querySelectorAll<HTMLElement>('[data-testid=visitor-table] *')];
      const el = inside.sort((a, b) => b.scrollHeight - b.clientHeight - (a.scrollHeight - a.clientHeight))[0]!;
      const steps = 40;
      let frames = 0;
      for (let i = 1; i <= steps; i++) {
        el.scrollTop = (el.scrollHeight * i) / steps;
        el.dispatchEvent(new Event('scroll'));
        await new Promise((r) => requestAnimationFrame(r));
        frames++;
      }
      for (let i = 0; i < 20; i++) {
        el.scrollTop = Math.max(0, el.scrollTop - 900);
        await new Promise((r) => requestAnimationFrame(r));
        frames++;
      }
      el.scrollTop = 0;
      await new Promise((r) => requestAnimationFrame(r));
      return frames;
    });
    await page.waitForTimeout(200);
    const scroll = await longTasksSince(page, scrollStart);

    // Switch a filter over the whole result (recount + refilter + repaint).
    const [filterStart, filterPainted] = await page.evaluate(async () => {
      const start = performance.now();
      (document.querySelector('[data-filter="wechat"]') as HTMLButtonElement).click();
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return [start, performance.now()];
    });
    const filter = await longTasksSince(page, filterStart);
    return {
      firstPaint: paintedAt - clickAt,
      answerToPaint: responseEnd ? paintedAt - responseEnd : NaN,
      scrollLongTasks: scroll.count,
      scrollMaxTask: scroll.max,
      scrollFrames: frames,
      filterToPaint: filterPainted - filterStart,
      filterMaxTask: filter.max,
    };
  } finally {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ui-static-'));
fs.cpSync(await ensureClientBuilt(), staticDir, { recursive: true });
const server = createMockServer({ dbPath: ':memory:', seed: true, mode: 'test', staticDir, log: () => {} });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
const body = JSON.stringify({ status: true, data: { content: visitors(ROWS) } });
console.log(`access-log UI bench: ${ROWS.toLocaleString('en')} rows (${(body.length / 1e6).toFixed(1)} MB answer), ${RUNS} run(s), ${os.cpus().length} cores`);

const runs: Run[] = [];
try {
  for (let i = 0; i < RUNS; i++) runs.push(await run(url, body));
} finally {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(staticDir, { recursive: true, force: true });
}

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : '—');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rowsOut = [
  ['answer received → table painted', (r: Run) => r.answerToPaint, ms, '< 500 ms'],
  ['search click → table painted (1)', (r: Run) => r.firstPaint, ms, ''],
  ['scroll: long tasks (> 50 ms)', (r: Run) => r.scrollLongTasks, (n: number) => String(n), '0'],
  ['scroll: longest long task', (r: Run) => r.scrollMaxTask, ms, '< 50 ms (0 = none)'],
  ['filter switch → painted', (r: Run) => r.filterToPaint, ms, ''],
  ['filter switch: longest long task', (r: Run) => r.filterMaxTask, ms, ''],
] as const;
console.log(`\n${'measure'.padEnd(40)}${'median'.padStart(12)}${'worst'.padStart(12)}   target`);
for (const [label, get, fmt, target] of rowsOut) {
  const xs = runs.map(get);
  console.log(`${label.padEnd(40)}${fmt(median(xs)).padStart(12)}${fmt(Math.max(...xs)).padStart(12)}   ${target}`);
}
console.log(`\n(scroll: ${runs[0]!.scrollFrames} frames top → bottom → top per run)`);
console.log('(1) includes handing the generated answer to Chromium through the DevTools protocol, the bench\'s own cost.');
