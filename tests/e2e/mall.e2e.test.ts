import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems } from './helpers/axe.ts';
import { LOOKS, usePageInLook, shotOf } from './helpers/look.ts';
import { useConsole } from './helpers/console.ts';
import { textOf } from './helpers/download.ts';
import { texts } from './helpers/texts.ts';
import { rowOf, rowsOf, valueOf } from '../../fixtures/rows.ts';

/**
 * The mall in Chromium against the real mock server, in zh-CN light and en dark: a category tree with a
 * title per language (shown in the console's language, else the default language's), a brand
 * with a logo uploaded through `file/add`, a product with two cover images reordered before saving, the list
 * filtered by the category subtree, brand and recommend switch, and a CSV export.
 */

const app = useConsole();
// A real 1×1 PNG, so the previews and list thumbnails in the screenshots show an image.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
const db = () => app.server.mock.services.db;
const idOf = (table: 'mall_categories' | 'mall_brands', column: 'title' | 'name', value: string) =>
  valueOf<number>(db(), table, 'id', { [column]: value });


describe.each(LOOKS)('mall in Chromium ($lng $theme)', (look) => {
  const { lng, theme } = look;
  const t = texts(lng);
  const f = (route: string, field: string) => t(`resources.${route}.fields.${field}`);
  // `root` / `child` are the default language's (zh-CN) titles; the root has an English one too, the child not.
  const names = { root: `E2E ${lng} 商店`, rootEn: `E2E ${lng} shop`, child: `E2E ${lng} 手机`, brand: `E2E ${lng} Acme`, product: `E2E ${lng} Phone` };
  let page: Page;
  const shot = (name: string) => shotOf(page, `mall-${name}-${lng}-${theme}`);
  /** The title input of one language in a category form (labelled "<language name> (<code>)"). */
  const titleIn = (dialog: Locator, code: string) =>
    dialog.getByRole('group', { name: f('mall_category_list', 'titles') }).getByRole('textbox', { name: `(${code})` });
  const addButton = () => page.getByRole('toolbar', { name: t('resource.actions.toolbar') }).getByRole('button', { name: t('common.actions.add') });

  usePageInLook(app, look, 'admin01', (p) => (page = p));

  it('builds a category tree with a title per language', async () => {
    await page.goto(`${app.url}#/customer/mall_category_list`);
    const tree = page.getByRole('region', { name: t('menu.mall_category_list') });
    // Seeded categories have zh-CN and English titles: the tree speaks the console's language.
    await tree.getByText(lng === 'en' ? 'Domain services' : '域名服务', { exact: true }).waitFor();
    await page.getByRole('button', { name: t('resource.tree.add_top') }).click();
    let dialog = page.getByRole('dialog');
    // Only an English title: the server wants the default language's, and says so under the field.
    await titleIn(dialog, 'en').fill(names.rootEn);
    await dialog.getByRole('button', { name: t('common.actions.save') }).click();
    await dialog.getByText(t('errors.category_default_title', { language: 'zh-CN' })).waitFor();
    await titleIn(dialog, 'zh-CN').fill(names.root);
    await dialog.getByRole('button', { name: t('common.actions.save') }).click();
    await dialog.waitFor({ state: 'detached' });
    await tree.getByText(lng === 'en' ? names.rootEn : names.root, { exact: true }).waitFor();
    await page.getByRole('button', { name: t('resource.tree.add_child') }).click();
    dialog = page.getByRole('dialog');
    await titleIn(dialog, 'zh-CN').fill(names.child);
    await dialog.getByRole('button', { name: t('common.actions.save') }).click();
    await dialog.waitFor({ state: 'detached' });
    // No English title: the default language's stands in.
    await tree.getByText(names.child, { exact: true }).waitFor();
    const saved = rowsOf(db(), 'mall_category_titles', { category_id: idOf('mall_categories', 'title', names.root)! }, { columns: ['language', 'title'] });
    expect(saved).toEqual([{ language: 'zh-CN', title: names.root }, { language: 'en', title: names.rootEn }]);
    await shot('categories');
  }, 60_000);

  it('adds a brand with an uploaded logo', async () => {
    await page.goto(`${app.url}#/customer/mall_brand_list`);
    await addButton().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: f('mall_brand_list', 'name') }).fill(names.brand);
    await dialog.getByLabel(f('mall_brand_list', 'logo')).setInputFiles(png('logo.png'));
    await dialog.getByRole('img', { name: t('resource.upload.preview', { n: 1 }) }).waitFor();
    await dialog.getByRole('button', { name: t('common.actions.save') }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = rowOf<{ logo: string }>(db(), 'mall_brands', { name: names.brand }, ['logo'])!;
    expect(row.logo).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    await page.getByRole('img', { name: names.brand }).waitFor();
    await shot('brands');
  }, 60_000);

  it('adds a product with two cover images, reordered before saving', async () => {
    const p = (field: string) => f('mall_product_list', field);
    await page.goto(`${app.url}#/customer/mall_product_list`);
    await addButton().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: p('title') }).fill(names.product);
    const category = dialog.getByRole('combobox', { name: p('category_id') });
    await category.locator('option', { hasText: names.child }).waitFor({ state: 'attached' });
    await category.selectOption(String(idOf('mall_categories', 'title', names.child)));
    await dialog.getByRole('combobox', { name: p('brand_id') }).selectOption(String(idOf('mall_brands', 'name', names.brand)));
    await dialog.getByRole('textbox', { name: p('price_micro'), exact: true }).fill('12.5');
    await dialog.getByRole('textbox', { name: p('lowest_price_micro') }).fill('10');
    await dialog.getByLabel(p('cover_images')).setInputFiles([png('a.png'), png('b.png')]);
    await dialog.getByRole('img', { name: t('resource.upload.preview', { n: 2 }) }).waitFor();
    const covers = dialog.getByRole('list', { name: p('cover_images') }).locator('img');
    const before = await covers.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    await dialog.getByRole('button', { name: t('resource.upload.earlier', { n: 2 }) }).click();
    // The form with its image previews and their buttons passes axe in both looks.
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    // Blueprint draws the switch over its input: the input itself takes the check.
    await dialog.getByRole('checkbox', { name: p('home_recommend') }).check({ force: true });
    await dialog.getByRole('button', { name: t('common.actions.save') }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = rowOf(db(), 'mall_products', { title: names.product })!;
    expect(JSON.parse(String(row.cover_images))).toEqual([before[1], before[0]]);
    expect(row).toMatchObject({ price_micro: 12_500_000, lowest_price_micro: 10_000_000, home_recommend: 1 });
  }, 60_000);

  it('filters by the category subtree, brand and recommend, then exports CSV', async () => {
    const p = (field: string) => f('mall_product_list', field);
    const search = page.getByRole('search');
    const rows = page.getByRole('row').filter({ hasText: names.product });
    // The parent category finds the product of its child; "not recommended" finds nothing.
    await search.getByRole('combobox', { name: p('category_id') }).selectOption(String(idOf('mall_categories', 'title', names.root)));
    await search.getByRole('combobox', { name: p('home_recommend') }).selectOption('false');
    await search.getByRole('button', { name: t('common.actions.search') }).click();
    await page.getByText(t('resource.empty.filtered_title')).first().waitFor();
    expect(await rows.count()).toBe(0);
    await search.getByRole('combobox', { name: p('home_recommend') }).selectOption('true');
    await search.getByRole('combobox', { name: p('brand_id') }).selectOption(String(idOf('mall_brands', 'name', names.brand)));
    await search.getByRole('button', { name: t('common.actions.search') }).click();
    await rows.first().waitFor();
    expect(page.url()).toContain('home_recommend=true');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t('resource.export.button') }).click()]);
    const csv = await textOf(download);
    expect(csv).toContain(names.product);
    expect(csv).toContain('12.5');
    expect(csv.trim().split('\n')).toHaveLength(2);
    await shot('products');
    expect(app.pageErrors).toEqual([]);
  }, 60_000);
});
