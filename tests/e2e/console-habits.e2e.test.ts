import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useConsole } from './helpers/console.ts';
import { logIn } from './helpers/log-in.ts';

/**
 * Issue 16 part 3 in Chromium: the habits of an admin console. A list's filters, sort, page and page size
 * live in the address (reload keeps them, back/forward walks them), its column choice is remembered, the
 * tab title names the page in the language on screen, focus and a skip link help keyboard users, `/` and
 * `?` are shortcuts, and the theme follows the system until the user picks one. The cases run in order
 * on one page (one browser profile: its localStorage is the "device").
 */
const app = useConsole();
let page: Page;
const DOMAINS = 25;
const locale = (lng: string, file: string) => JSON.parse(fs.readFileSync(`client/locales/${lng}/${file}.json`, 'utf8')) as Record<string, unknown>;
const MENU_EN = locale('en', 'menu') as Record<string, string>;
const MENU_ZH = locale('zh-CN', 'menu') as Record<string, string>;

const list = () => `${app.url}#/customer/domain_list`;
const range = () => page.getByRole('navigation', { name: 'Pages' }).locator('span').first().textContent();
const search = () => page.getByRole('search').getByRole('textbox', { name: 'Domain' });
const query = () => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '');
const headers = async () =>
  (await page.getByRole('table').getByRole('columnheader').allTextContents()).map((h) => h.replace(/[▲▼↕]/g, '').trim());

beforeAll(async () => {
  page = await app.context.newPage();
  page.on('pageerror', (e) => app.pageErrors.push(String(e)));
  // English unless the test switched language (this script runs again at every load).
  await page.addInitScript(() => localStorage.getItem('language') || localStorage.setItem('language', 'en'));
  await logIn(page, app.url, 'admin01');
  // Enough rows for three pages of ten: added through the real API with the console's own session.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (let i = 1; i <= DOMAINS; i++) {
    const res = await fetch(`${app.url}api/domain/add`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', token: token! },
      body: JSON.stringify({ domain: `habit-${String(i).padStart(2, '0')}.example.org`, display_type: 1 }),
    });
    expect(res.status).toBe(200);
  }
}, 180_000);

describe('console habits in Chromium', () => {
  it('keeps a list’s filter, page size and page in the address; reload keeps them; back and forward walk them', async () => {
    await page.goto(list());
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await search().fill('habit-');
    await search().press('Enter');
    await expect.poll(range).toBe(`1–20 of ${DOMAINS}`);
    expect(query().get('domain')).toBe('habit-');

    await page.getByLabel('Rows per page').selectOption('10');
    await expect.poll(range).toBe(`1–10 of ${DOMAINS}`);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(range).toBe(`11–20 of ${DOMAINS}`);
    expect(Object.fromEntries(query())).toEqual({ domain: 'habit-', page_size: '10', page: '2' });

    await page.reload();
    await expect.poll(range, { timeout: 15_000 }).toBe(`11–20 of ${DOMAINS}`);
    expect(await search().inputValue()).toBe('habit-');
    expect(await page.getByRole('table').getByRole('row').count()).toBe(11); // header + 10

    await page.goBack();
    await expect.poll(range).toBe(`1–10 of ${DOMAINS}`);
    await page.goBack();
    await expect.poll(range).toBe(`1–20 of ${DOMAINS}`);
    await page.goForward();
    await expect.poll(range).toBe(`1–10 of ${DOMAINS}`);
  });

  it('sorts through the address too (the header click is a history step)', async () => {
    await page.getByRole('columnheader', { name: /Domain/ }).getByRole('button').click();
    await expect.poll(() => query().get('sort')).toBe('domain');
    await page.getByRole('columnheader', { name: /Domain/ }).getByRole('button').click();
    await expect.poll(() => query().get('sort')).toBe('-domain');
    await expect.poll(() => page.getByRole('table').getByRole('row').nth(1).textContent()).toContain('habit-25');
    await page.goBack();
    await expect.poll(() => query().get('sort')).toBe('domain');
  });

  it('remembers the column choice per list across a reload', async () => {
    expect(await headers()).toContain('Owner');
    await page.getByRole('button', { name: 'Columns' }).click();
    // The popover may still be opening when the first click lands (a loaded machine): click until unchecked.
    // Dispatched on the box itself: a pointer click at its place while the popover still moves can hit a neighbour.
    const owner = page.getByRole('checkbox', { name: 'Owner' });
    await owner.waitFor();
    await expect
      .poll(async () => {
        if (await owner.isChecked()) await owner.dispatchEvent('click');
        return owner.isChecked();
      }, { timeout: 10_000 })
      .toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(headers).not.toContain('Owner');
    await page.reload();
    await page.getByRole('table').getByRole('row').nth(1).waitFor({ timeout: 15_000 });
    expect(await headers()).not.toContain('Owner');
    expect(await headers()).toContain('Domain');
  });

  it('titles the tab after the page, in the language on screen', async () => {
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${MENU_EN.domain_list} · \\S`));
    await page.goto(`${app.url}#/customer/hold_domain`);
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${MENU_EN.hold_domain} · `));
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
    await page.reload();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(new RegExp(`^${MENU_ZH.hold_domain} · `));
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(new RegExp(`^${MENU_EN.hold_domain} · `));
  });

  it('offers "Skip to content" as the first Tab stop, and it lands on the page heading', async () => {
    await page.goto(list());
    await page.reload();
    await page.getByRole('heading', { level: 1, name: MENU_EN.domain_list }).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0); // visible once focused
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(MENU_EN.domain_list);
    expect(page.url()).toBe(list()); // not read as a route
  });

  it('moves focus to the new page’s heading after a navigation', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).locator('a[href="#/customer/hold_domain"]').click();
    await page.waitForURL(/hold_domain/);
    await expect.poll(() => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`)).toBe(`H1 ${MENU_EN.hold_domain}`);
  });

  it('focuses the list search with /, and lists the shortcuts with ?', async () => {
    await page.goto(list());
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await page.locator('body').click({ position: { x: 600, y: 5 } });
    await page.keyboard.press('/');
    await expect.poll(() => search().evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await search().inputValue()).toBe(''); // the slash was not typed

    await page.locator('body').click({ position: { x: 600, y: 5 } });
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Search the list');
    expect(await dialog.textContent()).toContain('Show keyboard shortcuts');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('follows the system colour scheme until the user picks a theme, then keeps the pick', async () => {
    const theme = () => page.evaluate(() => document.body.dataset.theme);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(theme).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(theme).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(theme).toBe('dark');
    await page.reload();
    await expect.poll(theme).toBe('dark'); // still the system's: nothing was saved

    await page.getByRole('button', { name: 'Light theme' }).click();
    await expect.poll(theme).toBe('light');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByRole('table').waitFor({ timeout: 15_000 });
    expect(await theme()).toBe('light');
    expect(app.pageErrors).toEqual([]);
  });
});
