import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PictureJumpType } from '../../contracts/index.ts';
import { LOOKS, usePageInLook, shotOf } from './helpers/look.ts';
import { useConsole } from './helpers/console.ts';
import { texts } from './helpers/texts.ts';
import { rowOf, valueOf } from '../../fixtures/rows.ts';

/**
 * The mall's content screens in Chromium, zh-CN light and en dark: picture types, pictures (a custom jump
 * type with its free value, an uploaded image, order by sort, the click count read-only), the picture-text
 * list, documents whose script payload stays text (screenshots in SHOTS_DIR, default .tmp/shots). Every mall
 * route's plain rendering is the route walk's (route-walk.e2e.test.ts).
 */
const app = useConsole();
// A real 1×1 PNG, so the previews and list thumbnails in the screenshots show an image.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const db = () => app.server.mock.services.db;
const PAYLOAD = '<script>window.__mallHostile=1</script><img src=x onerror="window.__mallHostile=2">';


describe.each(LOOKS)('mall content in Chromium ($lng $theme)', (look) => {
  const { lng, theme } = look;
  const t = texts(lng);
  const pic = (field: string) => t(`resources.pictures.fields.${field}`);
  const names = { type: `E2E ${lng} banners`, a: `E2E ${lng} pic A`, b: `E2E ${lng} pic B`, text: `E2E ${lng} story`, doc: `E2E ${lng} help` };
  let page: Page;
  const shot = (name: string) => shotOf(page, `mall-${name}-${lng}-${theme}`);
  const addButton = () => page.getByRole('toolbar', { name: t('resource.actions.toolbar') }).getByRole('button', { name: t('common.actions.add') });
  const save = async () => {
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t('common.actions.save') }).click();
    await dialog.waitFor({ state: 'detached' });
  };
  const row = (text: string) => page.getByRole('row').filter({ hasText: text });

  usePageInLook(app, look, 'superadmin', (p) => (page = p));

  it('adds a picture type', async () => {
    await page.goto(`${app.url}#/customer/picture_type_list`);
    await addButton().click();
    await page.getByRole('dialog').getByRole('textbox', { name: t('resources.picture_type_list.fields.name') }).fill(names.type);
    await save();
    await row(names.type).waitFor();
  }, 60_000);

  it('adds pictures: a custom jump type with its value, an uploaded image, larger sort first, click count read-only', async () => {
    await page.goto(`${app.url}#/customer/image_configs`);
    await addButton().click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: pic('title'), exact: true }).fill(names.a);
    const typeId = valueOf<number>(db(), 'picture_types', 'id', { name: names.type })!;
    const types = dialog.getByRole('combobox', { name: pic('type_id'), exact: true });
    await types.locator('option', { hasText: names.type }).waitFor({ state: 'attached' });
    await types.selectOption(String(typeId));
    await dialog.getByLabel(pic('image'), { exact: true }).setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('img', { name: t('resource.upload.preview', { n: 1 }) }).waitFor();
    await dialog.getByRole('combobox', { name: pic('jump_type') }).selectOption(String(PictureJumpType.values.custom));
    // Custom without its value: refused under the field before anything is sent.
    await dialog.getByRole('button', { name: t('common.actions.save') }).click();
    await dialog.getByText(t('validation.jump_custom_required')).waitFor();
    await dialog.getByRole('textbox', { name: pic('jump_custom') }).fill('openChat:support');
    await dialog.getByRole('spinbutton', { name: pic('sort') }).fill('1');
    // No click count input: the server counts clicks.
    expect(await dialog.getByLabel(pic('click_count')).count()).toBe(0);
    await save();
    await addButton().click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: pic('title'), exact: true }).fill(names.b);
    await dialog.getByRole('spinbutton', { name: pic('sort') }).fill('5');
    await save();

    const stored = rowOf(db(), 'pictures', { title: names.a }, ['image', 'jump_type', 'jump_custom', 'click_count', 'type_id']);
    expect(stored).toMatchObject({ jump_type: PictureJumpType.values.custom, jump_custom: 'openChat:support', click_count: 0, type_id: typeId });
    expect((stored as { image: string }).image).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    await page.getByRole('img', { name: names.a }).waitFor();
    const order = async () => (await page.getByRole('row').allTextContents()).filter((x) => x.includes(`E2E ${lng} pic`)).map((x) => (x.includes(names.a) ? 'A' : 'B'));
    expect(await order()).toEqual(['B', 'A']);
    // A larger sort moves A first.
    await row(names.a).getByRole('button', { name: t('common.actions.update') }).click();
    dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel(pic('click_count')).count()).toBe(0);
    await dialog.getByRole('spinbutton', { name: pic('sort') }).fill('9');
    await save();
    await expect.poll(order).toEqual(['A', 'B']);
    await page.getByRole('columnheader', { name: pic('click_count') }).waitFor();
    await shot('pictures');
  }, 90_000);

  it('adds a picture-text item, listed apart from the pictures', async () => {
    await page.goto(`${app.url}#/customer/picture_text_list`);
    await addButton().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: pic('title'), exact: true }).fill(names.text);
    await dialog.getByRole('textbox', { name: pic('description') }).fill(`Text ${PAYLOAD}`);
    await save();
    await row(names.text).waitFor();
    expect(await row(names.a).count()).toBe(0);
    expect(valueOf(db(), 'pictures', 'kind', { title: names.text })).toBe(2);
    await shot('picture-text');
  }, 60_000);

  it('adds a document whose script and onerror payload stay text', async () => {
    await page.goto(`${app.url}#/customer/document_list`);
    await addButton().click();
    const dialog = page.getByRole('dialog');
    const d = (field: string) => t(`resources.document_list.fields.${field}`);
    await dialog.getByRole('textbox', { name: d('title') }).fill(names.doc);
    await dialog.getByRole('textbox', { name: d('type') }).fill('help');
    await dialog.getByRole('textbox', { name: d('content') }).fill(`Line 1\n${PAYLOAD}`);
    await save();
    await row(names.doc).getByText(PAYLOAD, { exact: false }).waitFor();
    // Open it again: the form shows the same characters, and nothing ran anywhere.
    await row(names.doc).getByRole('button', { name: t('common.actions.update') }).click();
    expect(await page.getByRole('dialog').getByRole('textbox', { name: d('content') }).inputValue()).toBe(`Line 1\n${PAYLOAD}`);
    await page.getByRole('dialog').getByRole('button', { name: t('common.actions.cancel') }).click();
    const ran = await page.evaluate(() => ({
      global: (window as unknown as Record<string, unknown>).__mallHostile ?? null,
      elements: document.querySelectorAll('img[src="x"], script:not([src])').length,
    }));
    expect(ran).toEqual({ global: null, elements: 0 });
    await shot('documents');
  }, 60_000);

  it('chooses the home banners by picture type (a select of the types, not an id to type)', async () => {
    await page.goto(`${app.url}#/customer/home_page_config`);
    const form = page.getByRole('form', { name: t('menu.home_page_config') });
    const select = form.getByRole('combobox', { name: t('resources.home_page_config.fields.banner_type_id') });
    await select.locator('option', { hasText: names.type }).waitFor({ state: 'attached' });
    expect(await select.inputValue()).toBe('0');
    const typeId = valueOf<number>(db(), 'picture_types', 'id', { name: names.type })!;
    await select.selectOption(String(typeId));
    await form.getByRole('button', { name: t('common.actions.save') }).click();
    await expect.poll(() => app.server.mock.services.settings.get('home_page_config')?.banner_type_id).toBe(typeId);
    // Back to every picture for the next look.
    await page.reload();
    await form.getByRole('combobox', { name: t('resources.home_page_config.fields.banner_type_id') }).selectOption('0');
    await form.getByRole('button', { name: t('common.actions.save') }).click();
    await expect.poll(() => app.server.mock.services.settings.get('home_page_config')?.banner_type_id).toBe(0);
  }, 60_000);

});
