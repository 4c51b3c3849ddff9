import type { Page } from 'playwright-core';

/**
 * What the route walk (route-walk.e2e.test.ts) looks for on a screen, run inside the page.
 */

/** Inside the page: texts, labels and placeholders that look like a key under one of the texts' top names. */
export function rawKeys(tops: string[]): string[] {
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

/** Where the first row's actions are, against the viewport's width (null: the screen has no list with row actions). */
export async function firstRowActions(page: Page, title: string): Promise<{ left: number; right: number; width: number } | null> {
  return page.evaluate((actionsTitle) => {
    const table = [...document.querySelectorAll('table')].find((tb) => tb.querySelector('thead th:last-child')?.textContent?.trim() === actionsTitle);
    const cell = table?.querySelector('tbody tr:not([aria-hidden]) td:last-child');
    const buttons = cell ? [...cell.querySelectorAll('button, a')] : [];
    if (!buttons.length) return null;
    const boxes = buttons.map((b) => b.getBoundingClientRect());
    return { left: Math.min(...boxes.map((b) => b.left)), right: Math.max(...boxes.map((b) => b.right)), width: window.innerWidth };
  }, title);
}

/** Reports the console's Content-Security-Policy violations of a page (as console errors) into `reports`. */
export async function watchCsp(page: Page, reports: string[]): Promise<void> {
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) reports.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy: ${e.violatedDirective}`));
  });
}
