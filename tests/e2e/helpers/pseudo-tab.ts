import { Classes } from '@blueprintjs/core';
import type { Locator } from 'playwright-core';
import { calls, isAudited, pseudoLocalise, PSEUDO_CLOSE, PSEUDO_OPEN } from '../../../contracts/index.ts';
import type { ConsoleUnderTest } from './console.ts';
import { quietWatcher, withoutTransitions } from './settle.ts';
import { texts } from './texts.ts';

/**
 * The console in the test-only pseudo language (contracts/i18n/pseudo.ts: every English text accented,
 * lengthened and wrapped in ⟦ ⟧): a tab that finds, on the screen it shows and in every toolbar and first-row
 * dialog it opens and closes again without submitting (every call that changes something is refused in the
 * browser before it leaves), each visible text without the markers that is not data (DATA below, by pattern):
 * a hard-coded text, a raw enum value, a server text that skipped the catalogue. Used by the route walk
 * (route-walk.e2e.test.ts); each step waits for a state, never a time.
 */

/**
 * What may show without markers: data, recognised by its shape. Numbers, amounts, dates and times; ids,
 * hashes, TRON addresses; URLs, domains, paths, e-mail and IP addresses; seeded accounts and codes (letters
 * then digits: `customer01`, `AGENT01`); texts in Chinese characters only (the seeded names are Chinese; a
 * Chinese text written into the console's sources is caught by tests/contract/no-hard-coded-text.test.ts);
 * upper-case codes (currencies `USDT`, countries `CN`, methods `GET`); punctuation and symbols alone.
 */
const DATA: readonly RegExp[] = [
  /^[-+−±]?[\d\s.,:;/%×()#~±+–—-]+$/, // 1,234 · 12.5 % · 2026-11-26 13:00:00 · 10/20 · +2 (+9%) · ±0
  /^[-+−]?[\d.,\s]+\s?[A-Z]{2,5}$/, // 12.50 USDT
  /^[A-Z0-9]{2,6}$/, // USDT, TRX, CN, GET
  /^[A-Z2-7]{16,}$/, // base32 secrets (TOTP)
  /^[0-9a-f]{12,}$/i, // hashes, tokens
  /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i, // uuid
  /^T[1-9A-HJ-NP-Za-km-z]{33}$/, // TRON address
  /^(https?:\/\/)?[\w-]+(\.[\w-]+)*\.[a-z]{2,}(:\d+)?([/?#]\S*)?$/i, // URL or domain
  /^(https?:\/\/)?(\d{1,3}\.){3}\d{1,3}(:\d+)?([/?#]\S*)?$/, // IPv4 (with port/path)
  /^[0-9a-f:]+:[0-9a-f:]*$/i, // IPv6
  /^\/[\w./?=&%-]*$/, // a path
  /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/, // e-mail
  /^[A-Za-z]+[_-]?\d+$/, // seeded accounts and codes: customer01, AGENT01, demo01
  /^i[A-Z][A-Za-z]+( [\d.]+)?$/, // device and system names of visits: iPhone, iOS 17.2
  /^[a-z]{2,3}(-[A-Z][a-zA-Z]{1,3})?$/, // language tags of the language list: en, zh-CN
  /^[YMDHhms]+([-/: ][YMDHhms]+)*$/, // a date format as placeholder: YYYY-MM-DD HH:mm:ss
  /^(?=.*\p{Script=Han})[\p{Script=Han}\p{P}\p{S}\w\s]+$/u, // Chinese seeded names and places (内码 A, Monthly / 月度会员)
  /^[\p{P}\p{S}\s]+$/u, // · — / … alone
];

/**
 * Data shown in a table cell, offered in a select or named in a tree (rows and lookups: device and browser
 * names, seeded names in English such as mall brands and categories, server names): a name starts with a capital or carries a digit or a
 * hyphen. What stays suspect there is what a raw code or an untranslated server sentence looks like: all
 * lower case words (`ok`, `super_admin`, `site_message,realtime,telegram`, `blocked by WeChat`).
 */
const CELL_DATA = /^(?![a-z][A-Za-z_, ]*$).+$/;

/** Calls that change something never leave the browser during the tour (no dialog is submitted). */
const WRITES = new Set(calls.filter((c) => isAudited(c)).map((c) => `/api/${c.path}`));

/** The signed-in account (the header's user menu shows it): data too. */
const ACCOUNT = 'superadmin';

/** Inside the page: visible texts under `selector` without markers that are not data; counts what it checked. */
function unmarkedTexts([selector, open, close, data, cellData, account, treeLabel]: [string, string, string, string[], string, string, string]): { checked: number; unmarked: string[] } {
  const regex = (d: string) => new RegExp(d.slice(1, d.lastIndexOf('/')), d.slice(d.lastIndexOf('/') + 1));
  const patterns = data.map(regex);
  const inCell = regex(cellData);
  const unmarked = new Set<string>();
  let checked = 0;
  /** A piece of a marked text that tags split (`⟦Read <b>this</b> first⟧`): an open marker before it is still open. */
  const insideMarked = (node: Text): boolean => {
    for (let el = node.parentElement, up = 0; el && up < 4; el = el.parentElement, up++) {
      const whole = el.textContent ?? '';
      if (!whole.includes(open)) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      range.setEndBefore(node);
      const before = range.toString();
      return before.lastIndexOf(open) > before.lastIndexOf(close);
    }
    return false;
  };
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
      const text = (n.textContent ?? '').replace(/\s+/g, ' ').trim();
      const el = n.parentElement;
      if (!text || !el || el.closest('script, style, noscript, textarea')) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      checked++;
      if (text.includes(open) || text.includes(close) || insideMarked(n)) continue;
      if (text === account || patterns.some((p) => p.test(text))) continue;
      if (el.closest('code, kbd')) continue; // identifiers shown as such (a log type's code, a database name)
      if (el.closest(`td, option, .${treeLabel}`) && inCell.test(text)) continue;
      unmarked.add(text);
    }
    // Placeholders are visible text too.
    for (const input of root.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]')) {
      const text = input.placeholder.trim();
      if (!text || !input.checkVisibility()) continue;
      checked++;
      if (!text.includes(open) && !patterns.some((p) => p.test(text))) unmarked.add(`placeholder: ${text}`);
    }
  }
  return { checked, unmarked: [...unmarked] };
}

/** What the pseudo tab counted: routes, dialogs opened, texts checked, writes refused, buttons that did nothing. */
export interface PseudoCounts {
  routes: number;
  dialogs: number;
  strings: number;
  blockedWrites: number;
  silent: number;
}

export const pt = (key: string, vars?: Record<string, string | number>) => pseudoLocalise(texts('en')(key)).replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars?.[v] ?? ''));

