import { Classes } from '@blueprintjs/core';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Locale } from '../../../contracts/index.ts';
import type { ConsoleUnderTest } from './console.ts';
import { signIn } from './log-in.ts';

/** A language and theme the console is looked at in. */
export interface Look {
  readonly lng: Locale;
  readonly theme: 'light' | 'dark';
}

/** The two looks every browser suite covers: the default (zh-CN light) and its opposite (en dark). */
export const LOOKS: readonly Look[] = [
  { lng: 'zh-CN', theme: 'light' },
  { lng: 'en', theme: 'dark' },
];

/** Where suites write their screenshots (gitignored). */
export const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../../.tmp/shots');

/**
 * A new tab in a look, 1360 × 900, its uncaught errors collected in `app.pageErrors`; signed in as `account`
 * when given (over HTTP, log-in.ts `signIn`: suites whose subject is the login form use `logIn`). Tabs share
 * one browser profile, so the first load of this tab starts logged out.
 */
export async function openInLook(app: ConsoleUnderTest, look: Look, account?: string): Promise<Page> {
  const page = await app.context.newPage();
  await page.setViewportSize({ width: 1360, height: 900 });
  page.on('pageerror', (e) => app.pageErrors.push(String(e)));
  await page.addInitScript(
    ([l, th]) => {
      if (!sessionStorage.getItem('look')) {
        localStorage.clear();
        sessionStorage.setItem('look', '1');
      }
      localStorage.setItem('language', l);
      localStorage.setItem('theme', th);
    },
    [look.lng, look.theme === 'dark' ? '2' : '1'],
  );
  if (account) await signIn(page, app.url, account, { lng: look.lng });
  return page;
}

/**
 * A describe block's tab: opened in `look` and logged in as `account` before its tests, handed to `set`, closed
 * after them (`usePageInLook(app, look, 'admin01', (p) => (page = p))`).
 */
export function usePageInLook(app: ConsoleUnderTest, look: Look, account: string, set: (page: Page) => void): void {
  let page: Page | undefined;
  beforeAll(async () => {
    set((page = await openInLook(app, look, account)));
  }, 60_000);
  afterAll(async () => {
    await page?.close();
  });
}

/** A full-page screenshot `<name>.png` in SHOTS, toasts of earlier steps hidden so they cover nothing. */
export async function shotOf(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, style: `.${Classes.TOAST_CONTAINER} { display: none !important; }` });
}
