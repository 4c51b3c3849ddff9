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

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  /** Thread (CPU) time of a complete event, in µs. */
  readonly tdur?: number;
  readonly args?: { name?: string };
}

/**
 * The renderer main thread's CPU time (ms) spent while `work` runs, from a Chromium trace (thread time of the
 * outermost events, so the load of other processes on the machine does not count, unlike elapsed time).
 */
export async function mainThreadCpu<T>(
  page: Page,
  work: () => Promise<T>,
): Promise<{ result: T; cpuMs: number }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // The protocol types a trace event as a string map; its fields are numbers too (Chromium's trace event format).
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] },
    transferMode: 'ReportEvents',
  });
  const result = await work();
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  // Every renderer's main thread is in the trace (a navigation may leave the first one behind): the page's is the
  // busiest of them.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const cpuOf = (main: TraceEvent) => {
    const own = events
      .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.tdur !== undefined && e.dur !== undefined)
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    let end = 0;
    let cpu = 0;
    for (const e of own) {
      if (e.ts < end) continue; // nested in one already counted
      cpu += e.tdur!;
      end = e.ts + e.dur!;
    }
    return cpu / 1000;
  };
  return { result, cpuMs: Math.max(0, ...mains.map(cpuOf)) };
}
