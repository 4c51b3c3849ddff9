import type { BrowserContext, Page } from 'playwright-core';
import { STORAGE_KEYS } from '../../../client/io/storage.ts';
import { encryptPassword, seededTotp } from '../../../harness/server.ts';
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

/**
 * Signs a page in without the form, for suites whose subject is not the login: logs `account` in over HTTP as
 * the console does (the password RSA-encrypted with the server's key, the seeded two-factor code when the
 * account has one), stores the session where the console keeps it (localStorage `token`, `user_info`,
 * `account`: a signed-in person reloading) before the page's next load only, opens /customer and waits for
 * the landing screen the console redirects to (where the form's login lands). The login form costs a page load
 * of its own; `logIn` keeps it for the suites that test it.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  account: string,
  options: { password?: string; lng?: Locale } = {},
): Promise<void> {
  const base = baseUrl.replace(/\/$/, '');
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': options.lng ?? 'en' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { status: boolean; message?: string; data?: unknown };
    if (!res.ok || !answer.status) throw new Error(`signIn ${account}: ${path} answered ${res.status} ${answer.message ?? ''}`);
    return answer.data as Record<string, unknown>;
  };
  const { spki } = (await post('security/public_key', {})) as { spki: string };
  const password = encryptPassword(spki, options.password ?? passwordOf(account));
  const totp = seededTotp(account);
  const session = (await post('admin/login', { account, password, ...(totp ? { totp } : {}) })) as {
    token: string;
    user_info: { account: string };
  };
  const stored: [string, string][] = [
    [STORAGE_KEYS.token, session.token],
    [STORAGE_KEYS.userInfo, JSON.stringify(session.user_info)],
    [STORAGE_KEYS.account, session.user_info.account],
  ];
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('signed-in')) return;
    sessionStorage.setItem('signed-in', '1');
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, stored);
  await page.goto(`${base}/#/customer/`);
  // Until the console has opened its landing screen, its redirect from /customer/ is still to come and would
  // replace an address a test sets meanwhile (a screen-kinds case met that under load).
  await page.waitForURL(/#\/customer\/[a-z_]+/, { timeout: 30_000 });
}
