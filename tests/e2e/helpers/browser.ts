import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface TestBrowser {
  browser: BrowserContext;
  close(): Promise<void>;
}

/**
 * Headless Chromium with a fresh profile. A missing browser is a failure, never a skip: the browser tests
 * are part of `npm test`.
 */
export async function launchBrowser(options: { locale?: string; userAgent?: string } = {}): Promise<TestBrowser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}. Install it with: apt-get install -y chromium`);
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1366, height: 820 },
    locale: options.locale ?? 'zh-CN',
    userAgent: options.userAgent,
  });
  return {
    browser: context,
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export type { Browser };
