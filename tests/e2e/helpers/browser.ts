import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { witnessContext } from './failure-witness.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  ...(process.env.CHROMIUM_EXTRA_ARGS ?? '').split(' ').filter(Boolean),
];

export interface TestBrowser {
  browser: BrowserContext;
  close(): Promise<void>;
}

/** A missing browser is a failure, never a skip: the browser tests are part of `npm test`. */
export function assertChromium(): void {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}. Install it with: apt-get install -y chromium`);
  }
}

/**
 * The Chromium this test worker shares with the other browser suites it runs: the e2e project's global set-up
 * (global-setup.ts) starts one per worker, and each suite connects to it and works in contexts of its own
 * (cookies, storage and cache apart, as in a fresh profile). Null when the file runs outside that project.
 */
let shared: Promise<Browser> | null = null;
function sharedChromium(): Promise<Browser> | null {
  let endpoints: readonly string[];
  try {
    endpoints = inject('chromiumEndpoints') ?? [];
  } catch {
    return null; // not under vitest's e2e project
  }
  if (!endpoints.length) return null;
  if (!shared) {
    const worker = Math.max(1, Number(process.env.VITEST_POOL_ID ?? 1));
    shared = chromium.connect(endpoints[(worker - 1) % endpoints.length]!);
    shared.then(
      (b) => b.on('disconnected', () => (shared = null)),
      () => (shared = null),
    );
  }
  return shared;
}

/**
 * Headless Chromium, 1366 × 820, in a context of its own (`bypassCSP`: pages run injected scripts the console's
 * policy would refuse, for suites that look for what markup would do without it): the worker's shared browser when there is one
 * (see above), else a browser launched for this context with a fresh profile. `close()` ends the context
 * (and a browser launched for it).
 */
export async function launchBrowser(options: { locale?: string; userAgent?: string; bypassCSP?: boolean } = {}): Promise<TestBrowser> {
  assertChromium();
  const settings = { viewport: { width: 1366, height: 820 }, locale: options.locale ?? 'zh-CN', userAgent: options.userAgent, bypassCSP: options.bypassCSP };
  const browser = await sharedChromium()?.catch(() => null);
  if (browser?.isConnected()) {
    const context = await browser.newContext(settings);
    witnessContext(context);
    return { browser: context, close: () => context.close() };
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, ...settings });
  witnessContext(context);
  return {
    browser: context,
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export type { Browser };
