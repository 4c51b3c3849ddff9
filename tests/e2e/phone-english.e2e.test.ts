import { Classes } from '@blueprintjs/core';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, type Locale } from '../../contracts/index.ts';
import { startConsole, type ConsoleUnderTest } from './helpers/console.ts';
import { logIn } from './helpers/log-in.ts';
import { SHOTS } from './helpers/look.ts';
import { checkNoChineseInEnglish, checkPhoneLayout, meetSystemWords } from './helpers/phone-english-checks.ts';
import { SEEDED_CHINESE } from './helpers/seeded-chinese.ts';
import { quietWatcher, withoutTransitions } from './helpers/settle.ts';
import { texts } from './helpers/texts.ts';

/**
 * The console on a phone and in English, beyond the route walk: the console's routes are walked on a phone
 * and in English by route-walk.e2e.test.ts (its tabs C, B, E and G run these same checks on every screen they
 * render); here:
 * - the public pages on a phone (390×844, an iPhone's user agent, touch) and on a desktop (1360 px) in English:
 *   no sideways scroll, nothing cut off, every icon drawn (helpers/phone-english-checks.ts), no Chinese in the
 *   console's own words (English is the wider language: what fits in it fits in Chinese);
 * - a desktop window narrowed to 390 px: the phone's layout checks on a sample of screens (the frame follows
 *   the width through one hook, use-phone-layout.ts, whatever the screen);
 * - system words (built-in names, locations, the detector's messages) in English, and the checks' own test.
 * Seeded demo data may stay Chinese (helpers/seeded-chinese.ts). A public page a walk missed fails the suite.
 * `PHONE_ENGLISH_SHOTS=1` writes a screenshot per route to .tmp/shots/phone-english/; `PHONE_ENGLISH_LOG=1`
 * prints each route's findings and time as the walk goes.
 */
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const SHOT_DIR = process.env.PHONE_ENGLISH_SHOTS ? path.join(SHOTS, 'phone-english') : '';
const LOG = Boolean(process.env.PHONE_ENGLISH_LOG);

interface Way {
  readonly name: string;
  readonly lng: Locale;
  readonly size: { width: number; height: number };
  readonly phone: boolean;
  readonly layout: boolean;
  readonly english: boolean;
}
const PHONE: Way = { name: 'phone-en', lng: 'en', size: { width: 390, height: 844 }, phone: true, layout: true, english: true };
const NARROW: Way = { name: 'narrow-desktop', lng: 'en', size: { width: 390, height: 844 }, phone: false, layout: true, english: false };
/** The narrowed desktop's sample: the lists the phone findings came from, a dashboard, a form, a public page. */
const NARROW_SAMPLE = ['user_list', 'qr_code_list', 'visitor', 'domain_list', 'usdt_transaction_record', 'log', 'today_statistics', 'personal_center', 'role', 'shield_push'];
const DESKTOP: Way = { name: 'desktop-en', lng: 'en', size: { width: 1360, height: 900 }, phone: false, layout: false, english: true };


let app: ConsoleUnderTest;
/** Route → the ways it was walked, for the registry check at the end. */
const visited = new Map<string, Set<string>>();

beforeAll(async () => {
  app = await startConsole();
  await meetSystemWords(app.url);
}, 180_000);
afterAll(async () => {
  await app?.close();
});

/** A new tab seen the `way`: its size, language and (on a phone) user agent and touch, before the first load. */
async function openWay(way: Way): Promise<Page> {
  const page = await app.context.newPage();
  page.on('pageerror', (e) => app.pageErrors.push(String(e)));
  // The size through playwright (it owns the page's metrics: a metrics override of our own is undone by it);
  // a phone's user agent and touch through the browser's own emulation, before the first load reads them.
  await page.setViewportSize(way.size);
  if (way.phone) {
    const cdp = await app.context.newCDPSession(page);
    await cdp.send('Emulation.setUserAgentOverride', { userAgent: PHONE_UA, platform: 'iPhone' });
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  }
  await page.addInitScript((lng) => {
    if (!sessionStorage.getItem('way')) {
      localStorage.clear();
      sessionStorage.setItem('way', '1');
    }
    localStorage.setItem('language', lng);
  }, way.lng);
  // No transitions: a closing drawer or dialog is gone at once, so what is measured is at rest.
  await withoutTransitions(page);
  return page;
}

/** Opens `hash`, waits for its screen (no loading state, no skeleton row, network quiet) and runs the way's checks. */
async function visit(page: Page, way: Way, hash: string, name: string, settle: () => Promise<void>): Promise<string[]> {
  const t = texts(way.lng);
  const started = Date.now();
  await page.goto(`${app.url}#/${hash}`);
  const wrong: string[] = [];
  await page
    .locator(`.${Classes.NON_IDEAL_STATE}`)
    .filter({ hasText: t('common.states.loading') })
    .first()
    .waitFor({ state: 'detached', timeout: 20_000 })
    .catch(() => wrong.push(`${name}: still loading`));
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
  await settle();
  await page.locator('table tbody tr[aria-hidden]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => wrong.push(`${name}: list still loading`));
  if (way.layout) {
    const width = await page.evaluate(() => window.innerWidth);
    if (width !== way.size.width) wrong.push(`${name}: checked at ${width} px, not ${way.size.width}`);
    wrong.push(...(await checkPhoneLayout(page, name)));
  }
  if (way.english) wrong.push(...(await checkNoChineseInEnglish(page, name, { seeded: SEEDED_CHINESE })));
  if (LOG) console.log(`${way.name} ${name} ${Date.now() - started} ms${wrong.length ? `\n  ${wrong.join('\n  ')}` : ''}`);
  if (!visited.has(name)) visited.set(name, new Set());
  visited.get(name)!.add(way.name);
  await shot(page, `${way.name}-${name}`);
  return wrong;
}

/** With `PHONE_ENGLISH_SHOTS=1`: the viewport as `<name>.png` in .tmp/shots/phone-english/ (toasts hidden). */
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOT_DIR) return;
  fs.mkdirSync(SHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOT_DIR, `${name}.png`), style: `.${Classes.TOAST_CONTAINER} { display: none !important; }` });
}

