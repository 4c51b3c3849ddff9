/** A fetch that got no usable answer: `timedOut` when the time limit ended it, else the HTTP status if any (0). */
export class FetchFailure extends Error {
  constructor(
    readonly timedOut: boolean,
    readonly status: number,
  ) {
    super(timedOut ? 'timed out' : 'failed');
  }
}

/**
 * POST-and-read within `ms`: the request and its JSON body, aborted when the limit passes. A timer, not
 * AbortSignal.timeout: test clocks (vi.useFakeTimers, Playwright's page.clock) drive it. Timers live in the
 * effect layer, so this is the one place the HTTP time limit runs.
 */
export async function fetchJsonWithin(fetchImpl: typeof fetch, url: string, init: RequestInit, ms: number): Promise<{ res: Response; json: unknown }> {
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, ms);
  let res: Response | undefined;
  try {
    res = await fetchImpl(url, { ...init, signal: abort.signal });
    return { res, json: (await res.json()) as unknown };
  } catch {
    throw new FetchFailure(timedOut, res?.status ?? 0);
  } finally {
    clearTimeout(timer);
  }
}
