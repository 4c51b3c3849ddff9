import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useConsole } from './helpers/console.ts';
import { passwordOf } from './helpers/log-in.ts';
import { texts } from './helpers/texts.ts';

/**
 * The public pages' first paint comes from the built index.html (issue 25; scripts/first-paint.ts,
 * client/first-paint/): a prerendered first paint per route, picked by the hash before any of the console's modules run,
 * none for a stored English or dark choice; the app then replaces it without a shift, and the login works.
 * "Before the console runs" is shown by serving the page with the console's modules refused (only the
 * first paint's own plain script is let through) and, for the login page, with scripts off altogether.
 */

const zh = texts('zh-CN');
const en = texts('en');
const SHARE = '#/share_access?name=demo01&password=share01';
const CJK = /[\u4e00-\u9fff]/;

const app = useConsole();


/** A fresh context; `stored`: localStorage before the page's scripts; `modules: false` refuses the console's modules. */
async function context(options: { stored?: Record<string, string>; modules?: boolean; javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const browser = app.context.browser();
  if (!browser) throw new Error('no browser');
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: options.javaScriptEnabled ?? true });
  if (options.stored) await ctx.addInitScript((s) => Object.entries(s).forEach(([k, v]) => localStorage.setItem(k, v)), options.stored);
  if (options.modules === false) await ctx.route(/\/assets\/(?!first-paint-)[^/]+\.js$/, (r) => r.abort());
  return ctx;
}

