import { Classes } from '@blueprintjs/core';
import type { Page } from 'playwright-core';

/**
 * Notes every toast shown on a page from now on, as it is added (a toast times out after 4 s; a busy machine may
 * take longer to look). Returns a reader of their texts so far.
 */
export async function noteToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate((toast) => {
    const seen: string[] = ((window as unknown as { toastsSeen: string[] }).toastsSeen = []);
    new MutationObserver((changes) => {
      for (const c of changes)
        for (const n of c.addedNodes) {
          if (!(n instanceof HTMLElement)) continue;
          for (const el of n.classList.contains(toast) ? [n] : n.querySelectorAll(`.${toast}`)) seen.push(el.textContent ?? '');
        }
    }).observe(document.body, { childList: true, subtree: true });
  }, Classes.TOAST);
  return () => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
}
