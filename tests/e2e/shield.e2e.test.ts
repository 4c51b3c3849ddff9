import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTROL_PREFIX } from '../../contracts/index.ts';
import { violations } from './helpers/axe.ts';
import { loggedInPage } from './helpers/log-in.ts';
import { useConsole } from './helpers/console.ts';
import { setRows } from '../../fixtures/rows.ts';

/**
 * WeChat detection monitors in Chromium against the real mock server: an administrator has `monitor` open,
 * QA marks a customer's domain blocked and runs a detection round through the control API; the row turns
 * "Blocked" without a reload (frame 24) and a notice says where the QR codes went. Then the owner's
 * push settings screen offers only their held, unblocked domains as the spare.
 */
const app = useConsole();
let page: Page;

async function control(name: string, body: unknown) {
  const res = await fetch(`${app.url.replace(/\/$/, '')}${CONTROL_PREFIX}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.json();
}

async function login(account: string) {
  page = await loggedInPage(app, account);
}


describe('shield monitors in Chromium', () => {
  it('a block shows up on the open monitor without a reload', async () => {
    await login('admin01');
    await page.goto(`${app.url}#/customer/monitor`);
    const row = page.getByRole('row').filter({ hasText: 'entry1.example.com' });
    await row.getByText('Normal').waitFor();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    await control('shield/mark', { domain: 'entry1.example.com', status: 2 });
    await control('shield/run', { force: true });

    await row.getByText('Blocked', { exact: true }).waitFor({ timeout: 10_000 });
    await page.getByText(/^Domain entry1\.example\.com was blocked by WeChat; 2 QR codes moved to reserve1\.example\.com\.$/).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await violations(page)).toEqual([]);
    // The settings screens, in the dark theme (theme id 2).
    await page.evaluate(() => localStorage.setItem('theme', '2'));
    await page.reload();
    for (const route of ['we_chat_blocking_detection_configuration', 'shield_configuration', 'admin_domain_monitor']) {
      await page.goto(`${app.url}#/customer/${route}`);
      await page.locator('h1').first().waitFor();
      await page.getByRole('button', { name: /Save|Add|Search/ }).first().waitFor().catch(() => undefined);
      expect(await page.locator('.bp6-dark').count(), route).toBeGreaterThan(0);
      expect(await violations(page), route).toEqual([]);
    }
    expect(app.pageErrors).toEqual([]);
    await page.close();
  }, 60_000);

  it('the owner picks a spare among their held, unblocked domains', async () => {
    // s1 goes into the reserve (as hold_domain would do); blocked1 is held too, but blocked.
    for (const domain of ['s1.example.com', 'blocked1.example.com']) setRows(app.server.mock.db, 'domains', { domain }, { hold: 2 });
    await login('customer01');
    await page.goto(`${app.url}#/customer/shield_push`);
    // The block above is in the list of pushes, with the seeded one.
    await page.getByRole('row').filter({ hasText: 'reserve1.example.com' }).first().waitFor();
    const spare = page.getByLabel('Spare domain');
    await spare.waitFor();
    const options = await spare.locator('option').allTextContents();
    // reserve1 left the reserve when it took the codes; blocked1 is blocked: s1 is the only choice.
    expect(options.filter((o) => o.includes('.example.'))).toEqual(['s1.example.com']);
    expect(await violations(page)).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  }, 60_000);

  it('§8: a page behind login opened without a session asks "log in now?" instead of jumping', async () => {
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto(`${app.url}#/customer/monitor`);
    await page.reload();
    const ask = page.getByRole('alertdialog');
    await ask.getByText('You have not logged in yet. This operation cannot be performed. Do you want to log in now?').waitFor();
    expect(page.url()).toMatch(/#\/customer\/monitor$/);
    await ask.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/#\/admin_login$/);
  }, 60_000);
});
