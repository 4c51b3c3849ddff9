import { Classes } from '@blueprintjs/core';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../contracts/index.ts';
import { startConsole, type ConsoleUnderTest } from './helpers/console.ts';
import { LOOKS, openInLook, type Look } from './helpers/look.ts';
import { quietWatcher } from './helpers/settle.ts';
import { texts, topKeys } from './helpers/texts.ts';

/**
 * Every screen as a person would click through them: each route of contracts/routes.ts as the super
 * administrator (zh-CN light and en dark), and every menu entry a customer and an agent see. A screen passes
 * when it renders under the layout with no uncaught error, no "not built yet" panel and no raw i18n key
 * on screen (a text, label or placeholder that is a key path of the console's texts: a missing text shows so).
 * `TOUR_SHOTS=1` also writes a screenshot per screen to .tmp/shots/tour/.
 */
let app: ConsoleUnderTest;
beforeAll(async () => {
  app = await startConsole();
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const SHOTS = process.env.TOUR_SHOTS ? path.resolve(import.meta.dirname, '../../.tmp/shots/tour') : '';

/** Inside the page: texts, labels and placeholders that look like a key under one of the texts' top names. */
function rawKeys(tops: string[]): string[] {
  const key = new RegExp(`^(${tops.join('|')})\\.[A-Za-z0-9_.-]+$`);
  const found = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const v = n.textContent?.trim() ?? '';
    if (key.test(v)) found.add(v);
  }
  for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
    for (const a of ['aria-label', 'placeholder', 'title']) {
      const v = el.getAttribute(a)?.trim() ?? '';
      if (key.test(v)) found.add(`${a}=${v}`);
    }
  }
  return [...found];
}

async function openAs(account: string, look: Look): Promise<{ page: Page; settle: () => Promise<void> }> {
  const page = await openInLook(app, look, account);
  return { page, settle: quietWatcher(page) };
}

/** Visits each route; returns what was wrong per route (empty when every screen passed). */
async function tour(account: string, look: Look, routes: string[]) {
  const t = texts(look.lng);
  const tops = topKeys(look.lng);
  const { page, settle } = await openAs(account, look);
  const problems: Record<string, string[]> = {};
  try {
    if ((await page.evaluate((c) => document.body.classList.contains(c), Classes.DARK)) !== (look.theme === 'dark')) {
      problems['(theme)'] = [`body is not in the ${look.theme} theme`];
    }
    for (const route of routes) {
      const errorsBefore = app.pageErrors.length;
      await page.goto(`${app.url}#/customer/${route}`);
      const wrong: string[] = [];
      // The lazy chunk, the menu and the first answers: a screen still "Loading…" after 20 s is a finding.
      const loading = page.locator(`.${Classes.NON_IDEAL_STATE}`).filter({ hasText: t('common.states.loading') });
      await loading.first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => wrong.push('still loading'));
      await settle();
      if (!page.url().includes(`#/customer/${route}`)) wrong.push(`left for ${page.url()}`);
      if (await page.getByText(t('status_pages.not_built.description')).count()) wrong.push('not built yet');
      wrong.push(...(await page.evaluate(rawKeys, tops)).map((k) => `raw key ${k}`));
      wrong.push(...app.pageErrors.slice(errorsBefore).map((e) => `page error ${e}`));
      if (wrong.length) problems[route] = wrong;
      if (SHOTS) {
        fs.mkdirSync(path.join(SHOTS, `${account}-${look.lng}-${look.theme}`), { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `${account}-${look.lng}-${look.theme}`, `${route}.png`) });
      }
    }
  } finally {
    await page.close();
  }
  return problems;
}

describe.each(LOOKS)('tour of every route as the super administrator ($lng, $theme)', (look) => {
  it('renders each screen without error, unbuilt panel or raw text key', async () => {
    expect(await tour('superadmin', look, ROUTES.map((r) => r.name))).toEqual({});
  }, 600_000);
});

describe.each([
  { account: 'customer01', look: { lng: 'en', theme: 'light' } as Look },
  { account: 'agent01', look: { lng: 'zh-CN', theme: 'dark' } as Look },
])('tour of the menu of $account', ({ account, look }) => {
  it('renders every screen its menu offers', async () => {
    const { page } = await openAs(account, look);
    await page.locator('a[href*="#/customer/"]').first().waitFor();
    const hrefs = await page.locator('a[href*="#/customer/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    await page.close();
    const routes = [...new Set(hrefs.map((h) => h.replace(/^.*#\/customer\//, '').replace(/[?#].*$/, '')))];
    expect(routes.length).toBeGreaterThan(5);
    expect(await tour(account, look, routes)).toEqual({});
  }, 300_000);
});

describe('the raw-key detector itself', () => {
  it('finds a key path shown as text or as a label, and passes ordinary text', async () => {
    const { page } = await openAs('customer01', { lng: 'en', theme: 'light' });
    try {
      await page.evaluate(() => {
        document.body.insertAdjacentHTML('beforeend', '<p>resources.role.no_such_text</p><input aria-label="common.nothing_here"><p>example.com</p>');
      });
      expect((await page.evaluate(rawKeys, topKeys('en'))).sort()).toEqual(['aria-label=common.nothing_here', 'resources.role.no_such_text']);
    } finally {
      await page.close();
    }
  });
});
