import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { ApiError } from './errors.ts';

/** RFC 9112 §6.3: a request has a body when it says Transfer-Encoding, or a Content-Length above 0. */
const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * The API's calls take JSON and say so: a body sent as anything but `application/json` is refused (415 naming
 * the type expected) before it is read. A page on another site may POST `text/plain`, a form encoding or a
 * typeless blob here without a CORS preflight, and the parser used to read any of them as JSON: such a page
 * could make calls from its visitor's browser and network (registrations, share-password guesses). A JSON
 * body needs a preflight, which this server never grants. An empty body is `{}` as before; `expectedOf` names
 * what a path takes instead (the upload call's multipart, which its own router reads before this).
 */
export function requireJsonBody(expectedOf: (path: string) => string = () => 'application/json'): RequestHandler {
  return (req, _res, next) => {
    if (!hasBody(req) || req.is('application/json')) return next();
    next(new ApiError(415, 'errors.content_type', { expected: expectedOf(req.path) }));
  };
}

/** A UTF-16 code unit of a surrogate pair standing alone (the `u` flag matches whole pairs as one code point). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * The path (`children.0.url`) of the first string in `value`, a key or a value, holding a lone surrogate
 * (`"\ud800"` in JSON); null when there is none. Iterative: a body may be nested 100,000 deep.
 */
export function loneSurrogateAt(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return at;
    } else if (v !== null && typeof v === 'object') {
      // Reverse order onto the stack, so the first offending field (in the body's order) is the one named.
      const entries = Object.entries(v as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        const path = at ? `${at}.${k}` : k;
        if (LONE_SURROGATE.test(k)) return path.replace(/[\uD800-\uDFFF]/gu, '\uFFFD');
        stack.push([child, path]);
      }
    }
  }
  return null;
}

/**
 * After the JSON parser: a string with a lone surrogate is refused (400 naming its field), not stored. JSON
 * may escape one (`"\ud800"`), but it is no character: SQLite would keep it as bytes that are not UTF-8, which
 * every later reader (an export, a page, another service) chokes on or shows as garbage. Refused rather than
 * replaced with U+FFFD: the sender learns which field broke, and nothing is saved that nobody typed.
 */
export const refuseLoneSurrogates: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  if (body === null || typeof body !== 'object') return next();
  const at = loneSurrogateAt(body);
  next(at === null ? undefined : new ApiError(400, 'validation.lone_surrogate', { field: at }));
};
