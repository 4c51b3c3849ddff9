import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CONTROL_PREFIX } from '../contracts/index.ts';
import { createMockServer } from '../mock-server/app.ts';
import { ensureCockpitBuilt } from '../harness/build.ts';
import { printTable } from '../harness/bench.ts';
import { BENCH_CHROMIUM_ARGS, longTasksSince, mainThreadCpu, watchLongTasks } from '../harness/bench-browser.ts';

/**
 * `npm run bench:cockpit [-- --entries 10000] [--runs 3]`: the QA cockpit's time line in headless Chromium with a
 * journal of ENTRIES real entries (calls of `ping` over HTTP to a test-mode mock on 127.0.0.1, every tenth refused
 * by an armed 503 fault, so marked lines are among them). Per run: page opened → every entry listed; the DOM's
 * line count (virtualised: the visible ones and a margin); long tasks (> 50 ms) and time while scrolling top to
 * bottom and back, and the same scroll over a bare DOM list of as many lines (this machine's floor); a filter
 * typed → repainted; a burst of 200 new calls → the newest on the time line (the live long poll). Both scrolls
 * also give the renderer main thread's CPU time (a Chromium trace's thread time), which the load of other
 * processes does not inflate as it does elapsed time. Bounded: at
 * most 50,000 entries and 5 runs; the server and browser stop at the end. Prints a table and the load average;
 * measurements, not assertions.
 */
const { values } = parseArgs({ options: { entries: { type: 'string', default: '10000' }, runs: { type: 'string', default: '3' } } });
const ENTRIES = Number(values.entries);
const RUNS = Math.min(5, Math.max(1, Number(values.runs)));
if (!Number.isInteger(ENTRIES) || ENTRIES < 100 || ENTRIES > 50_000) throw new Error('--entries must be 100..50000');
const BURST = 200;
/** What the cockpit reads on opening (cockpit/io/journal-feed.ts). */
const FIRST_READ = 10_000;


