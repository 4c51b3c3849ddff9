import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleUnderTest } from './helpers/console.ts';

/**
 * The mall in Chromium against the real mock server (en): a category tree, a brand with a logo uploaded
 * through `file/add`, a product with two cover images reordered before saving, the list filtered by the
 * category subtree, brand and recommend switch, and a CSV export.
 */

let app: ConsoleUnderTest;
let page: Page;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(56)]);
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
const db = () => app.server.mock.services.db;

beforeAll(async () => {
  app = await startConsole();
  page = await app.context.newPage();
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.goto(`${app.url}#/admin_login`);
  await page.getByLabel('Account').fill('admin01');
  await page.getByLabel('Password', { exact: true }).fill('Admin12345');
  await page.keyboard.press('Enter');
  await page.waitForURL(/#\/customer\//, { timeout: 15_000 });
}, 180_000);
afterAll(async () => {
  await page?.close();
  await app?.close();
});

const idOf = (table: string, column: string, value: string) =>
  (db().prepare(`SELECT id FROM ${table} WHERE ${column} = ?`).get(value) as { id: number } | undefined)?.id;

describe('mall in Chromium', () => {
  it('builds a category tree', async () => {
    await page.goto(`${app.url}#/customer/mall_category_list`);
    const tree = page.getByRole('region', { name: 'Categories' });
    await tree.getByText('域名服务').waitFor();
    await page.getByRole('button', { name: 'Add top-level' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Title' }).fill('E2E shop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add child' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Title' }).fill('E2E phones');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await tree.getByText('E2E phones').waitFor();
  }, 60_000);

  it('adds a brand with an uploaded logo', async () => {
    await page.goto(`${app.url}#/customer/mall_brand_list`);
    await page.getByRole('toolbar', { name: 'List actions' }).getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E Acme');
    await dialog.getByLabel('Logo').setInputFiles(png('logo.png'));
    await dialog.getByRole('img', { name: 'Image 1' }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = db().prepare("SELECT logo FROM mall_brands WHERE name = 'E2E Acme'").get() as { logo: string };
    expect(row.logo).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    await page.getByRole('img', { name: 'E2E Acme' }).waitFor();
  }, 60_000);

  it('adds a product with two cover images, reordered before saving', async () => {
    await page.goto(`${app.url}#/customer/mall_product_list`);
    await page.getByRole('toolbar', { name: 'List actions' }).getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Title' }).fill('E2E Phone');
    const category = dialog.getByRole('combobox', { name: 'Category' });
    await category.locator('option', { hasText: 'E2E phones' }).waitFor({ state: 'attached' });
    await category.selectOption(String(idOf('mall_categories', 'title', 'E2E phones')));
    await dialog.getByRole('combobox', { name: 'Brand' }).selectOption(String(idOf('mall_brands', 'name', 'E2E Acme')));
    await dialog.getByRole('textbox', { name: 'Price (USDT)', exact: true }).fill('12.5');
    await dialog.getByRole('textbox', { name: 'Lowest price (USDT)' }).fill('10');
    await dialog.getByLabel('Cover images').setInputFiles([png('a.png'), png('b.png')]);
    await dialog.getByRole('img', { name: 'Image 2' }).waitFor();
    const before = await dialog.getByRole('list', { name: 'Cover images' }).locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    await dialog.getByRole('button', { name: 'Move image 2 earlier' }).click();
    await dialog.getByRole('checkbox', { name: 'Home recommend' }).check({ force: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = db().prepare("SELECT * FROM mall_products WHERE title = 'E2E Phone'").get() as Record<string, unknown>;
    expect(JSON.parse(String(row.cover_images))).toEqual([before[1], before[0]]);
    expect(row).toMatchObject({ price_micro: 12_500_000, lowest_price_micro: 10_000_000, home_recommend: 1 });
  }, 60_000);

  it('filters by the category subtree, brand and recommend, then exports CSV', async () => {
    const search = page.getByRole('search');
    const rows = page.getByRole('row').filter({ hasText: 'E2E Phone' });
    // The parent category finds the product of its child.
    await search.getByRole('combobox', { name: 'Category' }).selectOption(String(idOf('mall_categories', 'title', 'E2E shop')));
    await search.getByRole('combobox', { name: 'Home recommend' }).selectOption('false');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No matching records').first().waitFor();
    expect(await rows.count()).toBe(0);
    await search.getByRole('combobox', { name: 'Home recommend' }).selectOption('true');
    await search.getByRole('combobox', { name: 'Brand' }).selectOption(String(idOf('mall_brands', 'name', 'E2E Acme')));
    await search.getByRole('button', { name: 'Search' }).click();
    await rows.first().waitFor();
    expect(page.url()).toContain('home_recommend=true');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('E2E Phone');
    expect(csv).toContain('12.5');
    expect(csv.trim().split('\n')).toHaveLength(2);
    expect(app.pageErrors).toEqual([]);
  }, 60_000);
});