/** Console errors and uncaught exceptions of a page. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Layout shifts the page reports, summed (a PerformanceObserver from before the first paint). */
async function watchShifts(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(() => {
    const w = window as unknown as { __shift: number; __moved: string[] };
    w.__shift = 0;
    w.__moved = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node | null }[] })[]) {
        w.__shift += e.value;
        // What moved, so a failure names it (a shift seen only under load cannot be looked at afterwards).
        for (const { node } of e.sources ?? []) {
          if (node instanceof Element) w.__moved.push(`${node.tagName.toLowerCase()}.${[...node.classList].join('.')} (${e.value.toFixed(3)})`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shifted = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);
const moved = (page: Page) => page.evaluate(() => (window as unknown as { __moved: string[] }).__moved.join(', '));
const shellsIn = (page: Page) => page.locator('[data-first-paint]').count();

describe('public pages: the first paint from index.html', () => {
  it('index.html as served holds a first paint of each public route, in zh-CN', async () => {
    const html = await (await fetch(app.url)).text();
    for (const route of ['admin_login', 'access_log', 'share_access']) expect(html).toContain(`data-first-paint="${route}"`);
    expect(html).toContain(zh('auth.login.title'));
    expect(html).toContain(zh('auth.placeholders.account'));
    expect(html).toContain(zh('access_log.title'));
    expect(html).not.toContain('type="module"'); // the console is started by the first paint's script, after its frame
  });

  it('with scripts off, the login form is on screen', async () => {
    const ctx = await context({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${app.url}#/admin_login`);
    await expect(page.getByRole('heading', { name: zh('auth.login.title') }).isVisible()).resolves.toBe(true);
    for (const field of ['auth.fields.account', 'auth.fields.password', 'auth.fields.totp']) {
      await expect(page.getByLabel(zh(field), { exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(page.getByRole('button', { name: zh('auth.login.submit') }).isVisible()).resolves.toBe(true);
    await ctx.close();
  });

  it("each public route shows its own first paint before any of the console's modules has run", async () => {
    const ctx = await context({ modules: false });
    const cases: [string, string][] = [
      ['#/admin_login', zh('auth.login.title')],
      ['#/access_log', zh('access_log.title')],
      [SHARE, zh('common.states.loading')],
    ];
    for (const [hash, heading] of cases) {
      const page = await ctx.newPage(); // a new document each (a hash change alone loads nothing)
      await page.goto(app.url + hash);
      await page.waitForLoadState('load');
      await expect(page.getByRole('heading', { name: heading }).isVisible()).resolves.toBe(true);
      // Only that route's first paint shows (the others are in the document, hidden).
      const shown = await page.evaluate(() =>
        [...document.querySelectorAll('[data-first-paint]')].filter((s) => getComputedStyle(s).display !== 'none').map((s) => s.getAttribute('data-first-paint')),
      );
      expect(shown).toEqual([hash.slice(2).split('?')[0]]);
      await page.close();
    }
    // Not a public route: no first paint.
    const page = await ctx.newPage();
    await page.goto(`${app.url}#/customer/home`);
    await page.waitForLoadState('load');
    await expect(page.evaluate(() => document.body.innerText.trim())).resolves.toBe('');
    await ctx.close();
  });

  it('the app takes over each public page with no console error and no layout shift', async () => {
    const ctx = await context();
    await watchShifts(ctx);
    const expectations: [string, (page: Page) => Promise<unknown>][] = [
      // The first paint has the same button (inert): the app's is the one left once the first paints are gone.
      ['#/admin_login', (p) => p.waitForFunction(() => !document.querySelector('[data-first-paint]'))],
      ['#/access_log', (p) => p.getByLabel(zh('access_log.search.file_name')).waitFor()],
      [SHARE, (p) => p.getByTestId('share-visits').waitFor()],
    ];
    for (const [hash, ready] of expectations) {
      const page = await ctx.newPage();
      const errors = errorsOf(page);
      await page.goto(app.url + hash);
      await ready(page);
      await expect(shellsIn(page)).resolves.toBe(0);
      await expect(page.getByRole('button', { name: zh('common.actions.show_password') }).count()).resolves.toBe(hash === '#/admin_login' ? 1 : 0);
      expect(await shifted(page), `${hash} moved: ${await moved(page)}`).toBeLessThan(0.001);
      expect(errors).toEqual([]);
      await page.close();
    }
    await ctx.close();
  });

  it('the login works end to end when typed into the page as soon as it shows (zh-CN)', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    const errors = errorsOf(page);
    await page.goto(`${app.url}#/admin_login`);
    // Typed at once: the first paint's fields are inert, so the typing lands in the app's fields, never lost.
    await page.getByLabel(zh('auth.fields.account'), { exact: true }).fill('admin01');
    await page.getByLabel(zh('auth.fields.password'), { exact: true }).fill(passwordOf('admin01'));
    await page.getByRole('button', { name: zh('auth.login.submit') }).click();
    await page.waitForURL(/#\/customer\//, { timeout: 15_000 });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a stored English choice paints no Chinese first paint; the English page follows', async () => {
    const blocked = await context({ stored: { language: 'en' }, modules: false });
    const before = await blocked.newPage();
    await before.goto(`${app.url}#/admin_login`);
    await before.waitForLoadState('load');
    await expect(shellsIn(before)).resolves.toBe(4); // in the document, none shown
    await expect(before.evaluate(() => document.body.innerText)).resolves.not.toMatch(CJK);
    await blocked.close();

    const ctx = await context({ stored: { language: 'en' } });
    const page = await ctx.newPage();
    const errors = errorsOf(page);
    await page.goto(`${app.url}#/admin_login`);
    await page.getByRole('heading', { name: en('auth.login.title') }).waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a stored dark theme paints a dark page, never the light first paint', async () => {
    const blocked = await context({ stored: { theme: '2' }, modules: false });
    const before = await blocked.newPage();
    await before.goto(`${app.url}#/access_log`);
    await before.waitForLoadState('load');
    await expect(before.evaluate(() => document.body.innerText.trim())).resolves.toBe('');
    await expect(before.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.toBe('rgb(21, 21, 21)');
    await blocked.close();

    const ctx = await context({ stored: { theme: '2' } });
    const page = await ctx.newPage();
    const errors = errorsOf(page);
    await page.goto(`${app.url}#/access_log`);
    await page.getByRole('heading', { name: zh('access_log.title') }).waitFor();
    await expect(page.evaluate(() => document.body.classList.contains('bp6-dark'))).resolves.toBe(true);
    await expect(page.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.toBe('rgb(21, 21, 21)');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