const cockpitDir = await ensureCockpitBuilt();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cockpit-'));
const server = createMockServer({
  dbPath: path.join(dir, 'mock.db'),
  mode: 'test',
  log: () => {},
  cockpitDir,
  qa: { journalSize: ENTRIES + RUNS * BURST + 100, journalBytes: 256 * 1024 * 1024 },
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

async function control(name: string, body: unknown) {
  const res = await fetch(`${base}${CONTROL_PREFIX}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { status: boolean; message?: string };
  if (!json.status) throw new Error(`${name}: ${json.message}`);
}

/** `n` real calls of `ping`, 16 at a time; every tenth meets a 503 fault (journal entries marked as faulted). */
async function calls(n: number) {
  await control('http_fault', { path: 'ping', status: 503, count: Math.floor(n / 10) });
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      const res = await fetch(`${base}/api/ping`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"value":10}' });
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

interface Run {
  openToListed: number;
  domLines: number;
  scrollLongTasks: number;
  scrollMaxTask: number;
  scrollFrames: number;
  scrollMs: number;
  /** The renderer main thread's CPU time while scrolling (not counting other processes' load). */
  scrollCpu: number;
  /** The same scroll over a bare DOM list of as many lines (this machine's floor). */
  bareMs: number;
  bareCpu: number;
  filterToPaint: number;
  burstToShown: number;
}


async function run(): Promise<Run> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cockpit-ui-'));
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath: '/usr/bin/chromium', headless: true, args: BENCH_CHROMIUM_ARGS, viewport: { width: 1360, height: 850 } });
  try {
    const page = await context.newPage();
    await watchLongTasks(page);
    const total = await fetch(`${base}${CONTROL_PREFIX}/journal/stats`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      .then((r) => r.json() as Promise<{ data: { entries: number } }>)
      .then((j) => j.data.entries);
    // The cockpit opens with the newest 10,000 entries (one journal read), then follows.
    const listed = Math.min(total, FIRST_READ);
    const started = Date.now();
    await page.goto(`${base}${CONTROL_PREFIX}/cockpit/?lng=en`);
    await page.getByText(`${listed} of ${listed} entries`).waitFor({ timeout: 120_000 });
    const openToListed = Date.now() - started;
    const domLines = await page.locator('.timeline-row').count();

    // Scroll the time line to the top and down again in 60 steps, one per frame.
    const scrollStart = await page.evaluate(() => performance.now());
    const { result: { frames, elapsed }, cpuMs: scrollCpu } = await mainThreadCpu(page, () => page.evaluate(async () => {
      const el = document.querySelector<HTMLElement>('.timeline-list')!;
      const t0 = performance.now();
      let frames = 0;
      for (const down of [false, true]) {
        for (let i = 1; i <= 30; i++) {
          el.scrollTop = down ? (el.scrollHeight * i) / 30 : el.scrollHeight * (1 - i / 30);
          await new Promise((r) => requestAnimationFrame(r));
          frames++;
        }
      }
      return { frames, elapsed: performance.now() - t0 };
    }));
    const scroll = await longTasksSince(page, scrollStart);

    // A filter typed: the status filter narrows to the faulted calls.
    const filterToPaint = await page.evaluate(async () => {
      const input = document.querySelector<HTMLInputElement>('input[aria-label^="Status"]')!;
      const t0 = performance.now();
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      set.call(input, 'fault');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - t0;
    });
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // A burst of new calls: how long until the newest is listed (the long poll's answer and the render).
    const before = listed;
    const burstStart = Date.now();
    await calls(BURST);
    await page.getByText(`${before + BURST} of ${before + BURST} entries`).waitFor({ timeout: 60_000 });
    const burstToShown = Date.now() - burstStart;
    // The floor on this machine: the same scroll over a bare virtual list of as many 26 px lines (plain DOM, no
    // React, no Blueprint), in the same browser. The cockpit's figure is read against this one.
    await page.setContent('<script>window.__name = (f) => f;</script><div id="l" style="height:700px;overflow-y:auto"><div id="i"></div></div>');
    const { result: bareMs, cpuMs: bareCpu } = await mainThreadCpu(page, () => page.evaluate(async (n) => {
      const el = document.getElementById('l')!;
      const inner = document.getElementById('i')!;
      const draw = () => {
        const first = Math.floor(el.scrollTop / 26);
        inner.style.paddingTop = `${first * 26}px`;
        inner.style.paddingBottom = `${Math.max(0, n - first - 40) * 26}px`;
        inner.innerHTML = Array.from({ length: 40 }, (_, k) => `<div style="height:26px;display:flex;gap:8px"><span>${first + k}</span><span>POST /api/ping → 200 · 1.2 ms</span></div>`).join('');
      };
      draw();
      el.addEventListener('scroll', draw);
      const t0 = performance.now();
      for (const down of [false, true]) {
        for (let i = 1; i <= 30; i++) {
          el.scrollTop = down ? (el.scrollHeight * i) / 30 : el.scrollHeight * (1 - i / 30);
          await new Promise((r) => requestAnimationFrame(r));
        }
      }
      return performance.now() - t0;
    }, listed + BURST));
    return { openToListed, domLines, scrollLongTasks: scroll.count, scrollMaxTask: scroll.max, scrollFrames: frames, scrollMs: elapsed, scrollCpu, bareMs, bareCpu, filterToPaint, burstToShown };
  } finally {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

try {
  const fillStart = Date.now();
  await calls(ENTRIES);
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; journal filled with ${ENTRIES} calls in ${((Date.now() - fillStart) / 1000).toFixed(1)} s; ${RUNS} runs, ${os.cpus().length} cores`);
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await run());
  const median = (f: (r: Run) => number) => [...runs.map(f)].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  const worst = (f: (r: Run) => number) => Math.max(...runs.map(f));
  const row = (name: string, f: (r: Run) => number, unit: string, digits = 0): string[] => [name, `${median(f).toFixed(digits)}${unit}`, `${worst(f).toFixed(digits)}${unit}`];
  printTable(
    ['measure (time line of the journal)', 'median', 'worst'],
    [
      row(`page opened → all ${ENTRIES} entries listed`, (r) => r.openToListed, ' ms'),
      row('lines in the DOM (virtualised)', (r) => r.domLines, ''),
      row('scroll top and back, 60 frames: elapsed', (r) => r.scrollMs, ' ms'),
      row('  its main-thread CPU time', (r) => r.scrollCpu, ' ms'),
      row('  the same over a bare DOM list (floor)', (r) => r.bareMs, ' ms'),
      row('  its main-thread CPU time', (r) => r.bareCpu, ' ms'),
      row('  long tasks (> 50 ms) while scrolling', (r) => r.scrollLongTasks, ''),
      row('  longest task while scrolling', (r) => r.scrollMaxTask, ' ms'),
      row('status filter typed → repainted', (r) => r.filterToPaint, ' ms', 1),
      row(`burst of ${BURST} calls → newest listed`, (r) => r.burstToShown, ' ms'),
    ],
  );
} finally {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.mock.qa?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
