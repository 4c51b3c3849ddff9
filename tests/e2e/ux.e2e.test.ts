import { Classes } from '@blueprintjs/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useConsole } from './helpers/console.ts';
import { openInLook, shotOf, type Look } from './helpers/look.ts';
import { watchCsp } from './helpers/route-checks.ts';
import { texts } from './helpers/texts.ts';

/**
 * Issue 23 in Chromium (every list's first-row actions inside the viewport at 1360×850 and on a 390×844 phone is
 * checked by the route walk, route-walk.e2e.test.ts): the column chooser at a narrow width; top-menu mode folds
 * what does not fit into "More"; the site colour drives Blueprint's primary intent in
 * both themes; a server refusal sits under its input in the user's language and clears when the input
 * changes; and no page trips the console's own Content-Security-Policy (zod's eval probe).
 */
const app = useConsole();
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
/** The console as a phone's browser sees it (the console picks its phone layout by the user agent). */
const phone = useConsole({ userAgent: PHONE_UA });
const cspReports: string[] = [];

const isPhone = (size: { width: number }) => size.width < 600;

async function open(look: Look, size: { width: number; height: number }, account = 'superadmin', before?: (p: Page) => Promise<unknown>) {
  const on = isPhone(size) ? phone : app;
  const page = await openInLook(on, look);
  await page.setViewportSize(size);
  await watchCsp(page, cspReports);
  if (before) await before(page);
  const { logIn } = await import('./helpers/log-in.ts');
  await logIn(page, on.url, account, { lng: look.lng });
  return page;
}

describe('column chooser at a narrow width', () => {
  it('marks exactly the chosen columns the table drops for its width, and counts them on its button', async () => {
    const t = texts('en');
    const page = await open({ lng: 'en', theme: 'light' }, { width: 1000, height: 800 });
    try {
      await page.goto(`${app.url}#/customer/url_key_platform`);
      const table = page.getByRole('table', { name: t('menu.url_key_platform') });
      await table.locator('tbody tr:not([aria-hidden])').first().waitFor();
      // What the table hides for its width (lower priorities, column-priority.ts), read from the page itself.
      const dropped = await table.locator('thead th').evaluateAll((ths) =>
        ths.filter((th) => getComputedStyle(th).display === 'none').map((th) => th.textContent?.trim() ?? ''),
      );
      expect(dropped.length).toBeGreaterThan(0);
      const button = page.getByRole('button', { name: t('resource.columns.button_narrow', { count: dropped.length }) });
      await button.click();
      const menu = page.getByRole('menu', { name: t('resource.columns.title') });
      await menu.waitFor();
      const marked = await menu
        .locator('li', { hasText: t('resource.columns.narrow') })
        .evaluateAll((lis, mark) => lis.map((li) => (li.textContent ?? '').replace(mark, '').trim()), t('resource.columns.narrow'));
      expect(marked.sort()).toEqual([...dropped].map((d) => d.replace(/[↑↓↕]/g, '').trim()).sort());
      await shotOf(page, 'ux-column-chooser-narrow-en-light');
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe('top-menu mode', () => {
  it('folds the groups that do not fit into "More", with nothing behind a scroll', async () => {
    const t = texts('en');
    const page = await open({ lng: 'en', theme: 'light' }, { width: 1360, height: 850 }, 'superadmin', (p) =>
      p.addInitScript(() => localStorage.setItem('layout_mode', 'top')),
    );
    try {
      const more = page.getByRole('button', { name: t('layout.more') });
      await more.waitFor();
      const nav = page.locator(`.${Classes.NAVBAR}`).first();
      expect(await nav.evaluate((n) => n.scrollWidth <= n.clientWidth + 1)).toBe(true);
      await more.click();
      const menu = page.getByRole('menu').last();
      await menu.waitFor();
      expect(await menu.getByRole('menuitem').count()).toBeGreaterThan(3);
      await shotOf(page, 'ux-top-menu-more-en-light');
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe('site colour', () => {
  it.each([
    { look: { lng: 'zh-CN', theme: 'light' } as Look },
    { look: { lng: 'en', theme: 'dark' } as Look },
  ])('drives the primary intent ($look.lng $look.theme)', async ({ look }) => {
    const page = await open(look, { width: 1360, height: 850 });
    try {
      const answer = await page.evaluate(async () => {
        const res = await fetch('/api/configuration/update', {
          method: 'POST',
          headers: { 'content-type': 'application/json', token: localStorage.getItem('token') ?? '' },
          body: JSON.stringify({ color: '#8e2fb8' }),
        });
        return res.status;
      });
      expect(answer).toBe(200);
      await page.reload();
      const primary = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bp-intent-primary-rest').trim());
      // Blueprint's own primary is there from the first paint; `--site-colour` only once website_info applied it.
      const site = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--site-colour').trim());
      await expect.poll(site).not.toBe('');
      const colour = await primary();
      // Light: the colour itself (it stands out from white); dark: lightened until it stands out from #151515.
      if (look.theme === 'light') expect(colour).toBe('#8e2fb8');
      else expect(colour).not.toBe('#8e2fb8');
      await shotOf(page, `ux-site-colour-${look.lng}-${look.theme}`);
    } finally {
      await page.evaluate(() =>
        fetch('/api/configuration/update', {
          method: 'POST',
          headers: { 'content-type': 'application/json', token: localStorage.getItem('token') ?? '' },
          body: JSON.stringify({ color: '#2d72d2' }),
        }),
      );
      await page.close();
    }
  }, 120_000);
});

describe('a server refusal on a form', () => {
  it('sits under its input in the language on screen, never naming the field, and clears when the input changes', async () => {
    const t = texts('zh-CN');
    const page = await open({ lng: 'zh-CN', theme: 'light' }, { width: 390, height: 844 }, 'customer01');
    try {
      await page.goto(`${phone.url}#/customer/update_password`);
      const old = page.getByLabel(t('auth.fields.old_password'), { exact: true });
      await old.fill('Wrong12345');
      await page.getByLabel(t('auth.fields.new_password'), { exact: true }).fill('Newer12345');
      await page.getByLabel(t('auth.fields.repeat_new_password'), { exact: true }).fill('Newer12345');
      await page.getByRole('button', { name: t('auth.update_password.submit') }).click();
      const under = page.getByText(t('errors.old_password_wrong'), { exact: true });
      await under.waitFor();
      expect(await old.getAttribute('aria-describedby')).toBe(await under.getAttribute('id'));
      expect(await page.locator('body').innerText()).not.toContain('old_password');
      await shotOf(page, 'ux-refusal-under-field-zh-CN-phone');
      await old.fill('Wrong123456');
      await under.waitFor({ state: 'detached' });
    } finally {
      await page.close();
    }
  }, 120_000);

  it('no page reported a Content-Security-Policy violation', () => {
    expect(cspReports).toEqual([]);
  });
});
