import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleUnderTest } from './helpers/console.ts';

/**
 * Issue 12 in Chromium (en): an administrator adjusts a customer's balance from the user list and the bill
 * appears on the bill screen; a reset password is shown once and logs the customer in.
 */

let app: ConsoleUnderTest;
let page: Page;
const db = () => app.server.mock.db;

async function logIn(p: Page, account: string, password: string) {
  await p.goto(`${app.url}#/admin_login`);
  await p.getByLabel('Account').fill(account);
  await p.getByLabel('Password', { exact: true }).fill(password);
  await p.keyboard.press('Enter');
  await p.waitForURL(/#\/customer\//, { timeout: 15_000 });
}

/** A row action: inline when the row has room, else in the row's "more" menu. */
async function rowAction(p: Page, row: Locator, label: string) {
  const inline = row.getByRole('button', { name: label, exact: true });
  if (await inline.count()) return inline.click();
  await row.getByRole('button', { name: 'More actions' }).click();
  await p.getByRole('menuitem', { name: label }).click();
}

beforeAll(async () => {
  app = await startConsole();
  page = await app.context.newPage();
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await logIn(page, 'admin01', 'Admin12345');
}, 180_000);
afterAll(async () => {
  await app?.close();
});

describe('user list', () => {
  it('adjusts a balance through the ledger; the bill appears on the bill screen', async () => {
    await page.goto(`${app.url}#/customer/user_list?account=customer01`);
    const row = page.getByRole('row').filter({ hasText: 'customer01' });
    await row.waitFor();
    await rowAction(page, row, 'Adjust balance');
    const form = page.getByRole('form');
    await form.getByLabel(/Amount/).fill('12.5');
    await form.getByLabel('Remark').fill('E2E goodwill credit');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => db().prepare("SELECT amount_micro FROM bills WHERE remark = 'E2E goodwill credit'").pluck().get(), { timeout: 10_000 })
      .toBe(12_500_000);

    await page.goto(`${app.url}#/customer/bill`);
    const bill = page.getByRole('row').filter({ hasText: 'E2E goodwill credit' });
    await bill.waitFor();
    expect(await bill.textContent()).toContain('+12.5');
    expect(app.pageErrors).toEqual([]);
  }, 60_000);

  it('shows a generated password once; the customer logs in with it', async () => {
    await page.goto(`${app.url}#/customer/user_list?account=customer02`);
    const row = page.getByRole('row').filter({ hasText: 'customer02' });
    await row.waitFor();
    await rowAction(page, row, 'Reset password');
    await page.getByRole('form').getByRole('button', { name: 'Save' }).click();
    const shown = page.getByTestId('generated-password');
    await shown.waitFor();
    const password = (await shown.textContent())!.trim();
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await shown.waitFor({ state: 'detached' });

    const other = await app.context.newPage();
    await other.addInitScript(() => localStorage.setItem('language', 'en'));
    await logIn(other, 'customer02', password);
    await other.close();
  }, 60_000);
});
