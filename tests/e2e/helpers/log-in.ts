import type { BrowserContext, Page } from 'playwright-core';
import { users } from '../../../fixtures/seed/users.ts';
import type { Locale } from '../../../contracts/index.ts';
import { texts } from './texts.ts';

/** A seeded account's password (fixtures/seed/users.ts), so a test names only the account. */
export function passwordOf(account: string): string {
  const u = users.find((x) => x.account === account);
  if (!u) throw new Error(`no seeded account ${account}`);
  return u.password;
}

/**
 * Logs a page in through the real login form in the page's language and waits for the console to open.
 * `password` defaults to the seeded one; `landing` is the address the console must reach.
 */
export async function logIn(
  page: Page,
  baseUrl: string,
  account: string,
  options: { password?: string; lng?: Locale; landing?: RegExp } = {},
): Promise<void> {
  const t = texts(options.lng ?? 'en');
  await page.goto(`${baseUrl.replace(/\/$/, '')}/#/admin_login`);
  await page.getByLabel(t('auth.fields.account')).fill(account);
  await page.getByLabel(t('auth.fields.password'), { exact: true }).fill(options.password ?? passwordOf(account));
  await page.keyboard.press('Enter');
  await page.waitForURL(options.landing ?? /#\/customer\//, { timeout: 15_000 });
}

/** A new tab of the console's browser that speaks `lng` (default en), logged in as a seeded `account`. */
export async function loggedInPage(app: { context: BrowserContext; url: string }, account: string, lng: Locale = 'en'): Promise<Page> {
  const page = await app.context.newPage();
  await page.addInitScript((l) => localStorage.setItem('language', l), lng);
  await logIn(page, app.url, account, { lng });
  return page;
}
