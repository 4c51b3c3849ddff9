import { runSaga, type Saga as ReduxSaga } from 'redux-saga';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_TIMEOUT_MS, createCallApi } from '../../client/io/call-api.ts';
import type { Effects } from '../../client/io/effects/browser-effects.ts';
import type { ApiError} from '../../client/io/errors.ts';
import { isApiError } from '../../client/io/errors.ts';
import { apiCall, toUserMessage } from '../../client/state/sagas/call.ts';
import { calls, isIdempotent, qrCodeAdd, qrCodeInquire, tokenMenu, type CallDef } from '../../contracts/index.ts';

/**
 * The real `apiCall` saga over the real `createCallApi`, on vitest's virtual clock, with a fetch that answers
 * only when told: a read that gets no answer within CALL_TIMEOUT_MS is aborted and sent once more; a write
 * is not repeated; both end as "the server did not answer" (`timeout`), not as a server refusal.
 */
type Pending = { path: string; signal: AbortSignal; answer: (data: unknown) => void };

function harness() {
  const pending: Pending[] = [];
  const fetchImpl = ((url: string, init: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal as AbortSignal;
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      pending.push({
        path: url.replace('/api/', ''),
        signal,
        answer: (data) => resolve(new Response(JSON.stringify({ status: true, data }), { status: 200 })),
      });
    })) as unknown as typeof fetch;
  const effects = { callApi: createCallApi(fetchImpl) } as Partial<Effects>;
  const dispatched: unknown[] = [];
  function run<C extends CallDef>(call: C, body: unknown) {
    const saga = apiCall as unknown as ReduxSaga<[C, unknown]>;
    const task = runSaga(
      { context: { effects }, getState: () => ({ session: { token: 't0k' }, ui: { language: 'en' } }), dispatch: (a: unknown) => dispatched.push(a), onError: () => {} },
      saga,
      call,
      body,
    );
    return task.toPromise().then(
      (data: unknown) => ({ data, error: null as unknown }),
      (error: unknown) => ({ data: null, error }),
    );
  }
  return { pending, run, dispatched };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('HTTP calls: time limit and one retry for reads', () => {
  it('declares reads idempotent by their verb, writes not', () => {
    expect(isIdempotent(qrCodeInquire)).toBe(true);
    expect(isIdempotent(tokenMenu)).toBe(true);
    expect(isIdempotent(qrCodeAdd)).toBe(false);
    const writeVerb = /^(add|update|remove|clear|send|restore|batch|change|share|register|login|logout|force_refresh|disconnect|qr_code_remove|ping)(_|$)/;
    const verb = (c: CallDef) => c.path.slice(c.path.lastIndexOf('/') + 1);
    const repeatedWrites = (calls as readonly CallDef[]).filter((c) => isIdempotent(c) && writeVerb.test(verb(c))).map((c) => c.path);
    expect(repeatedWrites).toEqual([]);
  });

  it('a read that gets no answer is aborted at the limit and sent once more; the second answer wins', async () => {
    const h = harness();
    const done = h.run(qrCodeInquire, { page: 1, page_size: 10 });
    await flush();
    expect(h.pending).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS - 1);
    expect(h.pending[0].signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.pending[0].signal.aborted).toBe(true);
    expect(h.pending).toHaveLength(2);
    h.pending[1].answer({ content: [], total: 0 });
    expect(await done).toEqual({ data: { content: [], total: 0 }, error: null });
  });

  it('a read with no answer twice fails as "did not answer" after two limits, and does not end the session', async () => {
    const h = harness();
    const done = h.run(qrCodeInquire, { page: 1, page_size: 10 });
    await vi.advanceTimersByTimeAsync(2 * CALL_TIMEOUT_MS);
    const { error } = await done;
    expect(h.pending).toHaveLength(2);
    expect(isApiError(error) && error.kind).toBe('timeout');
    expect((error as ApiError).noAnswer).toBe(true);
    expect(toUserMessage(error)).toEqual({ key: 'errors.no_answer' });
    expect(h.dispatched).toEqual([]);
  });

  it('a write is never sent twice: one limit, then "did not answer"', async () => {
    const h = harness();
    const done = h.run(qrCodeAdd, {});
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS);
    const { error } = await done;
    expect(h.pending).toHaveLength(1);
    expect(isApiError(error) && error.kind).toBe('timeout');
    await vi.advanceTimersByTimeAsync(5 * CALL_TIMEOUT_MS);
    expect(h.pending).toHaveLength(1);
  });

  it('an answer before the limit clears the timer (nothing aborted later)', async () => {
    const h = harness();
    const done = h.run(tokenMenu, {});
    await flush();
    h.pending[0].answer({ tree_menu_arr: [] });
    expect(await done).toEqual({ data: { tree_menu_arr: [] }, error: null });
    await vi.advanceTimersByTimeAsync(2 * CALL_TIMEOUT_MS);
    expect(h.pending[0].signal.aborted).toBe(false);
    expect(h.pending).toHaveLength(1);
  });

  it('a refused connection is "unreachable" and not retried at once (the server is down)', async () => {
    let calls = 0;
    const callApi = createCallApi((() => {
      calls += 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    }) as unknown as typeof fetch);
    const task = runSaga(
      { context: { effects: { callApi } }, getState: () => ({ session: { token: null }, ui: { language: 'en' } }), onError: () => {} },
      apiCall as unknown as ReduxSaga<[CallDef, unknown]>,
      tokenMenu,
      {},
    );
    const error = await task.toPromise().catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(isApiError(error) && error.kind).toBe('unreachable');
    expect(toUserMessage(error)).toEqual({ key: 'errors.network' });
  });
});
