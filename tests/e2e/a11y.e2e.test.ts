import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ruleViolations, violations } from './helpers/axe.ts';
import { logIn } from './helpers/log-in.ts';
import { useConsole } from './helpers/console.ts';

/**
 * axe-core in Chromium on the real console: the login page, a list, a form (the generic create dialog) and
 * the dashboard have no serious or critical violation. axe is evaluated through the DevTools protocol, so
 * the console's CSP (`script-src 'self'`) stays on and nothing is added to the bundle.
 */
const app = useConsole();
let page: Page;
beforeAll(async () => {
  page = await app.context.newPage();
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
}, 120_000);

describe('accessibility (axe-core): no serious or critical violation', () => {
  it('login page', async () => {
    await page.goto(`${app.url}#/admin_login`);
    await page.getByLabel('Account').waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('the access log: its date range (aria-expanded only where a role allows it) and its headings in order', async () => {
    await page.goto(`${app.url}#/access_log`);
    await page.getByLabel('Start date').waitFor();
    expect(await ruleViolations(page, ['aria-allowed-attr', 'heading-order'])).toEqual([]);
    await page.goto(`${app.url}#/admin_login`);
    await page.getByLabel('Account').waitFor();
  });

  it('a list: QR codes', async () => {
    await page.getByLabel('Account').fill('customer01');
    await page.getByLabel('Password', { exact: true }).fill('Customer123');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/customer\//, { timeout: 15_000 });
    await page.goto(`${app.url}#/customer/qr_code_list`);
    await page.getByRole('table', { name: 'QR codes' }).getByRole('row').nth(1).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('a form: the create dialog of QR codes', async () => {
    await page.getByRole('toolbar').getByRole('button', { name: 'Add' }).click();
    await page.getByRole('form', { name: /New/ }).waitFor();
    // While the dialog fades in, axe measures colours half-blended with the backdrop: ask until it has settled.
    await expect.poll(() => violations(page), { timeout: 5_000 }).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('a dashboard: home_admin, with its chart drawn', async () => {
    // Another account: the customer's session ends with the stored token (the language stays English).
    await page.evaluate(() => localStorage.clear());
    await logIn(page, app.url, 'admin01');
    await page.goto(`${app.url}#/customer/home_admin`);
    await page.getByRole('img', { name: 'Visits per day, last 30 days' }).locator('canvas').waitFor();
    expect(await violations(page)).toEqual([]);
    // Card titles are the level below the page's h1 (Lighthouse "heading-order" on today_statistics).
    expect(await ruleViolations(page, ['heading-order'])).toEqual([]);
  });
});
