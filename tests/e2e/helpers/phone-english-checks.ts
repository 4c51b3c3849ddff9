import { Classes } from '@blueprintjs/core';
import type { Page } from 'playwright-core';
import { CONTROL_PREFIX } from '../../../contracts/index.ts';
import { USER_AGENTS } from '../../../fixtures/visitors.ts';

/**
 * Per-route checks of a console screen on a phone and in English, as pure functions over a playwright Page
 * already showing the route (lazy chunk loaded, answers in). Each returns what is wrong, in words that name
 * the element, or [] when the screen passes; the caller collects them per route. Nothing here waits for a
 * time: the icon check waits for a state (every icon drawn) and reports what is still blank when it gives up.
 */

/** Texts on screen that may contain Chinese in English: seeded demo data (what a person typed), by exact text. */
export interface AllowedChinese {
  /** Chinese strings of the seeded data (names, remarks, places a person entered); a text may contain several. */
  readonly seeded: readonly string[];
}

/** Inside the page: the phone-layout findings for the screen on show. */
function phoneFindings([drawerClass, overlayOpen]: [string, string]): string[] {
  const found: string[] = [];
  const width = window.innerWidth;
  const doc = document.documentElement;
  if (doc.scrollWidth > width + 1) found.push(`page scrolls sideways: ${doc.scrollWidth} px wide in ${width}`);
  // The screen's own box scrolls by itself (overflow auto): content wider than it scrolls sideways there.
  const main = document.querySelector('main');
  if (main && main.scrollWidth > main.clientWidth + 1) found.push(`screen scrolls sideways: ${main.scrollWidth} px wide in ${main.clientWidth}`);
  const describe = (el: Element): string => {
    const label = el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? (el.textContent ?? '').trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${label}"`;
  };
  /** Whether an ancestor (below the body) scrolls or clips sideways: the element is then inside a box of its own. */
  const inScrollBox = (el: Element): boolean => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const x = getComputedStyle(p).overflowX;
      if (x === 'auto' || x === 'scroll' || x === 'hidden' || x === 'clip') return p.getBoundingClientRect().right <= width + 1;
    }
    return false;
  };
  const visible = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  // Controls cut off at the right edge: a filter, a button, a tab the person cannot reach.
  const clipped = new Set<string>();
  for (const el of document.querySelectorAll('main input, main button, main select, main [role=tab], main a[href], header button, header a[href]')) {
    if (!visible(el) || el.closest(`.${drawerClass}`)) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.right <= width + 1 || inScrollBox(el)) continue;
    clipped.add(`${describe(el)} ends at ${Math.round(box.right)} px`);
  }
  found.push(...[...clipped].slice(0, 5).map((c) => `cut off at the right: ${c}`));
  // The side menu: a drawer, closed until opened; no fixed side column taking the phone's width.
  if (document.querySelector(`.${drawerClass}.${overlayOpen}, .${overlayOpen} .${drawerClass}`)) found.push('side menu open without being opened');
  for (const nav of document.querySelectorAll('nav')) {
    if (!visible(nav) || nav.closest(`.${drawerClass}`) || nav.closest('header')) continue;
    const box = nav.getBoundingClientRect();
    if (box.height > 200 && box.width > 100 && box.width < width * 0.9) found.push(`side menu shown beside the screen (${Math.round(box.width)} px)`);
  }
  // Lists: the columns kept to the last (what the row is, its figure, its state) are on screen.
  for (const table of document.querySelectorAll('main table')) {
    if (!visible(table) || !table.querySelector('tbody tr:not([aria-hidden]) td')) continue;
    const name = table.getAttribute('aria-label') ?? '';
    const tbox = table.parentElement?.getBoundingClientRect();
    for (const th of table.querySelectorAll<HTMLElement>('thead th[data-keep]')) {
      const box = th.getBoundingClientRect();
      const shown = visible(th) && getComputedStyle(th).display !== 'none' && box.width > 0;
      const inside = tbox ? box.left >= tbox.left - 1 && box.right <= Math.min(tbox.right, width) + 1 : box.right <= width + 1;
      if (!shown || !inside) found.push(`list "${name}" hides its column "${(th.textContent ?? '').trim()}"`);
    }
  }
  return found;
}

/**
 * Inside the page: visible Blueprint icons whose SVG has no drawn path (an empty or crossed box on screen).
 * `untilDrawn`: answer only whether none is blank (a wait's predicate).
 */
