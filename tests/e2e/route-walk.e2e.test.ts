import { Classes } from '@blueprintjs/core';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../contracts/index.ts';
import { anotherBrowser, useConsole, type ConsoleUnderTest } from './helpers/console.ts';
import { logIn, passwordOf } from './helpers/log-in.ts';
import { openInLook, shotOf, SHOTS, type Look } from './helpers/look.ts';
import { checkNoChineseInEnglish, checkPhoneLayout, meetSystemWords } from './helpers/phone-english-checks.ts';
import { pseudoTab, pt } from './helpers/pseudo-tab.ts';
import { firstRowActions, rawKeys, watchCsp } from './helpers/route-checks.ts';
import { SEEDED_CHINESE } from './helpers/seeded-chinese.ts';
import { quietWatcher, withoutTransitions } from './helpers/settle.ts';
import { texts, topKeys } from './helpers/texts.ts';

/**
 * One walk over every route of contracts/routes.ts that checks, per route, everything the route suites checked
 * (tour, ux "tables fit", pseudo-locale and the phone/English walk, merged here: each screen is rendered once per
 * look, not once per suite). Each look is a tab of its own browser context, the tabs go through the routes
 * together, route by route: the pseudo tab beside the others, which take their turn.
 *
 * "The phone's checks" (helpers/phone-english-checks.ts): checked at 390 px, no sideways scroll, nothing cut off,
 * the side menu closed, each list's kept columns inside it, every icon drawn; "no Chinese": none in the
 * console's own words (seeded demo data may stay Chinese, helpers/seeded-chinese.ts). A phone tab has an
 * iPhone's user agent and touch, and no transitions (what is measured is at rest).
 *
 * | look (tab) | per route it checks | was |
 * | --- | --- | --- |
 * | A: superadmin, zh-CN light, 1360×850 | no "Loading…" left after 20 s, stays on the route, no "not built yet" panel, no raw text key, no uncaught error; the body in the light theme. The first row's actions inside the viewport (≥ 15 lists measured) | tour.e2e "tour of every route (zh-CN, light)"; ux.e2e "tables fit (desktop 1360×850, zh-CN light)" |
 * | B: superadmin, en dark, 1360×900 | the tour's checks; no Chinese (every column shown); the body in the dark theme | tour.e2e "tour of every route (en, dark)"; phone-english "every route, desktop-en" |
 * | C: superadmin, en dark, phone 390×844 | the first row's actions inside the viewport (≥ 15 lists); the phone's checks; no Chinese | ux.e2e "tables fit (phone 390×844, en dark)"; phone-english "every route, phone-en" |
 * | E: customer01, en light, phone | more than 5 routes in the menu (its drawer); the tour's checks, the phone's checks and no Chinese on each | tour.e2e "tour of the menu of customer01"; phone-english "the menu of customer01" |
 * | F: agent01, zh-CN dark | more than 5 routes in the menu; the tour's checks on each | tour.e2e "tour of the menu of agent01" |
 * | G: agent01, en dark, phone | the same as E | phone-english "the menu of agent01" |
 * | D: superadmin, pseudo language | the login page, then each screen and every toolbar and first-row dialog show only marked texts or data; every route walked | pseudo-locale.e2e (both tests) |
 * | all tabs | no Content-Security-Policy violation | ux.e2e's CSP check covered A and C; it stays there for ux's own pages |
 *
 * The raw-key detector's own test moved here from tour.e2e unchanged. `WALK_ROUTES=bill,role` walks only those
 * (while fixing what the walk found); `TOUR_SHOTS=1` writes a screenshot per screen of A, B, E, F and G to
 * .tmp/shots/tour/, `PSEUDO_SHOTS=1` one per route of D to .tmp/shots/pseudo/, `PHONE_ENGLISH_SHOTS=1` one per
 * screen of C, E and G to .tmp/shots/phone-english/, `WALK_TIMES=1` prints each route's time. The public pages,
 * a narrowed desktop window and the checks' own test stay in phone-english.e2e.test.ts.
 */
const app = useConsole();
/** The pseudo tab refuses every write, so it has a server of its own: no other tab changes the rows it opens. */
const pseudoApp = useConsole();

