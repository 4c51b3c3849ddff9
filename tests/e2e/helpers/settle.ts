import type { Page } from 'playwright-core';

/**
 * Follows a page's requests; `settle()` waits until it has made none for `quietMs` (250 ms: lazy chunks and
 * API calls done), at most `maxMs`. The real-time socket is not a request here, so an open socket does not hold it up.
 */
export function quietWatcher(page: Page, maxMs = 8_000, quietMs = 250) {
  const inFlight = new Set<unknown>();
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return async function settle() {
    const started = Date.now();
    let quietSince = Date.now();
    while (Date.now() - started < maxMs) {
      if (inFlight.size) quietSince = Date.now();
      else if (Date.now() - quietSince > quietMs) return;
      await page.waitForTimeout(50);
    }
  };
}

/**
 * From the page's next load on, no CSS transition or animation: a dialog or drawer is at rest at once, so what
 * a check measures or clicks is where it stays.
 */
export async function withoutTransitions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
      document.head.append(style);
    });
  });
}
