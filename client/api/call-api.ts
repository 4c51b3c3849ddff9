import { z } from 'zod';
import { envelope, type CallDef, type Locale, type RequestOf, type ResponseOf } from '../../contracts/index.ts';
import { ApiError } from './errors.ts';

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
}

/** A typed call: body checked by the compiler, answer's `data` checked at run time by the call's schema. */
export type CallApi = <C extends CallDef>(call: C, body: RequestOf<C>, context: CallContext, options?: CallOptions) => Promise<ResponseOf<C>>;

/** Lists longer than this are sampled under `sampleLongLists`. */
export const SAMPLE_ABOVE = 2_000;
const SAMPLE_EDGE = 100;
const SAMPLE_SPREAD = 200;

/** The first and last SAMPLE_EDGE items and SAMPLE_SPREAD items spread evenly between them. */
function sampleOf(items: readonly unknown[]): unknown[] {
  const out = items.slice(0, SAMPLE_EDGE);
  const step = Math.max(1, Math.floor((items.length - 2 * SAMPLE_EDGE) / SAMPLE_SPREAD));
  for (let i = SAMPLE_EDGE; i < items.length - SAMPLE_EDGE; i += step) out.push(items[i]);
  out.push(...items.slice(-SAMPLE_EDGE));
  return out;
}

type Primitive = 'string' | 'number' | 'boolean';
/** `typeof` each item field must have, for the fields whose schema is a plain string, number or boolean. */
function fieldTypes(item: unknown): [string, Primitive][] | null {
  if (!(item instanceof z.ZodObject)) return null;
  const out: [string, Primitive][] = [];
  for (const [key, field] of Object.entries(item.shape as Record<string, unknown>)) {
    if (field instanceof z.ZodString) out.push([key, 'string']);
    else if (field instanceof z.ZodNumber) out.push([key, 'number']);
    else if (field instanceof z.ZodBoolean) out.push([key, 'boolean']);
  }
  return out;
}

/**
 * Every item is an object whose plain fields have their JS types: a few `typeof` per item (≈ 10 ms for
 * 100,000), so code that calls string methods on a field never meets a number or undefined; the sample then
 * checks formats, ranges and the other fields.
 */
function shapesMatch(items: readonly unknown[], types: readonly [string, Primitive][]): boolean {
  // Indexed loops: this runs once per answer on cold code, where for…of is several times slower (≈ 35 vs 9 ms).
  const n = items.length;
  const m = types.length;
  for (let i = 0; i < n; i++) {
    const it = items[i] as Record<string, unknown> | null;
    if (typeof it !== 'object' || it === null) return false;
    for (let k = 0; k < m; k++) if (typeof it[types[k]![0]] !== types[k]![1]) return false;
  }
  return true;
}

/**
 * The answer with each too-long top-level list of its data object replaced by a sample, and a function that
 * puts the original lists back into the parsed data; null when nothing is to be sampled.
 */
function sampled(schema: CallDef['response'], json: unknown): { json: unknown; restore: (data: unknown) => unknown } | null {
  if (!(schema instanceof z.ZodObject) || typeof json !== 'object' || json === null) return null;
  const data = (json as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const long: Record<string, unknown[]> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, unknown>)) {
    const value = (data as Record<string, unknown>)[key];
    if (!(field instanceof z.ZodArray) || !Array.isArray(value) || value.length <= SAMPLE_ABOVE) continue;
    const types = fieldTypes(field.element);
    // Items of another kind, or one of the wrong shape: no shortcut, the full check names the problem.
    if (!types || !shapesMatch(value, types)) return null;
    long[key] = value;
  }
  if (!Object.keys(long).length) return null;
  const sample = { ...data } as Record<string, unknown>;
  for (const [key, items] of Object.entries(long)) sample[key] = sampleOf(items);
  return { json: { ...json, data: sample }, restore: (parsed) => ({ ...(parsed as object), ...long }) };
}

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
const urlOf = (call: CallDef) => `/api/${call.path}`;

export function createCallApi(fetchImpl: typeof fetch, baseUrl = ''): CallApi {
  return async function callApi<C extends CallDef>(call: C, body: RequestOf<C>, context: CallContext, options?: CallOptions) {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Accept-Language': context.language,
    };
    if (context.token) headers.token = context.token;

    let res: Response;
    try {
      res = await fetchImpl(baseUrl + urlOf(call), { method: 'POST', headers, body: JSON.stringify(body) });
    } catch {
      throw new ApiError(call.path, 0, '');
    }

    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new ApiError(call.path, res.status, '');
    }

    const sample = options?.sampleLongLists ? sampled(call.response, json) : null;
    const parsed = envelope(call.response).safeParse(sample ? sample.json : json);
    if (!parsed.success) {
      // A failure answer's data is absent, so only a success answer can fail here: a contract drift.
      const loose = json as { message?: unknown } | null;
      const message = typeof loose?.message === 'string' ? loose.message : '';
      if (!res.ok) throw new ApiError(call.path, res.status, message);
      console.error(`[api] ${call.path}: answer does not match its contract`, parsed.error.issues);
      throw new ApiError(call.path, res.status, '');
    }
    const answer = parsed.data;
    if (!res.ok || !answer.status) throw new ApiError(call.path, res.ok ? 400 : res.status, answer.message ?? '');
    return (sample && answer.data !== undefined ? sample.restore(answer.data) : answer.data) as ResponseOf<C>;
  };
}
