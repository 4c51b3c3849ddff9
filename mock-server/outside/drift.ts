import { API_PREFIX, calls, valueAt, type CallDef } from '../../contracts/index.ts';

/** One way a real answer differs from its contract. */
export interface Drift {
  readonly call: string;
  /** Dotted path in the answer (`data.content.0.total`), or `` for the whole answer. */
  readonly field: string;
  readonly expected: string;
  readonly got: string;
}

const byPath = new Map((calls as readonly CallDef[]).map((c) => [c.path, c]));

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v).slice(0, 200));

/**
 * The contract's verdict on a real service's answer to `/api/<path>`: the envelope (`{ status: true, data }` on
 * 200, `{ status: false, message }` on a failure) and, on success, `data` against the call's response schema.
 * An empty list means it matches.
 */
export function checkAnswer(path: string, status: number, body: unknown): Drift[] {
  const call = byPath.get(path);
  if (!call) return [{ call: path, field: '', expected: 'a call of the registry', got: `unknown call (HTTP ${status})` }];
  const env = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  if (!env) return [{ call: path, field: '', expected: 'a JSON envelope', got: show(body) }];
  if (status !== 200) {
    if (env.status === false && typeof env.message === 'string') return [];
    return [{ call: path, field: '', expected: `{ status: false, message } with HTTP ${status}`, got: show(body) }];
  }
  if (env.status !== true) return [{ call: path, field: 'status', expected: 'true', got: show(env.status) }];
  const parsed = call.response.safeParse(env.data ?? null);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const where = issue.path;
    const expected = 'expected' in issue && issue.expected ? String(issue.expected) : issue.message;
    return { call: path, field: ['data', ...where.map(String)].join('.'), expected, got: show(valueAt(env.data, where)) };
  });
}

/** `/api/message/inquire` → `message/inquire`. */
export const callPathOf = (url: string) => url.split('?')[0]!.replace(API_PREFIX, '').replace(/^\/+/, '').replace(/\/$/, '');
