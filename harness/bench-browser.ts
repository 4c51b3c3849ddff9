import type { Page } from 'playwright-core';

/** What the browser benches measure in headless Chromium: its flags, and long tasks (> 50 ms) on a page. */

/** The browser tests' Chromium flags (tests/e2e/helpers/browser.ts), for benches that launch their own. */
export const BENCH_CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** Before the page loads: collect its long tasks (the Long Tasks API) for `longTasksSince`. */
export async function watchLongTasks(page: Page): Promise<void> {
  // tsx keeps function names with a `__name` helper that functions sent to the page would otherwise miss.
  await page.addInitScript({ content: 'window.__name = (f) => f;' });
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** Long tasks since `t` (ms, page clock): count and the longest. */
export async function longTasksSince(page: Page, t: number): Promise<{ count: number; max: number }> {
  return page.evaluate((since) => {
    const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.filter((x) => x.start >= since);
    return { count: tasks.length, max: Math.max(0, ...tasks.map((x) => x.duration)) };
  }, t);
}