/**
 * A new tab of `app` in the pseudo language, 1360 × 900, its writes refused and its uncaught errors in
 * `errors`: `check(selector)` lists the unmarked texts under a selector, `tourDialogs()` opens every toolbar and
 * first-row dialog of the screen and lists theirs. Buttons that opened nothing and sent no write within the
 * wait are kept in `silentButtons` ("Export CSV" is not tried: it reads pages, then downloads, nothing to check
 * on the way).
 */
export async function pseudoTab(app: ConsoleUnderTest, errors: string[]) {
  const page = await app.context.newPage();
  const counts: PseudoCounts = { routes: 0, dialogs: 0, strings: 0, blockedWrites: 0, silent: 0 };
  const silentButtons: string[] = [];
  /** Told when a write is refused (a button that acts at once, with no dialog to wait for). */
  let onBlockedWrite: (() => void) | null = null;
  await page.setViewportSize({ width: 1360, height: 900 });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.addInitScript(() => {
    localStorage.setItem('language', 'en');
    localStorage.setItem('pseudo_locale', '1');
  });
  // No transitions: an opening dialog or menu is still at once, so a click on it need not wait for it.
  await withoutTransitions(page);
  await page.route('**/api/**', (route) => {
    if (WRITES.has(new URL(route.request().url()).pathname)) {
      counts.blockedWrites++;
      onBlockedWrite?.();
      return route.abort();
    }
    return route.continue();
  });
  const settle = quietWatcher(page);
  const quickSettle = quietWatcher(page, 4_000, 100);

  async function check(selector: string): Promise<string[]> {
    const args: [string, string, string, string[], string, string, string] = [selector, PSEUDO_OPEN, PSEUDO_CLOSE, DATA.map(String), String(CELL_DATA), ACCOUNT, Classes.TREE_NODE_LABEL];
    const found = await page.evaluate(unmarkedTexts, args);
    counts.strings += found.checked;
    return found.unmarked;
  }

  /** The overlays Blueprint portals (dialogs, alerts, drawers, menus; not the tooltips of a hovered button) on screen now. */
  const OVERLAYS = `.${Classes.PORTAL} .${Classes.OVERLAY_CONTENT}:not(:has(> .${Classes.TOOLTIP})):not([class*="-exit"])`;

  /** Until the page has made no request for 100 ms (a dialog's lookups answered). */
  async function quiet(): Promise<void> {
    await quickSettle();
  }

  /**
   * Closes every overlay on screen (a menu item's dialog may sit over its menu): Escape, and where a dialog
   * does not take Escape (an Alert that must be answered), its close or cancel button. Waits until none is left.
   */
  async function closeOverlays(): Promise<void> {
    const overlays = page.locator(OVERLAYS);
    for (let i = 0; i < 4 && (await overlays.count()); i++) {
      // An Alert must be answered: its cancel button, not Escape.
      // (Dispatched, not clicked: a toast or callout of an earlier step may lie over it.)
      const alertCancel = page.locator(`${OVERLAYS} .${Classes.ALERT} button`).filter({ hasText: pt('common.actions.cancel') });
      if (await alertCancel.count()) await alertCancel.first().dispatchEvent('click');
      else await page.keyboard.press('Escape');
      const gone = await overlays
        .first()
        .waitFor({ state: 'detached', timeout: 5_000 }) // leaving: its class says "-exit" at once
        .then(() => true)
        .catch(() => false);
      if (gone) continue;
      const close = overlays.last().locator(`.${Classes.DIALOG_CLOSE_BUTTON}, button:has-text("${pt('common.actions.cancel')}")`);
      if (await close.count()) await close.first().dispatchEvent('click');
    }
    await overlays.first().waitFor({ state: 'detached', timeout: 10_000 });
  }

  /** Clicks `button`; when a dialog or menu opens, checks its texts and closes it. Returns its findings. */
  async function openAndCheck(button: Locator, label: string): Promise<string[]> {
    const overlays = page.locator(OVERLAYS);
    if (!(await button.isVisible()) || !(await button.isEnabled())) return [];
    const blocked = counts.blockedWrites;
    await button.click();
    await page.mouse.move(0, 0); // no tooltip over what is checked
    // Opened, or a call went out at once instead (refused here: the action has no dialog).
    const wrote = new Promise<boolean>((resolve) => (onBlockedWrite = () => resolve(false)));
    // Every button of the walk opens something or writes (none is silent), so this bound costs nothing but on
    // a silent one; it is long because on two busy cores a dialog can take seconds to open, and one taken for
    // silent then covers the next button.
    const opened = await Promise.race([
      overlays
        .first()
        .waitFor({ state: 'visible', timeout: 10_000 })
        .then(
          () => true,
          () => false,
        ),
      wrote,
    ]);
    onBlockedWrite = null;
    if (!opened && counts.blockedWrites === blocked) {
      counts.silent++;
      silentButtons.push(`${new URL(page.url()).hash} ${label}`);
    }
    if (!opened) {
      await closeOverlays(); // one that opened after all, over the next button
      return [];
    }
    counts.dialogs++;
    await quiet();
    const found = (await check(`.${Classes.PORTAL}`)).map((s) => `${label}: ${s}`);
    await closeOverlays();
    return found;
  }

  /** Toolbar buttons with a text, then the first row's actions (its "more" menu item by item). */
  async function tourDialogs(): Promise<string[]> {
    const found: string[] = [];
    const toolbar = page.locator('main [role=toolbar] button');
    const names = await toolbar.evaluateAll((bs) => bs.map((b) => (b.textContent ?? '').trim()));
    for (const [i, name] of names.entries()) {
      if (!name) continue; // reload, column chooser: icons without a dialog of their own
      // Export CSV reads pages and downloads: no dialog to check, only 1.5 s of waiting per list.
      if (name === pt('resource.export.button')) continue;
      found.push(...(await openAndCheck(toolbar.nth(i), `toolbar "${name}"`)));
    }
    const actions = page.locator('main tbody tr:first-child td:last-child button');
    const count = await actions.count();
    for (let i = 0; i < count; i++) {
      const label = (await actions.nth(i).getAttribute('aria-label')) ?? '';
      if (label !== pt('resource.actions.more')) {
        found.push(...(await openAndCheck(actions.nth(i), `row action "${label}"`)));
        continue;
      }
      await actions.nth(i).click();
      const items = page.locator(`.${Classes.PORTAL} .${Classes.MENU_ITEM}`);
      await items.first().waitFor();
      counts.dialogs++;
      found.push(...(await check(`.${Classes.PORTAL}`)).map((s) => `row menu: ${s}`));
      const itemNames = await items.evaluateAll((xs) => xs.map((x) => (x.textContent ?? '').trim()));
      await closeOverlays();
      for (const [j, itemName] of itemNames.entries()) {
        await actions.nth(i).click();
        await items.nth(j).waitFor();
        found.push(...(await openAndCheck(items.nth(j), `row action "${itemName}"`)));
      }
    }
    return found;
  }

  return { page, counts, silentButtons, settle, check, tourDialogs };
}
