import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MallCategory } from '../../contracts/index.ts';
import { axeProblems } from './helpers/axe.ts';
import { LOOKS, usePageInLook, shotOf } from './helpers/look.ts';
import { useConsole } from './helpers/console.ts';
import { texts } from './helpers/texts.ts';
import { rowsOf } from '../../fixtures/rows.ts';

/**
 * The three new screen kinds in Chromium against the real mock server, in zh-CN light and en dark: the
 * pay_config settings form saves (client rules and a server refusal inline), a category tree is built (add,
 * add child, move, remove refused while children exist, remove), home_admin shows its cards and a drawn
 * chart that follows the theme. Screenshots of each go to SHOTS_DIR (default .tmp/shots, gitignored).
 */

const app = useConsole();

// Each look saves its own pay_config minimum, so the second cannot pass on the first one's value.
const SCREEN_LOOKS = LOOKS.map((look, i) => ({ ...look, min: 25 + i }));

describe.each(SCREEN_LOOKS)('screen kinds in $lng $theme', (look) => {
  const { lng, theme, min } = look;
  const t = texts(lng);
  let page: Page;
  const shot = (name: string) => shotOf(page, `${name}-${lng}-${theme}`);
  const services = () => app.server.mock.services;

  usePageInLook(app, look, 'admin01', (p) => (page = p));

  it('saves pay config through the settings form; client rules and server refusals show under the field', async () => {
    await page.goto(`${app.url}#/customer/pay_config`);
    const form = page.getByRole('form', { name: t('menu.pay_config') });
    const minRecharge = form.getByRole('spinbutton', { name: t('resources.pay_config.fields.min_recharge') });
    const address = form.getByRole('textbox', { name: t('resources.pay_config.fields.usdt_address') });
    await minRecharge.waitFor();

    // Saved unchanged: said in words, and nothing is sent.
    const updates: string[] = [];
    const sent = (r: Request) => void (r.url().endsWith('/api/pay_config/update') && updates.push(r.url()));
    page.on('request', sent);
    await form.getByRole('button', { name: t('common.actions.save') }).click();
    await page.getByText(t('resource.form.nothing_changed')).first().waitFor();
    expect(updates).toEqual([]);
    page.off('request', sent);

    // The contract's own rule, before anything is sent.
    await address.fill('T123');
    await form.getByRole('button', { name: t('common.actions.save') }).click();
    await form.getByText(t('validation.usdt_address')).waitFor();
    await address.fill('');

    // A refusal from the server, named field first, lands under that field in the user's language.
    const said = lng === 'en' ? 'the rate is not accepted today' : '今日不接受该数值';
    await fetch(`${app.url}__control/http_fault`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: 'pay_config/update', status: 400, message: `min_recharge: ${said}` }),
    });
    await minRecharge.fill(String(min));
    await form.getByRole('button', { name: t('common.actions.save') }).click();
    await form.getByRole('alert').filter({ hasText: said }).waitFor();
    expect(services().settings.require('pay_config').min_recharge).not.toBe(min);

    await form.getByRole('button', { name: t('common.actions.save') }).click();
    await expect
      .poll(() => services().settings.require('pay_config').min_recharge, { timeout: 10_000 })
      .toBe(min);
    await page.getByText(t('errors.success')).first().waitFor();
    expect(await minRecharge.inputValue()).toBe(String(min));
    expect(await axeProblems(page)).toEqual([]);
    await shot('settings');
  }, 60_000);

  it('builds a category tree: add, add child, move, remove refused while children exist, remove', async () => {
    const rows = () => rowsOf<MallCategory>(services().db, 'mall_categories');
    const byTitle = (title: string) => rows().find((r) => r.title === title);
    const rootTitle = `E2E ${lng} root`;
    const childTitle = `E2E ${lng} child`;
    // A seeded category, titled in the console's language (zh-CN and en titles seeded).
    const seeded = lng === 'en' ? 'Domain services' : '域名服务';
    // The default language's (zh-CN) title input of a category form: one input per language.
    const titleInput = (dialog: Locator) =>
      dialog.getByRole('group', { name: t('resources.mall_category_list.fields.titles') }).getByRole('textbox', { name: '(zh-CN)' });
    await page.goto(`${app.url}#/customer/mall_category_list`);
    const tree = page.getByRole('region', { name: t('menu.mall_category_list') });
    await tree.getByText(seeded).waitFor();

    await page.getByRole('button', { name: t('resource.tree.add_top') }).click();
    let dialog = page.getByRole('dialog');
    await titleInput(dialog).fill(rootTitle);
    await dialog.getByRole('spinbutton', { name: t('resources.mall_category_list.fields.sort') }).fill('50');
    await dialog.getByRole('button', { name: t('common.actions.save') }).click();
    await dialog.waitFor({ state: 'detached' });
    await tree.getByText(rootTitle).waitFor();
    expect(byTitle(rootTitle)).toMatchObject({ parent_id: 0, sort: 50 });

    // The new node is chosen: add a child under it (the parent picker starts at it).
    await page.getByRole('button', { name: t('resource.tree.add_child') }).click();
    dialog = page.getByRole('dialog');
    const parentPicker = dialog.getByRole('combobox', {
      name: t('resources.mall_category_list.fields.parent_id'),
    });
    expect(await parentPicker.inputValue()).toBe(String(byTitle(rootTitle)!.id));
    await titleInput(dialog).fill(childTitle);
    await dialog.getByRole('button', { name: t('common.actions.save') }).click();
    await dialog.waitFor({ state: 'detached' });
    await tree.getByText(childTitle).waitFor();
    expect(byTitle(childTitle)?.parent_id).toBe(byTitle(rootTitle)!.id);

    // The root has a child: removing is not offered, the reason is; its parent picker leaves out itself and the child.
    await tree.getByText(rootTitle).click();
    const remove = page.getByRole('button', { name: t('common.actions.remove') });
    expect(await remove.isDisabled()).toBe(true);
    await page.getByText(t('resource.tree.remove_children_first', { count: 1 })).waitFor();
    const editForm = page.getByRole('form', { name: t('resource.form.update_title', { name: rootTitle }) });
    const choices = await editForm
      .getByRole('combobox', { name: t('resources.mall_category_list.fields.parent_id') })
      .locator('option')
      .allTextContents();
    expect(choices.map((c) => c.trim())).not.toContain(childTitle);
    expect(choices.map((c) => c.trim())).not.toContain(rootTitle);
    expect(choices.map((c) => c.trim())).toContain(seeded);
    expect(await axeProblems(page)).toEqual([]);
    await shot('tree');

    // Move the child under the seeded 域名服务 (id 1), then remove it, then the root.
    await tree.getByText(childTitle).click();
    const childForm = page.getByRole('form', { name: t('resource.form.update_title', { name: childTitle }) });
    await childForm
      .getByRole('combobox', { name: t('resources.mall_category_list.fields.parent_id') })
      .selectOption({ value: '1' });
    await childForm.getByRole('button', { name: t('common.actions.save') }).click();
    await expect.poll(() => byTitle(childTitle)?.parent_id, { timeout: 10_000 }).toBe(1);

    for (const title of [childTitle, rootTitle]) {
      await tree.getByText(title).click();
      // The panel's button comes first in the page; the confirmation lives in a portal after it.
      await page
        .getByRole('button', { name: t('common.actions.remove') })
        .first()
        .click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: t('common.actions.remove') })
        .click();
      await expect.poll(() => byTitle(title), { timeout: 10_000 }).toBeUndefined();
      await tree.getByText(title).waitFor({ state: 'detached' });
    }
  }, 90_000);

  it('opens home_admin: every card, the top codes and a chart drawn in the theme, redrawn on a switch', async () => {
    await page.goto(`${app.url}#/customer/home_admin`);
    const cards = page.locator('[data-card]');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(10);
    await page.getByText(t('resources.home_admin.cards.visits_today')).waitFor();
    await page.getByText(t('resources.home_admin.no_orders')).first().waitFor();
    await page
      .getByRole('table', { name: t('resources.home_admin.tables.top_codes.title') })
      .getByRole('row')
      .nth(1)
      .waitFor();

    const chart = page.getByRole('img', { name: t('resources.home_admin.charts.visits.title') });
    await chart.locator('canvas').waitFor();
    expect(await chart.getAttribute('data-theme')).toBe(theme);
    const inked = () =>
      chart.locator('canvas').evaluate((c: HTMLCanvasElement) => {
        const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 3; i < px.length; i += 4) if (px[i]! > 0) n++;
        return n;
      });
    expect(await inked()).toBeGreaterThan(500);
    expect(await axeProblems(page)).toEqual([]);
    await shot('dashboard');

    const other = theme === 'dark' ? 'light' : 'dark';
    await page
      .getByRole('button', {
        name: t(other === 'dark' ? 'layout.theme.switch_to_dark' : 'layout.theme.switch_to_light'),
      })
      .click();
    await expect.poll(() => chart.getAttribute('data-theme')).toBe(other);
    expect(await inked()).toBeGreaterThan(500);

    // Resized with its box.
    const width = () => chart.locator('canvas').evaluate((c: HTMLCanvasElement) => c.getBoundingClientRect().width);
    const before = await width();
    await page.setViewportSize({ width: 900, height: 900 });
    await expect.poll(width).not.toBe(before);
    await page.setViewportSize({ width: 1360, height: 900 });
    expect(app.pageErrors).toEqual([]);
  }, 60_000);
});