const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const only = process.env.WALK_ROUTES?.split(',');
const WALKED: string[] = ROUTES.map((r) => r.name as string).filter((name) => !only || only.includes(name));
const TOUR_SHOTS = process.env.TOUR_SHOTS ? path.resolve(import.meta.dirname, '../../.tmp/shots/tour') : '';
const PSEUDO_SHOTS = process.env.PSEUDO_SHOTS ? path.join(SHOTS, 'pseudo') : '';
const PHONE_SHOTS = process.env.PHONE_ENGLISH_SHOTS ? path.join(SHOTS, 'phone-english') : '';

/** A tab of the walk: its page, its own uncaught errors, what it found per route, and the checks of its way. */
interface Tab {
  readonly view: ConsoleUnderTest;
  readonly page: Page;
  readonly settle: () => Promise<void>;
  readonly problems: Record<string, string[]>;
  /** A phone (390 px, its user agent and touch): the phone's checks on each screen. */
  readonly phone: boolean;
  /** English: no Chinese in the console's own words on each screen. */
  readonly english: boolean;
  /** The routes it walked (the registry check at the end). */
  readonly walked: Set<string>;
}
type TourTab = Tab & { readonly account: string; readonly look: Look };
type FitTab = Tab & { readonly look: Look; readonly size: { width: number; height: number }; readonly outside: Record<string, string>; measured: number };

const views: ConsoleUnderTest[] = [];
const cspReports: string[] = [];
let desktop: TourTab & FitTab;
let dark: TourTab;
let phone: FitTab;
const menus: { tab: TourTab; routes: string[] }[] = [];
const PHONE_SIZE = { width: 390, height: 844 };
let pseudo: Awaited<ReturnType<typeof pseudoTab>> & { problems: Record<string, string[]>; errors: string[]; loginPage: string[] };

/**
 * A tab of its own browser context, in a look, CSP violations watched, logged in: a desktop of `size`, or a
 * phone (its user agent from the context, touch and the size through the browser's emulation before the
 * first load, no transitions).
 */
async function openTab(account: string, look: Look, way: { size?: { width: number; height: number }; phone?: boolean } = {}): Promise<Tab> {
  const view = await anotherBrowser(app, { userAgent: way.phone ? PHONE_UA : undefined });
  views.push(view);
  const page = await openInLook(view, look);
  const size = way.phone ? PHONE_SIZE : way.size;
  if (size) await page.setViewportSize(size);
  if (way.phone) {
    const cdp = await view.context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await withoutTransitions(page);
  }
  await watchCsp(page, cspReports);
  await logIn(page, view.url, account, { lng: look.lng });
  return { view, page, settle: quietWatcher(page), problems: {}, phone: way.phone ?? false, english: look.lng === 'en', walked: new Set() };
}

/** The phone's checks and the English check, as the tab's way asks, on the screen on show (its list loaded). */
async function wayChecks(tab: Tab, route: string): Promise<string[]> {
  tab.walked.add(route);
  if (!tab.phone && !tab.english) return [];
  const wrong: string[] = [];
  await tab.page.locator('table tbody tr[aria-hidden]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => wrong.push('list still loading'));
  if (tab.phone) {
    const width = await tab.page.evaluate(() => window.innerWidth);
    if (width !== PHONE_SIZE.width) wrong.push(`checked at ${width} px, not ${PHONE_SIZE.width}`);
    wrong.push(...(await checkPhoneLayout(tab.page, route)));
  }
  if (tab.english) wrong.push(...(await checkNoChineseInEnglish(tab.page, route, { seeded: SEEDED_CHINESE })));
  if (PHONE_SHOTS && tab.phone) {
    fs.mkdirSync(PHONE_SHOTS, { recursive: true });
    const name = `${tab === phone ? 'phone-en' : `phone-en-${(tab as TourTab).account}`}-${route}`;
    await tab.page.screenshot({ path: path.join(PHONE_SHOTS, `${name}.png`), style: `.${Classes.TOAST_CONTAINER} { display: none !important; }` });
  }
  return wrong;
}

/** The tour's checks of the screen on show: what is wrong with it (nothing: []). */
async function tourChecks(tab: TourTab, route: string, errorsBefore: number): Promise<string[]> {
  const t = texts(tab.look.lng);
  const wrong: string[] = [];
  if (!tab.page.url().includes(`#/customer/${route}`)) wrong.push(`left for ${tab.page.url()}`);
  if (await tab.page.getByText(t('status_pages.not_built.description')).count()) wrong.push('not built yet');
  wrong.push(...(await tab.page.evaluate(rawKeys, topKeys(tab.look.lng))).map((k) => `raw key ${k}`));
  wrong.push(...tab.view.pageErrors.slice(errorsBefore).map((e) => `page error ${e}`));
  if (TOUR_SHOTS) {
    const dir = path.join(TOUR_SHOTS, `${tab.account}-${tab.look.lng}-${tab.look.theme}`);
    fs.mkdirSync(dir, { recursive: true });
    await tab.page.screenshot({ path: path.join(dir, `${route}.png`) });
  }
  return wrong;
}

/** A lazy chunk, the menu and the first answers: a screen still "Loading…" after 20 s is a finding. */
async function loaded(tab: Tab, lng: Look['lng'], wrong: string[]): Promise<void> {
  const loading = tab.page.locator(`.${Classes.NON_IDEAL_STATE}`).filter({ hasText: texts(lng)('common.states.loading') });
  await loading.first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => wrong.push('still loading'));
}