function blankIcons([iconClass, untilDrawn]: [string, boolean]): string[] | boolean {
  const blank: string[] = [];
  for (const icon of document.querySelectorAll<HTMLElement>(`.${iconClass}`)) {
    if (!icon.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const svg = icon.querySelector('svg');
    // An icon given as an element of its own (a spinner, an image) is not a path icon.
    if (!svg && icon.children.length) continue;
    const drawn = svg ? [...svg.querySelectorAll('path')].some((p) => (p.getAttribute('d') ?? '').length > 4) : false;
    if (drawn) continue;
    const at = icon.closest('button, a, [role=menuitem], th, td, label, h1, h2, h4');
    const name = icon.getAttribute('data-icon') ?? '?';
    const where = at ? (at.getAttribute('aria-label') ?? (at.textContent ?? '').trim().slice(0, 30)) : '';
    blank.push(`${name}${where ? ` in "${where}"` : ''}`);
  }
  return untilDrawn ? blank.length === 0 : [...new Set(blank)];
}

/**
 * The screen on show as a phone shows it: no sideways page scroll, no control cut off at the right edge, the
 * side menu closed (a drawer, not a column), each list's kept columns (`th[data-keep]`: what the row is, its
 * figure and state) inside the list's box, and every icon drawn (paths loaded). `route`
 * only names the findings.
 */
export async function checkPhoneLayout(page: Page, route: string): Promise<string[]> {
  // Icons load their paths on demand: wait until every visible one is drawn, then report the rest. A screen's
  // first icons wait for their chunk, which on two busy cores took over 5 s: a blank icon costs the whole 20 s.
  await page.waitForFunction(blankIcons, [Classes.ICON, true] as [string, boolean], { timeout: 20_000, polling: 100 }).catch(() => undefined);
  const icons = (await page.evaluate(blankIcons, [Classes.ICON, false] as [string, boolean])) as string[];
  const found = await page.evaluate(phoneFindings, [Classes.DRAWER, Classes.OVERLAY_OPEN] as [string, string]);
  return [...found, ...icons.map((i) => `icon not drawn: ${i}`)].map((f) => `${route}: ${f}`);
}

/** Inside the page: visible texts (and placeholders, labels, titles) with Chinese characters not covered by `seeded`. */
function chineseTexts(seeded: string[]): string[] {
  const han = /\p{Script=Han}+/gu;
  /** Every run of Chinese characters of the text is part of some seeded string. */
  const isSeeded = (text: string) => (text.match(han) ?? []).every((run) => seeded.some((s) => s.includes(run)));
  const found = new Set<string>();
  const consider = (text: string, what: string) => {
    const v = text.replace(/\s+/g, ' ').trim();
    if (v && han.test(v) && !isSeeded(v)) found.add(what ? `${what}: ${v}` : v);
    han.lastIndex = 0;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('script, style, noscript, textarea')) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    consider(n.textContent ?? '', '');
  }
  for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
    if (!el.checkVisibility()) continue;
    for (const a of ['placeholder', 'aria-label', 'title']) consider(el.getAttribute(a) ?? '', a);
  }
  // The language switcher names each language in its own words (中文 in English): that is the point of it.
  return [...found];
}

/**
 * The screen on show in English: no Chinese characters in the console's own words (texts, placeholders,
 * labels, titles). What may stay Chinese is seeded demo data (`allowed.seeded`: names and remarks a person
 * typed); a Chinese run found in none of them is the console's or the server's word left untranslated.
 */
export async function checkNoChineseInEnglish(page: Page, route: string, allowed: AllowedChinese): Promise<string[]> {
  const found = await page.evaluate(chineseTexts, [...allowed.seeded]);
  return found.map((f) => `${route}: ${f}`);
}

/** Shenzhen on China Mobile, Tokyo, Guangzhou on China Telecom (fixtures/seed/ip-ranges.ts). */
const VISITS_FROM = ['39.128.10.201', '13.112.1.1', '113.64.1.1'];

/**
 * What a walk in English must meet to judge the system's own words: a WeChat block (the detector's messages in
 * the owner's inbox and the message list) and visits from places the IP table knows (locations the service
 * wrote in every list of visits). `url`: the console's address.
 */
export async function meetSystemWords(url: string): Promise<void> {
  const base = url.replace(/\/$/, '');
  for (const [name, body] of [
    ['shield/mark', { domain: 'entry1.example.com', status: 2 }],
    ['shield/run', { force: true }],
  ] as const) {
    const res = await fetch(`${base}${CONTROL_PREFIX}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`control ${name}: ${res.status}`);
  }
  for (const ip of VISITS_FROM) {
    const res = await fetch(`${base}/v/demo02`, { redirect: 'manual', headers: { 'user-agent': USER_AGENTS.chromeWindows, 'x-forwarded-for': ip } });
    if (res.status !== 200) throw new Error(`visit from ${ip}: ${res.status}`);
  }
}
