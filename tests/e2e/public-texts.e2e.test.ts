import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../contracts/index.ts';
import { useConsole } from './helpers/console.ts';
import { texts } from './helpers/texts.ts';

/**
 * Issue 25: the public pages' language chunk carries only the shared messages (`validation.*`, `errors.*`)
 * their modules name, split at build time (scripts/public-messages.ts); a key it lacks would make the console
 * fetch the texts behind login (client/app/i18n.ts). Each public page and the messages it can show — its
 * form rules, its refusals, its page errors — is visited in both languages on the real build, and no page
 * may fetch the texts behind login (`<lng>-session-*.js`) nor show an empty message where a text belongs.
 */
const app = useConsole();


const SESSION_TEXTS = /\/assets\/(?:zh-CN|en)-session-[\w-]+\.js$/;
// Each page its own source address (the server trusts X-Forwarded-For from loopback): the refused logins of
// one case never count against another's login throttle.
let pages = 0;

async function open(hash: string, lng: Locale): Promise<{ page: Page; sessionTexts: string[] }> {
  const page = await app.context.newPage();
  const sessionTexts: string[] = [];
  page.on('request', (r) => {
    if (SESSION_TEXTS.test(r.url())) sessionTexts.push(r.url());
  });
  page.on('pageerror', (e) => app.pageErrors.push(String(e)));
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${++pages}` });
  await page.addInitScript((l) => localStorage.setItem('language', l), lng);
  await page.goto(`${app.url}${hash}`);
  return { page, sessionTexts };
}

/** The inline messages of the form, each shown (none empty: an empty one is a text the chunk lacked). */
async function messages(page: Page): Promise<string[]> {
  const alerts = page.getByRole('alert');
  await alerts.first().waitFor();
  const shown = (await alerts.allTextContents()).map((s) => s.trim());
  expect(shown.every((s) => s.length > 0), shown.join(' | ')).toBe(true);
  return shown;
}

describe.each(['zh-CN', 'en'] as const)('public pages in %s need no text of the console behind login', (lng) => {
  const t = texts(lng);

  it('login: the form rules, a refused login, a disabled account', async () => {
    const { page, sessionTexts } = await open('#/admin_login', lng);
    const submit = page.getByRole('button', { name: t('auth.login.submit'), exact: true });
    await submit.click();
    await page.getByText(t('validation.login_account_required')).waitFor();
    await page.getByText(t('validation.login_err_03')).waitFor();

    await page.getByLabel(t('auth.fields.account')).fill('customer01');
    await page.getByLabel(t('auth.fields.password'), { exact: true }).fill('customer01');
    await submit.click();
    await page.getByText(t('validation.login_err_05')).waitFor();

    await page.getByLabel(t('auth.fields.password'), { exact: true }).fill('Wrong12345');
    await submit.click();
    await page.getByRole('alert').filter({ hasText: /\S/ }).first().waitFor();
    const refusal = (await messages(page)).join(' ');
    if (lng === 'zh-CN') expect(refusal).toMatch(/[\u4e00-\u9fff]/);

    await page.getByLabel(t('auth.fields.account')).fill('disabled01');
    await page.getByLabel(t('auth.fields.password'), { exact: true }).fill('Disabled123');
    await submit.click();
    await expect.poll(async () => (await page.getByRole('alert').allTextContents()).join(' ')).not.toBe(refusal);
    await messages(page);
    expect(sessionTexts).toEqual([]);
    await page.close();
  });

  it('register: the form rules and a refused registration', async () => {
    const { page, sessionTexts } = await open('#/admin_register?code=AGENT01', lng);
    const submit = page.getByRole('button', { name: t('auth.register.submit'), exact: true });
    await submit.click();
    await messages(page);

    await page.getByLabel(t('auth.fields.account')).fill('ab');
    await page.getByLabel(t('auth.fields.password'), { exact: true }).fill('abc');
    await page.getByLabel(t('auth.fields.repeat_password')).fill('abd');
    await submit.click();
    await page.getByText(t('validation.account_min')).waitFor();
    await page.getByText(t('validation.login_err_04')).waitFor();

    // Taken account: the server refuses (its text, in the request's language).
    await page.getByLabel(t('auth.fields.account')).fill('customer01');
    await page.getByLabel(t('auth.fields.password'), { exact: true }).fill('Abc123456');
    await page.getByLabel(t('auth.fields.repeat_password')).fill('Abc123456');
    await submit.click();
    await expect.poll(async () => (await page.getByRole('alert').allTextContents()).join(' ')).not.toContain(t('validation.login_err_04'));
    await messages(page);
    expect(sessionTexts).toEqual([]);
    await page.close();
  });

  it('share page: a missing parameter, a wrong password, the figures', async () => {
    const missing = await open('#/share_access?name=demo01', lng);
    await missing.page.getByText(t('share.page_error')).waitFor();
    // A refused call shows the page error too.
    const wrong = await open('#/share_access?name=demo01&password=wrong01', lng);
    await wrong.page.getByText(t('share.page_error')).waitFor();
    const shown = await open('#/share_access?name=demo01&password=share01', lng);
    await shown.page.getByTestId('share-visits').waitFor();
    for (const p of [missing, wrong, shown]) {
      expect(p.sessionTexts).toEqual([]);
      await p.page.close();
    }
  });

  it('access log: the search rules, a wrong key, the visitors', async () => {
    const { page, sessionTexts } = await open('#/access_log?file_name=demo02&key=share02', lng);
    const search = page.locator('form button[type=submit]');
    await search.click();
    await page.getByText(t('validation.ip_required')).waitFor();
    await page.locator('textarea').fill('1.2.3.4\n300.1.1.1');
    await search.click();
    await page.getByText(t('validation.ip_invalid'), { exact: false }).first().waitFor();
    await page.locator('textarea').fill('39.128.10.21');
    await search.click();
    await page.getByTestId('visitor-table').or(page.getByRole('alert').filter({ hasText: /\S/ })).first().waitFor();

    const wrong = await open('#/access_log?file_name=demo02&key=wrong', lng);
    await wrong.page.locator('textarea').fill('39.128.10.21');
    await wrong.page.locator('form button[type=submit]').click();
    await messages(wrong.page);
    expect(sessionTexts).toEqual([]);
    expect(wrong.sessionTexts).toEqual([]);
    await page.close();
    await wrong.page.close();
  });

  it('maintenance page, not logged in, unknown address', async () => {
    const pages = [await open('#/maintain', lng), await open('#/customer/today_statistics', lng), await open('#/no_such_page', lng)];
    await pages[0].page.getByRole('heading', { name: t('status_pages.maintain.title') }).waitFor();
    await pages[1].page.getByText(t('errors.not_logged_in')).first().waitFor();
    await pages[2].page.locator('.bp6-non-ideal-state').first().waitFor();
    for (const p of pages) {
      expect(p.sessionTexts).toEqual([]);
      await p.page.close();
    }
  });
});

describe('after login', () => {
  it('the texts behind login arrive with the console, and no page threw', async () => {
    const { page, sessionTexts } = await open('#/admin_login', 'en');
    const t = texts('en');
    await page.getByLabel(t('auth.fields.account')).fill('customer01');
    await page.getByLabel(t('auth.fields.password'), { exact: true }).fill('Customer123');
    await page.getByRole('button', { name: t('auth.login.submit'), exact: true }).click();
    await page.waitForURL(/#\/customer\/[a-z_]+$/);
    await page.getByRole('navigation').first().waitFor();
    expect(sessionTexts).toHaveLength(1);
    expect(sessionTexts[0]).toMatch(/\/en-session-/);
    await page.close();
    expect(app.pageErrors).toEqual([]);
  });
});