/** Where the first row's actions are on a list (after its skeleton rows went), against the viewport. */
async function fits(tab: FitTab, route: string): Promise<void> {
  await tab.page.locator('table tbody tr[aria-hidden]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  const at = await firstRowActions(tab.page, texts(tab.look.lng)('resource.actions.title'));
  if (!at) return;
  tab.measured += 1;
  if (at.left < 0 || at.right > at.width + 0.5) tab.outside[route] = `${Math.round(at.left)}–${Math.round(at.right)} of ${at.width}`;
}

/** Runs one tab's step on a route; a step that throws is a finding of that route, and the walk goes on. */
async function step(tab: { problems: Record<string, string[]> }, route: string, run: () => Promise<string[]>): Promise<void> {
  const wrong = await run().catch((e: unknown) => [`threw ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`]);
  if (wrong.length) tab.problems[route] = [...new Set([...(tab.problems[route] ?? []), ...wrong])];
}

/** A: the tour's checks and whether the first row's actions fit, in the one tab of that look. */
const walkDesktop = (route: string) =>
  step(desktop, route, async () => {
    const errorsBefore = desktop.view.pageErrors.length;
    await desktop.page.goto(`${app.url}#/customer/${route}`);
    const wrong: string[] = [];
    await loaded(desktop, desktop.look.lng, wrong);
    // The lazy chunk (its h1), the list's answer (quiet network), then no skeleton row left.
    await desktop.page.locator('main h1, h1').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    await desktop.settle();
    wrong.push(...(await tourChecks(desktop, route, errorsBefore)));
    wrong.push(...(await wayChecks(desktop, route)));
    await fits(desktop, route);
    return wrong;
  });

/** B, E, F: the tour's checks. */
const walkTour = (tab: TourTab) => (route: string) =>
  step(tab, route, async () => {
    const errorsBefore = tab.view.pageErrors.length;
    await tab.page.goto(`${app.url}#/customer/${route}`);
    const wrong: string[] = [];
    await loaded(tab, tab.look.lng, wrong);
    await tab.settle();
    wrong.push(...(await tourChecks(tab, route, errorsBefore)));
    wrong.push(...(await wayChecks(tab, route)));
    return wrong;
  });

/** C: whether the first row's actions fit on the phone; the phone's checks; no Chinese. */
const walkPhone = (route: string) =>
  step(phone, route, async () => {
    const errorsBefore = phone.view.pageErrors.length;
    await phone.page.goto(`${app.url}#/customer/${route}`);
    const wrong: string[] = [];
    await loaded(phone, phone.look.lng, wrong);
    await phone.page.locator('main h1, h1').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    await phone.settle();
    wrong.push(...(await wayChecks(phone, route)));
    wrong.push(...phone.view.pageErrors.slice(errorsBefore).map((e) => `page error ${e}`));
    await fits(phone, route);
    return wrong;
  });

/** D: the screen and every toolbar and first-row dialog in the pseudo language. */
const walkPseudo = (route: string) =>
  step(pseudo, route, async () => {
    const errorsBefore = pseudo.errors.length;
    await pseudo.page.goto(`${pseudoApp.url}#/customer/${route}`);
    const wrong: string[] = [];
    await pseudo.page
      .locator(`.${Classes.NON_IDEAL_STATE}`)
      .filter({ hasText: pt('common.states.loading') })
      .first()
      .waitFor({ state: 'detached', timeout: 20_000 })
      .catch(() => wrong.push('still loading'));
    await pseudo.page.locator('main h1').first().waitFor();
    await pseudo.settle();
    pseudo.counts.routes++;
    wrong.push(...(await pseudo.check('body')));
    if (PSEUDO_SHOTS) {
      fs.mkdirSync(PSEUDO_SHOTS, { recursive: true });
      await pseudo.page.screenshot({ path: path.join(PSEUDO_SHOTS, `${route}.png`) });
    }
    wrong.push(...(await pseudo.tourDialogs()));
    wrong.push(...pseudo.errors.slice(errorsBefore).map((e) => `page error ${e}`));
    return wrong;
  });

/** The routes a customer's or an agent's menu offers, in its order (on a phone, its drawer's, closed again after). */
async function menuRoutes(tab: TourTab): Promise<string[]> {
  if (tab.phone) await tab.page.getByRole('button', { name: texts(tab.look.lng)('layout.open_menu') }).click();
  await tab.page.locator('a[href*="#/customer/"]').first().waitFor();
  const hrefs = await tab.page.locator('a[href*="#/customer/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  if (tab.phone) {
    await tab.page.keyboard.press('Escape');
    await tab.page.locator(`.${Classes.DRAWER}`).waitFor({ state: 'detached' });
  }
  return [...new Set(hrefs.map((h) => h.replace(/^.*#\/customer\//, '').replace(/[?#].*$/, '')))];
}

async function themeProblem(tab: TourTab): Promise<void> {
  if ((await tab.page.evaluate((c) => document.body.classList.contains(c), Classes.DARK)) !== (tab.look.theme === 'dark')) {
    tab.problems['(theme)'] = [`body is not in the ${tab.look.theme} theme`];
  }
}

beforeAll(async () => {
  const started = Date.now();
  await meetSystemWords(app.url);
  // D first sees the login page (its own test below), then logs in through the pseudo form.
  const pseudoErrors: string[] = [];
  pseudo = { ...(await pseudoTab(pseudoApp, pseudoErrors)), problems: {}, errors: pseudoErrors, loginPage: [] };
  await watchCsp(pseudo.page, cspReports);
  await pseudo.page.goto(`${pseudoApp.url}#/admin_login`);
  await pseudo.page.getByLabel(pt('auth.fields.account')).waitFor();
  pseudo.loginPage = await pseudo.check('body');
  await pseudo.page.getByLabel(pt('auth.fields.account')).fill('superadmin');
  await pseudo.page.getByLabel(pt('auth.fields.password'), { exact: true }).fill(passwordOf('superadmin'));
  await pseudo.page.keyboard.press('Enter');
  await pseudo.page.waitForURL(/#\/customer\//, { timeout: 15_000 });

  const zhLight: Look = { lng: 'zh-CN', theme: 'light' };
  const enDark: Look = { lng: 'en', theme: 'dark' };
  desktop = { ...(await openTab('superadmin', zhLight, { size: { width: 1360, height: 850 } })), account: 'superadmin', look: zhLight, size: { width: 1360, height: 850 }, outside: {}, measured: 0 };
  dark = { ...(await openTab('superadmin', enDark, { size: { width: 1360, height: 900 } })), account: 'superadmin', look: enDark };
  phone = { ...(await openTab('superadmin', enDark, { phone: true })), look: enDark, size: PHONE_SIZE, outside: {}, measured: 0 };
  for (const [account, look, phoneWay] of [
    ['customer01', { lng: 'en', theme: 'light' }, true],
    ['agent01', { lng: 'zh-CN', theme: 'dark' }, false],
    ['agent01', { lng: 'en', theme: 'dark' }, true],
  ] as const) {
    const tab: TourTab = { ...(await openTab(account, look, { phone: phoneWay })), account, look };
    menus.push({ tab, routes: await menuRoutes(tab) });
  }
  for (const tab of [desktop, dark, ...menus.map((m) => m.tab)]) await themeProblem(tab);

  const tourOnly = (m: (typeof menus)[number]) => m.routes.filter((r) => !only || only.includes(r));
  // Routes of a menu that the route list lacks (none today) are walked after the list.
  const extra = [...new Set(menus.flatMap((m) => tourOnly(m)).filter((r) => !WALKED.includes(r)))];
  for (const route of [...WALKED, ...extra]) {
    const at = Date.now();
    await Promise.all([
      WALKED.includes(route) ? walkPseudo(route) : undefined,
      (async () => {
        if (WALKED.includes(route)) {
          await walkDesktop(route);
          await walkTour(dark)(route);
          await walkPhone(route);
        }
        for (const m of menus) if (tourOnly(m).includes(route)) await walkTour(m.tab)(route);
      })(),
    ]);
    if (process.env.WALK_TIMES) console.log(route, Date.now() - at);
  }

  // The screenshots the ux suite kept of three lists in both sizes.
  for (const tab of [desktop, phone]) {
    for (const route of ['qr_code_list', 'user_list', 'usdt_transaction_record']) {
      await tab.page.goto(`${app.url}#/customer/${route}`);
      await tab.settle();
      await shotOf(tab.page, `ux-tables-${route}-${tab.size.width}-${tab.look.lng}-${tab.look.theme}`);
    }
  }
  console.log(`route walk: ${WALKED.length} routes in ${Math.round((Date.now() - started) / 1000)} s; pseudo tab ${JSON.stringify(pseudo.counts)}`);
  if (pseudo.silentButtons.length) console.log(`opened nothing, sent nothing:\n  ${pseudo.silentButtons.join('\n  ')}`);
}, 1_800_000);

afterAll(async () => {
  await pseudo?.page.close();
  for (const view of views) await view.close();
});

describe.each([
  { name: 'zh-CN, light', tab: () => desktop },
  { name: 'en, dark', tab: () => dark },
])('tour of every route as the super administrator ($name)', ({ tab }) => {
  it('renders each screen without error, unbuilt panel or raw text key (in English: no Chinese word)', () => {
    expect(tab().problems).toEqual({});
  });
});

describe('every route of the super administrator on a phone in English (390×844)', () => {
  it('fits: no sideways scroll, nothing cut off, menu closed, kept columns inside, icons drawn; speaks English', () => {
    expect(phone.problems).toEqual({});
  });
});

describe.each([
  { account: 'customer01', way: 'en light, phone', index: 0 },
  { account: 'agent01', way: 'zh-CN dark', index: 1 },
  { account: 'agent01', way: 'en dark, phone', index: 2 },
])('tour of the menu of $account ($way)', ({ index }) => {
  it('renders every screen its menu offers (on a phone: fits and speaks English)', () => {
    expect(menus[index]!.routes.length).toBeGreaterThan(5);
    expect(menus[index]!.tab.problems).toEqual({});
  });
});

describe('the raw-key detector itself', () => {
  it('finds a key path shown as text or as a label, and passes ordinary text', async () => {
    const page = await openInLook(app, { lng: 'en', theme: 'light' }, 'customer01');
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

describe.each([
  { name: 'desktop 1360×850, zh-CN light', tab: () => desktop },
  { name: 'phone 390×844, en dark', tab: () => phone },
])('tables fit ($name)', ({ tab }) => {
  it("every list's first-row actions are inside the viewport", () => {
    expect(tab().outside).toEqual({});
    expect(tab().measured).toBeGreaterThan(only ? 0 : 15);
  });
});

describe('the console in the pseudo language', () => {
  it('the login page shows only marked texts', () => {
    expect(pseudo.loginPage).toEqual([]);
  });

  it('every route and every toolbar and row-action dialog show only marked texts or data', () => {
    if (Object.keys(pseudo.problems).length) console.log(JSON.stringify(pseudo.problems, null, 1));
    expect(pseudo.problems).toEqual({});
    expect(pseudo.counts.routes).toBe(WALKED.length);
  });
});

describe('the walk as a whole', () => {
  it('no tab of the walk reported a Content-Security-Policy violation', () => {
    expect(cspReports).toEqual([]);
  });

  it('walked every registered route on a phone and in English at 1360 px, and each role its whole menu', () => {
    for (const tab of [dark, phone]) expect(WALKED.filter((r) => !tab.walked.has(r))).toEqual([]);
    for (const { tab, routes } of menus) {
      expect(routes.filter((r) => (!only || only.includes(r)) && !tab.walked.has(r))).toEqual([]);
      expect(routes.filter((r) => !ROUTES.some((x) => x.name === r))).toEqual([]); // a menu offers registered routes only
    }
  });
});
