import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../contracts/index.ts';
import { countOf, rowOf, valueOf } from '../../fixtures/rows.ts';
import { useConsole } from './helpers/console.ts';
import { LOOKS, openInLook } from './helpers/look.ts';
import { texts } from './helpers/texts.ts';

/**
 * Administrator lists in Chromium, zh-CN light and en dark, against the real mock server: editing a short-URL
 * platform shows its stored API key masked and saving without typing a new one keeps it (an empty name is
 * refused and changes nothing); both IP black lists take an IPv6 range and refuse a malformed address under
 * the field.
 */
const app = useConsole();
const db = () => app.server.mock.db;


/** A row action: inline when the row has room, else in the row's "more" menu. */
async function rowAction(p: Page, row: Locator, label: string, more: string) {
  const inline = row.getByRole('button', { name: label, exact: true });
  if (await inline.count()) return inline.click();
  await row.getByRole('button', { name: more }).click();
  await p.getByRole('menuitem', { name: label }).click();
}

/** The bodies the page sends to one API path, in order. */
function sentTo(page: Page, path: string): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(`/api/${path}`)) bodies.push(r.postDataJSON() as Record<string, unknown>);
  });
  return bodies;
}

describe.each(LOOKS)('administrator lists in $lng $theme', (look) => {
  const t = texts(look.lng);

  it('a short-URL platform: the key is shown masked, an empty name is refused, saving without a new key keeps it', async () => {
    // Each look edits its own seeded platform (both carry a key).
    const id = look.lng === 'en' ? 3 : 2;
    const stored = () => rowOf<{ name: string; key: string; remark: string }>(db(), 'url_key_platforms', id, ['name', 'key', 'remark'])!;
    const before = stored();
    expect(before.key).not.toBe('');
    const page = await openInLook(app, look, 'admin01');
    const sent = sentTo(page, 'url_key_platform/update');
    await page.goto(`${app.url}#/customer/url_key_platform`);
    const row = page.locator('table').getByRole('row').filter({ hasText: before.name });
    await row.waitFor();
    expect(await page.locator('body').innerText()).not.toContain(before.key);
    await rowAction(page, row, t('common.actions.update'), t('resource.actions.more'));
    const form = page.getByRole('form');
    const field = (name: string) => form.getByLabel(t(`resources.url_key_platform.fields.${name}`), { exact: true });
    await expect.poll(() => field('key').inputValue()).toBe(SECRET_MASK);
    expect(await field('name').inputValue()).toBe(before.name);

    // No name: said under it before sending; nothing changes.
    await field('name').fill('');
    await form.getByRole('button', { name: t('common.actions.save') }).click();
    await form.getByText(t('validation.name_required'), { exact: true }).waitFor();
    expect(sent).toEqual([]);

    // A new name and remark, the key left as shown: saved, the stored key unchanged.
    const name = `${before.name} ${look.lng}`;
    await field('name').fill(name);
    await field('remark').fill(`E2E ${look.lng}`);
    await form.getByRole('button', { name: t('common.actions.save') }).click();
    await form.waitFor({ state: 'detached' });
    await page.locator('table').getByRole('row').filter({ hasText: name }).waitFor();
    expect(stored()).toEqual({ name, key: before.key, remark: `E2E ${look.lng}` });
    expect(sent).toHaveLength(1);
    expect([undefined, SECRET_MASK]).toContain(sent[0]!.key);
    expect(app.pageErrors).toEqual([]);
    await page.close();
  }, 60_000);

  it.each([
    ['ip_black', (n: number) => `2001:db8:${n}::/48`],
    ['server_ip_black', (n: number) => `2001:db8:${n}::7`],
  ] as const)('%s: a malformed address is refused under the field; an IPv6 entry is added', async (list, entryOf) => {
    // Written as the server stores it (a range by its first address), one per look.
    const entry = entryOf(look.lng === 'en' ? 2 : 1);
    const page = await openInLook(app, look, 'superadmin');
    const countBefore = countOf(db(), list);
    await page.goto(`${app.url}#/customer/${list}`);
    await page.getByRole('toolbar').getByRole('button', { name: t('common.actions.add') }).click();
    const form = page.getByRole('form');
    const ip = form.getByLabel(t(`resources.${list}.fields.ip`));
    await form.getByLabel(t(`resources.${list}.fields.remark`)).fill(`E2E ${look.lng}`);
    // The helper says IPv6 is taken too.
    await form.getByText(t('resources.ip_black.ip_help'), { exact: true }).waitFor();
    for (const bad of ['1.2.3.999', '2001:db8::g1']) {
      await ip.fill(bad);
      await form.getByRole('button', { name: t('common.actions.save') }).click();
      const said = form.getByText(t('validation.ip_or_cidr'), { exact: true });
      await said.waitFor();
      expect(await ip.getAttribute('aria-describedby')).toBe(await said.getAttribute('id'));
      expect(countOf(db(), list)).toBe(countBefore);
    }
    await ip.fill(entry);
    await form.getByRole('button', { name: t('common.actions.save') }).click();
    await form.waitFor({ state: 'detached' });
    await page.locator('table').getByRole('row').filter({ hasText: entry }).waitFor();
    expect(valueOf(db(), list, 'remark', { ip: entry })).toBe(`E2E ${look.lng}`);
    expect(countOf(db(), list)).toBe(countBefore + 1);
    expect(app.pageErrors).toEqual([]);
    await page.close();
  }, 60_000);
});
