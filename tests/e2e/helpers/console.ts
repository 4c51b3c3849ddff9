import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMockServer, type MockServer } from '../../../mock-server/app.ts';
import type { Clock } from '../../../mock-server/services/clock.ts';
import { launchBrowser, type TestBrowser } from './browser.ts';
import { ensureClientBuilt } from '../../../harness/build.ts';

/**
 * The real console in a real browser: the built client served by an in-process mock server (':memory:',
 * seeded, test mode) on 127.0.0.1 and a free port. `open('#/admin_login')` gives a fresh page. `clock`: the
 * server's (a suite that needs its calendar at a chosen instant).
 */
export async function startConsole(options: { userAgent?: string; clock?: Clock } = {}) {
  // Serve a private copy: another run (or `npm run build`) may rebuild dist/client meanwhile, and a page
  // asking for a lazy chunk of the old build must still get it.
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-console-'));
  fs.cpSync(await ensureClientBuilt(), staticDir, { recursive: true });
  const server: MockServer = createMockServer({ dbPath: ':memory:', seed: true, mode: 'test', staticDir, log: () => {}, clock: options.clock });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  let browser: TestBrowser;
  try {
    browser = await launchBrowser({ userAgent: options.userAgent });
  } catch (e) {
    server.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
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
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

export type ConsoleUnderTest = Awaited<ReturnType<typeof startConsole>>;
