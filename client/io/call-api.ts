import type { CallDef, Locale, RequestOf, ResponseOf } from '../../contracts/index.ts';
import type { checkAnswer } from './check-answer.ts';
import { isLazyCall, type LazyCall } from './lazy-call.ts';
import { ApiError } from './errors.ts';
import { FetchFailure, fetchJsonWithin } from './effects/fetch-within.ts';

/** What every call carries besides its body: the session token (if any) and the console's language. */
export interface CallContext {
  readonly token: string | null;
  readonly language: Locale;
}

/** Per-call choices; every field optional, so wrappers that pass three arguments keep the full check. */
export interface CallOptions {
  /**
   * Check a very long top-level list (more than SAMPLE_ABOVE items, e.g. the 100,000 visitors of
   * /access_log) by a sample of its items instead of every item; everything else in the answer is still
   * checked in full. The full check of 100,000 rows costs ≈ 60–100 ms and copies every row before the first
   * paint. Only for calls whose items are plain data (no defaults or transforms in the item schema, so the
   * unchecked items are already what a parse would give) and whose screens render item fields as text
   * only (React escapes them) and tolerate a drifted field; a drifting server still fails loudly on the sample.
   */
  readonly sampleLongLists?: boolean;
  /** Give up waiting for the answer after this long (ApiError kind `timeout`). Default CALL_TIMEOUT_MS. */
  readonly timeoutMs?: number;
}

/** How long a call waits for its whole answer (headers and body) before it counts as "did not answer". */
export const CALL_TIMEOUT_MS = 15_000;

/**
 * A typed call: body checked by the compiler, answer's `data` checked at run time by the call's schema. A
 * `LazyCall` (the public pages' calls, io/lazy-call.ts) is sent at once; its schemas load meanwhile.
 */
export type CallApi = <C extends CallDef>(call: C | LazyCall<C>, body: RequestOf<C>, context: CallContext, options?: CallOptions) => Promise<ResponseOf<C>>;

/**
 * Build `callApi` over a fetch implementation. POST `/api/<path>` with a JSON body; the envelope
 * `{ status, message?, data? }` is unwrapped; `status: false` or a 4xx/5xx becomes an ApiError carrying the
 * server's (already translated) message. The answer's data is validated so a drifting server fails loudly
 * here instead of deep inside a component.
 */
/**
 * `/api/<path>`, as contracts' `urlOf` says. Not imported from there: contracts/registry.ts holds the array of
 * every call, and depending on it would put every call's schemas into the login page's first load.
 */
const urlOf = (call: Pick<CallDef, 'path'>) => `/api/${call.path}`;

let checker: Promise<typeof checkAnswer> | null = null;
/** The answer check, fetched once (with zod) on the first call; see check-answer.ts. A failed download may be retried. */
function loadChecker(): Promise<typeof checkAnswer> {
  checker ??= import('./check-answer.ts').then(
    (m) => m.checkAnswer,
    (e: unknown) => {
      checker = null;
      throw e;
    },
  );
  return checker;
}

export function createCallApi(fetchImpl: typeof fetch, baseUrl = ''): CallApi {
  return async function callApi<C extends CallDef>(call: C | LazyCall<C>, body: RequestOf<C>, context: CallContext, options?: CallOptions) {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Accept-Language': context.language,
    };
    if (context.token) headers.token = context.token;

    // The answer's check and (for a lazy call) its schemas download while the request is out.
    const check = loadChecker();
    const def = isLazyCall(call) ? call.load() : Promise.resolve(call);
    // A failed download is reported below, or not at all when the fetch failed first.
    check.catch(() => undefined);
    def.catch(() => undefined);
    let res: Response;
    let json: unknown;
    try {
      const url = baseUrl + urlOf(call);
      ({ res, json } = await fetchJsonWithin(fetchImpl, url, { method: 'POST', headers, body: JSON.stringify(body) }, options?.timeoutMs ?? CALL_TIMEOUT_MS));
    } catch (e) {
      if (e instanceof FetchFailure && e.timedOut) throw new ApiError(call.path, 0, '', 'timeout');
      throw new ApiError(call.path, e instanceof FetchFailure ? e.status : 0, '');
    }

    let response: CallDef['response'];
    let checkWith: typeof checkAnswer;
    try {
      [{ response }, checkWith] = await Promise.all([def, check]);
    } catch {
      throw new ApiError(call.path, 0, ''); // the schemas' chunk did not arrive: as if no answer came
    }
    // Loaded only by the calls that ask for it, so the login page's first load does not carry it.
    const sample = options?.sampleLongLists ? (await import('./sampled-check.ts')).sampled(response, json) : null;
    const parsed = checkWith(response, sample ? sample.json : json);
    if (!parsed.success) {
      // A failure answer's data is absent, so only a success answer can fail here: a contract drift.
      const loose = json as { message?: unknown } | null;
      const message = typeof loose?.message === 'string' ? loose.message : '';
      if (!res.ok) throw new ApiError(call.path, res.status, message);
      console.error(`[api] ${call.path}: answer does not match its contract`, parsed.error.issues);
      throw new ApiError(call.path, res.status, '');
    }
    const answer = parsed.data;
    if (!res.ok || !answer.status) {
      const about = { field: answer.field, key: answer.key, params: answer.params };
      throw new ApiError(call.path, res.ok ? 400 : res.status, answer.message ?? '', 'answered', about);
    }
    return (sample && answer.data !== undefined ? sample.restore(answer.data) : answer.data) as ResponseOf<C>;
  };
}
