import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useConsole } from './helpers/console.ts';
import { countOf, deleteRows, insertRow, valuesOf } from '../../fixtures/rows.ts';
import { insertLog } from '../../fixtures/factories.ts';

/**
 * Issue 13 in Chromium against the real mock server: the header's language switcher offers only the shown
 * languages of the language list; English, removed at first, is added back through the language list screen
 * and then switched to; a simulated database lock is released after the confirmation and leaves the list.
 */
const app = useConsole();
let page: Page;

beforeAll(async () => {
  // The list starts without English: the console must then offer Simplified Chinese alone.
  deleteRows(app.server.mock.db, 'languages', { code: 'en' });
  page = await app.open('#/admin_login');
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.reload();
}, 180_000);
afterAll(async () => {
  if (process.env.E2E_DEBUG) await page?.screenshot({ path: '/tmp/system-tools.png' });
});

const switcherOptions = () => page.getByRole('combobox', { name: '语言', exact: true }).locator('option').allTextContents();

describe('system tools in Chromium', () => {
  it('switches to a language added in the language list', async () => {
    await page.getByLabel('账号').waitFor();
    await expect.poll(switcherOptions).toEqual(['简体中文']);
    await page.getByLabel('账号').fill('superadmin');
    await page.getByLabel('密码', { exact: true }).fill('Super12345');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/customer\//, { timeout: 15_000 });

    await page.goto(`${app.url}#/customer/language_list`);
    await page.getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('代码').fill('en');
    await form.getByLabel('名称').fill('English');
    await form.getByRole('button', { name: '保存' }).click();
    await page.getByRole('row').filter({ hasText: 'English' }).waitFor();

    const select = page.getByRole('combobox', { name: '语言', exact: true });
    await select.focus();
    await expect.poll(() => select.locator('option').allTextContents()).toEqual(['简体中文', 'English']);
    await select.selectOption('en');
    await page.getByRole('heading', { name: 'Languages', level: 1 }).waitFor();
  });

  it('releases a database lock after the confirmation', async () => {
    await page.goto(`${app.url}#/customer/mysql_lock`);
    const row = page.getByRole('row').filter({ hasText: 'ALTER TABLE qr_codes' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Release' }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText('This cannot be undone').waitFor();
    await alert.getByRole('button', { name: 'Confirm' }).click();
    await row.waitFor({ state: 'detached' });
    await expect(page.getByRole('row').filter({ hasText: 'UPDATE users SET' }).count()).resolves.toBe(1);
    expect(countOf(app.server.mock.db, 'logs', { source: 'mysql_lock/release' })).toBe(1);
    expect(app.pageErrors).toEqual([]);
  });

  it('in the dark theme: clears old logs after the confirmation, and looks an IP up', async () => {
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(true);
    const db = app.server.mock.db;
    insertLog(db, { type: 3, account: 'old', source: 'e2e/old', at_ms: Date.now() - 90 * 86_400_000, create_time: '2020-01-01 00:00:00' });
    await page.goto(`${app.url}#/customer/log`);
    await page.getByRole('row').filter({ hasText: 'e2e/old' }).waitFor();
    await page.getByRole('button', { name: 'Clear old logs' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Older than (days)').fill('60');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alertdialog').getByText('This cannot be undone').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('row').filter({ hasText: 'e2e/old' }).waitFor({ state: 'detached' });
    expect(countOf(db, 'logs', { source: 'e2e/old' })).toBe(0);

    const start = valuesOf<number>(db, 'ip_ranges', 'start', {}, 'start')[0]!;
    const ip = [start >>> 24, (start >>> 16) & 255, (start >>> 8) & 255, start & 255].join('.');
    insertRow(db, 'ip_black', { ip, start_num: start, end_num: start, remark: '<b>bold</b>', create_time: '2026-11-23 00:00:00' });
    await page.goto(`${app.url}#/customer/checkout_ip`);
    await page.getByRole('search').getByLabel('IP').fill(ip);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    const hits = page.getByRole('table', { name: 'Black-list entries' });
    // Markup in a remark stays text.
    await hits.getByText('<b>bold</b>').waitFor();
    await expect(hits.getByText('IP blacklist').count()).resolves.toBe(1);
    expect(app.pageErrors).toEqual([]);
  });
});
