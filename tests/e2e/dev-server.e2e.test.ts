import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock-server/app.ts';
import { TEST_SCRYPT } from '../../mock-server/services/passwords.ts';
import { withSourceEdited } from '../../harness/build.ts';
import { READY_LINE, startDevCommand, VITE_URL_LINE, type DevCommand } from '../../harness/npm-script.ts';
import { launchBrowser, type TestBrowser } from './helpers/browser.ts';
import { logIn } from './helpers/log-in.ts';
import { texts } from './helpers/texts.ts';
import { freePort } from '../../scripts/dev-backend.ts';

/**
 * `npm run dev` as a developer runs it: the real command (ports chosen free, its process group stopped at the
 * end) in Chromium. The console renders, a login through the form works, an edited text of a screen shows
 * through Vite's HMR with no reload (a value set on `window` survives it), and nothing answers a proxy error.
 * Then `npm run dev -- --api URL` in front of a mock in production mode standing in for the real service: the
 * page waits until the service answers, then logs in against it.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const t = texts('zh-CN');
/**
 * The text file edited through HMR, and the text of it the landing screen shows (a card title of
 * today_statistics; no other test reads it, so a worker reading the texts meanwhile meets nothing it expects).
 */
const EDITED_FILE = path.join(ROOT, 'client/locales/zh-CN/resources.statistics.json');
const SHOWN = t('resources.today_statistics.cards.codes_today');

/**
 * A page of the dev server: Vite serves each module unbundled and transforms it on first request, so the first
 * load is hundreds of requests (seconds on a quiet machine, tens of seconds on two busy cores); its waits are
 * bounded at 2 minutes rather than Playwright's 30 s.
 */
async function devPage(): Promise<Page> {
  const page = await browser.browser.newPage();
  page.setDefaultTimeout(120_000);
  return page;
}

/** Answers of 5xx (a proxy error is a 502) and uncaught errors, as the page meets them. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (r) => void (r.status() >= 500 && failures.push(`${r.status()} ${r.url()}`)));
  page.on('pageerror', (e) => failures.push(String(e)));
  return failures;
}

let browser: TestBrowser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('npm run dev', () => {
  let dir = '';
  let dev: DevCommand;
  let url = '';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-command-'));
    // A real database file, seeded once in test mode (cheap password hashes, which keep their cost in the file):
    // the dev-mode mock then opens it as a developer's `.data/mock.db`.
    const dbPath = path.join(dir, 'mock.db');
    const seeded = createMockServer({ dbPath, mode: 'test', seed: true, log: () => {} });
    await new Promise<void>((resolve) => seeded.close(() => resolve()));
    dev = startDevCommand([], { PORT: '0', MOCK_PORT: String(await freePort()), MOCK_DB: dbPath });
    url = (await dev.waitFor(READY_LINE))[2]!;
  }, 180_000);
  afterAll(async () => {
    await dev?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('renders the console, logs in through the form, and an edited text shows by HMR without a reload', async () => {
    const page = await devPage();
    const failures = watchFailures(page);
    await logIn(page, url, 'customer01', { lng: 'zh-CN' });
    await page.getByText(SHOWN, { exact: true }).waitFor({ timeout: 30_000 });
    await page.evaluate(() => Object.assign(window, { devMarker: 'kept' }));

    const edited = `${SHOWN}（热更新）`;
    await withSourceEdited(EDITED_FILE, (text) => text.replace(JSON.stringify(SHOWN), JSON.stringify(edited)), async () => {
      await page.getByText(edited, { exact: true }).waitFor({ timeout: 30_000 });
      // The same document: a reload would have dropped the marker (and the login form would not be skipped).
      expect(await page.evaluate(() => (window as unknown as { devMarker?: string }).devMarker)).toBe('kept');
    });
    // Put back, the text comes back the same way.
    await page.getByText(SHOWN, { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { devMarker?: string }).devMarker)).toBe('kept');
    expect(page.url()).toMatch(/#\/customer\//);

    expect(failures).toEqual([]);
    expect(dev.output()).not.toMatch(/proxy error/i);
    await page.close();
    // A dev server's first visit transforms every module the page asks for: seconds on two busy cores.
  }, 180_000);
});

describe('npm run dev -- --api URL', () => {
  let service: MockServer | null = null;
  let dev: DevCommand;
  let serviceUrl = '';
  let viteUrl = '';
  /** The login calls that reached the service, with their status. */
  const logins: number[] = [];

  beforeAll(async () => {
    serviceUrl = `http://127.0.0.1:${await freePort()}`;
    // The service is not up yet: the dev server starts anyway and holds the page until it answers.
    dev = startDevCommand(['--api', serviceUrl], { PORT: '0' });
    viteUrl = (await dev.waitFor(VITE_URL_LINE))[1]!;
  }, 180_000);
  afterAll(async () => {
    await dev?.stop();
    if (service) {
      service.closeAllConnections();
      await new Promise<void>((resolve) => service!.close(() => resolve()));
    }
  }, 30_000);

  it('answers the page once the service answers, then logs in through the form against it', async () => {
    const page = await devPage();
    const failures = watchFailures(page);
    const loading = page.goto(`${viteUrl}/#/admin_login`, { timeout: 60_000 });
    // The dev server says it holds the page; only then does the service start.
    await dev.waitFor(new RegExp(`waiting for ${serviceUrl.replace(/\./g, '\\.')} to answer`));
    service = createMockServer({ dbPath: ':memory:', mode: 'production', scrypt: TEST_SCRYPT, log: () => {} });
    service.prependListener('request', (req: IncomingMessage, res) => {
      if (req.url === '/api/admin/login') res.once('finish', () => logins.push(res.statusCode));
    });
    await new Promise<void>((resolve) => service!.listen(Number(new URL(serviceUrl).port), '127.0.0.1', resolve));
    expect((await loading)?.status()).toBe(200);

    await logIn(page, viteUrl, 'customer01', { lng: 'zh-CN' });
    expect(logins).toEqual([200]);
    await page.getByText(SHOWN, { exact: true }).waitFor({ timeout: 30_000 });
    expect(failures).toEqual([]);
    expect(dev.output()).not.toMatch(/proxy error/i);
    await page.close();
  }, 180_000);
});
