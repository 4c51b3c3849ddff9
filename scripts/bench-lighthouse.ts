/**
 * `npm run bench:lighthouse -- [--runs N] [--preset mobile|desktop|both] [--pages a,b] [--save DIR]`: Lighthouse 12.2.3
 * (pinned, run with `npx -y lighthouse@12.2.3`: a bench tool, kept out of the install — decision
 * docs/decisions/2026-11-26-serving-and-caching.md) against the built console served by the mock in
 * production mode, as `npm start` serves it. Pages: admin_login, access_log, share_access (public, cold cache
 * and storage) and today_statistics after a real login (storage kept, HTTP cache cleared before each run).
 * Prints per page and preset the median of N runs (default 3): performance and accessibility scores, LCP,
 * TBT, transfer, and the CSS loaded but unused (uncompressed bytes).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { ensureClientBuilt } from '../harness/build.ts';
import { createMockServer } from '../mock-server/app.ts';
import { users } from '../fixtures/seed/users.ts';

export const LIGHTHOUSE = 'lighthouse@12.2.3';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export interface PageFigures {
  page: string;
  preset: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  transferKiB: number;
  unusedCssKiB: number;
}

export const PAGES = {
  admin_login: { hash: '#/admin_login', login: false },
  access_log: { hash: '#/access_log', login: false },
  share_access: { hash: '#/share_access?name=demo01&password=share01', login: false },
  today_statistics: { hash: '#/customer/today_statistics', login: true },
} as const;
export type PageName = keyof typeof PAGES;

interface Lhr {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;
}

/** CSS bytes loaded but unused, uncompressed: each sheet's unused share times its resource size. */
function unusedCssBytes(lhr: Lhr): number {
  const sizes = new Map<string, number>();
  for (const r of lhr.audits['network-requests']?.details?.items ?? []) sizes.set(String(r.url), Number(r.resourceSize ?? 0));
  let total = 0;
  for (const item of lhr.audits['unused-css-rules']?.details?.items ?? []) {
    const size = sizes.get(String(item.url)) ?? Number(item.totalBytes ?? 0);
    total += (size * Number(item.wastedPercent ?? 0)) / 100;
  }
  return total;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-chromium-'));
  const proc = spawn(CHROMIUM, [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run', '--disable-quic', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank',
  ], { stdio: 'ignore' });
  const portFile = path.join(profile, 'DevToolsActivePort');
  for (let i = 0; !fs.existsSync(portFile) || !fs.readFileSync(portFile, 'utf8').includes('\n'); i++) {
    if (i > 300) throw new Error('Chromium did not open its DevTools port');
    await new Promise((r) => setTimeout(r, 100));
  }
  const port = Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]);
  return {
    port,
    stop: async () => {
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGTERM');
      await exited;
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

/** Logs `account` in through the real form, then empties the HTTP cache (a cold load with a session). */
async function logInAndClearCache(port: number, base: string, account: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${base}/#/admin_login`);
    const password = users.find((u) => u.account === account)!.password;
    await page.locator('input:not([type=password]):not([type=hidden])').first().fill(account);
    await page.locator('input[type=password]').first().fill(password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/customer\//, { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects only: the browser belongs to this script, which stops it itself.
    await browser.close();
  }
}

/** One Lighthouse run in a child process (asynchronous: the server under test shares this event loop). */
function lighthouseOnce(url: string, port: number, preset: 'mobile' | 'desktop', keepStorage: boolean): Promise<Lhr> {
  const proc = spawn('npx', [
    '-y', LIGHTHOUSE, url, `--port=${port}`, '--output=json', '--output-path=stdout', '--quiet',
    '--only-categories=performance,accessibility', ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ...(keepStorage ? ['--disable-storage-reset'] : []),
  ], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  proc.stdout.on('data', (c: Buffer) => out.push(c));
  proc.stderr.on('data', (c: Buffer) => err.push(c));
  return new Promise((resolve, reject) => {
    proc.on('error', reject);
    proc.on('close', (code) => {
      if (code !== 0) reject(new Error(`lighthouse failed on ${url}: ${Buffer.concat(err).toString().slice(-2000)}`));
      else resolve(JSON.parse(Buffer.concat(out).toString()) as Lhr);
    });
  });
}

/**
 * A run, tried up to three times: on a loaded machine Chromium's trace sometimes misses the navigation
 * (Lighthouse's NO_NAVSTART / NO_FCP), a failure of the recording, not of the page.
 */
async function lighthouse(url: string, port: number, preset: 'mobile' | 'desktop', keepStorage: boolean): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, port, preset, keepStorage);
    } catch (e) {
      if (attempt >= 3) throw e;
      console.error(`  retrying: ${String(e).split('\n').find((l) => l.includes('Runtime error')) ?? String(e).slice(0, 200)}`);
    }
  }
}

