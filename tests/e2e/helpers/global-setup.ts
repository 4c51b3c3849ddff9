import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from '../../../harness/build.ts';
import { assertChromium, CHROMIUM, CHROMIUM_ARGS } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One Chromium per test worker (browser.ts picks its own by VITEST_POOL_ID). */
    chromiumEndpoints: string[];
    /** The built console, copied once for the run (console.ts serves it). */
    consoleDir: string;
  }
}

/**
 * The e2e project's set-up, once per run: builds the console when it is older than its sources, copies it
 * aside (another run or `npm run build` may rebuild dist/client meanwhile, and a page asking for a lazy chunk
 * of the old build must still get it), and starts one headless Chromium per worker. Everything goes when the
 * run ends.
 */
export default async function setup(project: TestProject) {
  assertChromium();
  const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-console-'));
  fs.cpSync(await ensureClientBuilt(), consoleDir, { recursive: true });
  const workers = Math.max(1, Number(project.config.maxWorkers) || Number(project.globalConfig.maxWorkers) || 1);
  const servers: BrowserServer[] = [];
  try {
    for (let i = 0; i < workers; i++) servers.push(await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS }));
  } catch (e) {
    await Promise.all(servers.map((s) => s.close()));
    fs.rmSync(consoleDir, { recursive: true, force: true });
    throw e;
  }
  project.provide('chromiumEndpoints', servers.map((s) => s.wsEndpoint()));
  project.provide('consoleDir', consoleDir);
  return async () => {
    await Promise.all(servers.map((s) => s.close()));
    fs.rmSync(consoleDir, { recursive: true, force: true });
  };
}
