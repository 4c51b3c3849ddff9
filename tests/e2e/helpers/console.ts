import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { createMockServer, type MockServer } from '../../../mock-server/app.ts';
import type { Clock } from '../../../mock-server/services/clock.ts';
import { launchBrowser, type TestBrowser } from './browser.ts';
import { ensureClientBuilt } from '../../../harness/build.ts';
import { testRsaPem } from '../../../harness/server.ts';

/** The console as a suite gets it: `useConsole()` in the file, or `startConsole()` where a test wants its own. */
export interface ConsoleOptions {
  /** The browser's user agent (the console picks its phone layout by it). */
  userAgent?: string;
  /** The server's clock (a suite that needs its calendar at a chosen instant). */
  clock?: Clock;
}

/** The built console to serve: the run's copy made by the e2e set-up, else a private copy made here. */
async function consoleFiles(): Promise<{ dir: string; own: boolean }> {
  let shared: string;
  try {
    shared = inject('consoleDir') ?? '';
  } catch {
    shared = ''; // not under vitest's e2e project
  }
  if (shared && fs.existsSync(shared)) return { dir: shared, own: false };
  // Serve a private copy: another run (or `npm run build`) may rebuild dist/client meanwhile, and a page
  // asking for a lazy chunk of the old build must still get it.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-console-'));
  fs.cpSync(await ensureClientBuilt(), dir, { recursive: true });
  return { dir, own: true };
}

/**
 * The real console in a real browser: the built client served by an in-process mock server of its own
 * (':memory:', seeded, test mode) on 127.0.0.1 and a free port, and a browser context of its own in the
 * worker's Chromium (browser.ts). `open('#/admin_login')` gives a fresh page.
 */
export async function startConsole(options: ConsoleOptions = {}) {
  const files = await consoleFiles();
  const server: MockServer = createMockServer({
    dbPath: ':memory:',
    seed: true,
    mode: 'test',
    staticDir: files.dir,
    log: () => {},
    clock: options.clock,
    rsaPrivatePem: testRsaPem(),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  const stopServer = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }).finally(() => {
      if (files.own) fs.rmSync(files.dir, { recursive: true, force: true });
    });
  let browser: TestBrowser;
  try {
    browser = await launchBrowser({ userAgent: options.userAgent });
  } catch (e) {
    await stopServer();
    throw e;
  }
  const pageErrors: string[] = [];
  return {
    server,
    url,
    context: browser.browser,
    /** Uncaught errors seen in any page (a test may assert none). */
    pageErrors,
    async open(hash: string) {
      const page = await browser.browser.newPage();
      page.on('pageerror', (e) => pageErrors.push(String(e)));
      await page.goto(url + hash);
      return page;
    },
    async close() {
      await browser.close();
      await stopServer();
    },
  };
}

export type ConsoleUnderTest = Awaited<ReturnType<typeof startConsole>>;

/**
 * The same console (server and URL) in another browser context: its own storage, uncaught errors and user
 * agent, so tabs logged in as different people can work side by side. `close()` ends only the context.
 */
export async function anotherBrowser(app: ConsoleUnderTest, options: { userAgent?: string } = {}): Promise<ConsoleUnderTest> {
  const browser = await launchBrowser({ userAgent: options.userAgent });
  const pageErrors: string[] = [];
  return {
    server: app.server,
    url: app.url,
    context: browser.browser,
    pageErrors,
    async open(hash: string) {
      const page = await browser.browser.newPage();
      page.on('pageerror', (e) => pageErrors.push(String(e)));
      await page.goto(app.url + hash);
      return page;
    },
    close: () => browser.close(),
  };
}

/**
 * A browser suite's set-up in one line: `const app = useConsole()` starts the console before the file's (or the
 * describe block's) tests and closes it after them; `app` may be named anywhere in the file and used once the
 * tests run (reading it earlier throws, saying so).
 */
export function useConsole(options: ConsoleOptions = {}): ConsoleUnderTest {
  let app: ConsoleUnderTest | undefined;
  beforeAll(async () => {
    app = await startConsole(options);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    app = undefined;
  });
  return new Proxy({} as ConsoleUnderTest, {
    get(_, key) {
      if (!app) throw new Error(`useConsole: the console starts in beforeAll (read "${String(key)}" before it)`);
      return app[key as keyof ConsoleUnderTest];
    },
  });
}