/** Walks `routes` as `account` the `way`; returns the findings of every route. */
async function walk(way: Way, account: string | null, routes: readonly string[]): Promise<string[]> {
  const page = await openWay(way);
  const settle = quietWatcher(page);
  const wrong: string[] = [];
  try {
    if (account) {
      await logIn(page, app.url, account, { lng: way.lng });
      // The side menu closed on arrival (a drawer on a phone), then every route.
      for (const route of routes) wrong.push(...(await visit(page, way, `customer/${route}`, route, settle)));
    } else {
      for (const route of routes) wrong.push(...(await visit(page, way, route, route, settle)));
    }
  } finally {
    await page.close();
  }
  return wrong;
}


const PUBLIC = PUBLIC_ROUTES.filter((r) => r !== 'maintain'); // maintain shows only while the site is in maintenance

describe.each([PHONE, DESKTOP])('the public pages, $name', (way) => {
  it('fit and speak English', async () => {
    expect(await walk(way, null, PUBLIC)).toEqual([]);
  }, 120_000);
});

describe('a desktop window narrowed to 390 px', () => {
  it('lays the sample out as a phone does: menu closed, nothing cut off, kept columns inside', async () => {
    expect(await walk(NARROW, 'superadmin', NARROW_SAMPLE)).toEqual([]);
  }, 120_000);
});

describe('system words in English', () => {
  it('built-in role and rotation type names, visit locations and the detector\'s messages read in English', async () => {
    const t = texts('en');
    const page = await openWay(DESKTOP);
    const settle = quietWatcher(page);
    try {
      await logIn(page, app.url, 'superadmin', { lng: 'en' });
      const table = async (route: string) => {
        await page.goto(`${app.url}#/customer/${route}`);
        const list = page.getByRole('table', { name: t(`menu.${route}`) });
        await list.locator('tbody tr:not([aria-hidden])').first().waitFor();
        await settle();
        return list;
      };
      // Built-in names through their labels; Chinese only where a person typed it.
      let list = await table('role');
      for (const name of ['Super administrator', 'Administrator', 'Default role', 'Agent']) await list.getByRole('cell', { name, exact: true }).first().waitFor();
      list = await table('user_list');
      await list.getByRole('row').filter({ hasText: 'customer01' }).getByRole('cell', { name: 'Default role', exact: true }).waitFor();
      list = await table('rotation_type');
      for (const name of ['Sequential rotation', 'Random rotation', 'Round-robin']) await list.getByRole('cell', { name, exact: true }).first().waitFor();
      // Locations the IP service wrote, in English words.
      list = await table('visitor');
      for (const place of ['China Guangdong Shenzhen China Mobile', 'Japan Tokyo', 'China Guangdong Guangzhou China Telecom']) await list.getByText(place, { exact: true }).first().waitFor();
      // The detector's message, in the reader's language only.
      list = await table('message_list');
      await list.getByText('Domain entry1.example.com was blocked by WeChat', { exact: true }).first().waitFor();
      expect(await list.getByText(/已被微信封禁/).count()).toBe(0);
      await shot(page, 'english-message-list');
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe('the checks themselves', () => {
  it('find a sideways scroll, a blank icon, a hidden kept column and Chinese words, and pass seeded names', async () => {
    const page = await openWay(PHONE);
    try {
      await logIn(page, app.url, 'customer01', { lng: 'en' });
      await page.goto(`${app.url}#/customer/qr_code_list`);
      await page.locator('main table tbody tr:not([aria-hidden])').first().waitFor();
      expect(await checkPhoneLayout(page, 'qr_code_list')).toEqual([]);
      expect(await checkNoChineseInEnglish(page, 'qr_code_list', { seeded: SEEDED_CHINESE })).toEqual([]);
      await page.evaluate((iconClass) => {
        const main = document.querySelector('main')!;
        main.insertAdjacentHTML(
          'beforeend',
          `<div style="width: 900px">wide</div><span class="${iconClass}" data-icon="export"><svg></svg></span><p>检测失败</p><p>${'春季活动（顺序轮换）'}</p>`,
        );
        const keep = main.querySelector<HTMLElement>('table thead th[data-keep]')!;
        keep.style.display = 'none';
      }, Classes.ICON);
      const layout = await checkPhoneLayout(page, 'qr_code_list');
      expect(layout.some((f) => /(page|screen) scrolls sideways/.test(f))).toBe(true);
      expect(layout).toContain('qr_code_list: icon not drawn: export');
      expect(layout.some((f) => /hides its column/.test(f))).toBe(true);
      expect(await checkNoChineseInEnglish(page, 'qr_code_list', { seeded: SEEDED_CHINESE })).toEqual(['qr_code_list: 检测失败']);
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe('the walk itself', () => {
  it('visited every public page both ways', () => {
    expect(PUBLIC.filter((r) => [PHONE, DESKTOP].some((w) => !visited.get(r)?.has(w.name)))).toEqual([]);
  });
});