export async function runLighthouse(options: { runs: number; presets: readonly ('mobile' | 'desktop')[]; pages: readonly PageName[]; saveDir?: string }): Promise<PageFigures[]> {
  // Serve a private copy of the build (a rebuild meanwhile must not change what is measured).
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-console-'));
  fs.cpSync(await ensureClientBuilt(), staticDir, { recursive: true });
  const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-db-'));
  const server = createMockServer({ dbPath: path.join(dbDir, 'mock.db'), mode: 'production', staticDir, log: () => {} });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const browser = await startChromium();
  const figures: PageFigures[] = [];
  try {
    for (const preset of options.presets) {
      for (const page of options.pages) {
        const spec = PAGES[page];
        const runs: Lhr[] = [];
        for (let i = 0; i < options.runs; i++) {
          console.error(`lighthouse ${preset} ${page} run ${i + 1}/${options.runs}`);
          if (spec.login) await logInAndClearCache(browser.port, base, 'admin01');
          const lhr = await lighthouse(`${base}/${spec.hash}`, browser.port, preset, spec.login);
          if (options.saveDir) fs.writeFileSync(path.join(options.saveDir, `${page}-${preset}-${i + 1}.json`), JSON.stringify(lhr));
          runs.push(lhr);
        }
        const m = (f: (l: Lhr) => number) => median(runs.map(f));
        figures.push({
          page,
          preset,
          performance: m((l) => Math.round((l.categories.performance?.score ?? 0) * 100)),
          accessibility: m((l) => Math.round((l.categories.accessibility?.score ?? 0) * 100)),
          lcpMs: m((l) => l.audits['largest-contentful-paint']?.numericValue ?? NaN),
          tbtMs: m((l) => l.audits['total-blocking-time']?.numericValue ?? NaN),
          transferKiB: m((l) => (l.audits['total-byte-weight']?.numericValue ?? NaN) / 1024),
          unusedCssKiB: m((l) => unusedCssBytes(l) / 1024),
        });
      }
    }
  } finally {
    await browser.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(staticDir, { recursive: true, force: true });
    fs.rmSync(dbDir, { recursive: true, force: true });
  }
  return figures;
}

export function printLighthouse(figures: readonly PageFigures[], runs: number): void {
  console.log(`Lighthouse ${LIGHTHOUSE.split('@')[1]}, median of ${runs}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
  console.table(figures.map((f) => ({
    page: f.page,
    preset: f.preset,
    performance: f.performance,
    accessibility: f.accessibility,
    'LCP s': (f.lcpMs / 1000).toFixed(2),
    'TBT ms': Math.round(f.tbtMs),
    'transfer KiB': Math.round(f.transferKiB),
    'unused CSS KiB (raw)': Math.round(f.unusedCssKiB),
  })));
}

// Run as a command (npm run bench:lighthouse); scripts/bench.ts imports the functions.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      preset: { type: 'string', default: 'mobile' },
      pages: { type: 'string', default: Object.keys(PAGES).join(',') },
      /** Keep each run's whole report (JSON) in this folder. */
      save: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const presets = values.preset === 'both' ? (['mobile', 'desktop'] as const) : [values.preset as 'mobile' | 'desktop'];
  const pages = values.pages.split(',') as PageName[];
  if (!(runs >= 1) || presets.some((p) => p !== 'mobile' && p !== 'desktop') || pages.some((p) => !(p in PAGES))) {
    throw new Error(`--runs N (≥ 1), --preset mobile|desktop|both, --pages ${Object.keys(PAGES).join(',')}`);
  }
  if (values.save) fs.mkdirSync(values.save, { recursive: true });
  printLighthouse(await runLighthouse({ runs, presets, pages, saveDir: values.save }), runs);
}
