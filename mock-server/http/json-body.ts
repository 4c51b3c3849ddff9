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

const isLone = (text: string) => LONE_SURROGATE.test(text);

/** Whether any string in `value`, a key or a value, holds a lone surrogate. Iterative: a body may be nested 100,000 deep. */
function holdsLoneSurrogate(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (isLone(v)) return true;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const child: unknown = v[i];
        if (typeof child === 'string' || (child !== null && typeof child === 'object')) stack.push(child);
      }
    } else if (v !== null && typeof v === 'object') {
      for (const key in v) {
        if (isLone(key)) return true;
        const child = (v as Record<string, unknown>)[key];
        if (typeof child === 'string' || (child !== null && typeof child === 'object')) stack.push(child);
      }
    }
  }
  return false;
}

/**
 * The path (`children.0.url`) of the first string in `value`, a key or a value, holding a lone surrogate
 * (`"\ud800"` in JSON); null when there is none. Paths are only built once one is known to be there.
 */
export function loneSurrogateAt(value: unknown): string | null {
  if (!holdsLoneSurrogate(value)) return null;
  // [value, its path, whether the path's own last key is the offender]
  const stack: [unknown, string, boolean][] = [[value, '', false]];
  while (stack.length) {
    const [v, at, badKey] = stack.pop()!;
    // A key is named with its broken half shown as U+FFFD (the answer must itself be good UTF-8).
    if (badKey) return at.replace(/[\uD800-\uDFFF]/gu, '\uFFFD');
    if (typeof v === 'string') {
      if (isLone(v)) return at;
    } else if (v !== null && typeof v === 'object') {
      // Reverse order onto the stack, so the first offending field (in the body's order) is the one named.
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const path = at ? `${at}.${key}` : key;
        stack.push([(v as Record<string, unknown>)[key], path, false]);
        if (isLone(key)) stack.push([null, path, true]);
      }
    }
  }
  return null;
}

/**
 * How deep an API body may nest (arrays and objects in one another). The contracts' requests nest a few levels;
 * past this a body is refused before it is parsed: a 1 MB body of brackets nests 500,000 deep, and parsing,
 * checking and collecting it cost the server about 70 ms of CPU for an answer that could only be a refusal.
 * docs/decisions/2026-11-29-body-nesting-limit.md.
 */
export const MAX_BODY_DEPTH = 32;
const OPENERS = [0x5b, 0x7b]; // [ {

/** Whether raw JSON text nests arrays and objects deeper than `limit` (brackets inside strings do not count). */
export function nestsDeeperThan(raw: Buffer, limit: number): boolean {
  // Fewer openers than the limit cannot nest past it: most bodies are settled by two native searches.
  let openers = 0;
  for (const b of OPENERS) {
    for (let at = raw.indexOf(b); at !== -1 && openers <= limit; at = raw.indexOf(b, at + 1)) openers++;
  }
  if (openers <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next byte (a quote among them)
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Bodies whose raw text holds a `\u` escape: the only way JSON can carry a lone surrogate (raw bytes that are
 * not UTF-8 are decoded to U+FFFD, never to half a pair). The JSON parser's `verify` notes them, so the walk
 * below runs only for them: a body without an escape costs one native byte search.
 */
const escaped = new WeakSet<IncomingMessage>();
const ESCAPE = Buffer.from('\\u');
const noteEscapes = (req: IncomingMessage, raw: Buffer): void => {
  if (raw.includes(ESCAPE)) escaped.add(req);
};

/** The JSON parser's `verify`: a body nested past MAX_BODY_DEPTH is refused (400) before parsing; escapes are noted. */
export const checkRawBody = (req: IncomingMessage, _res: unknown, raw: Buffer): void => {
  if (nestsDeeperThan(raw, MAX_BODY_DEPTH)) throw new ApiError(400, 'errors.body_too_deep', { limit: MAX_BODY_DEPTH });
  noteEscapes(req, raw);
};

/**
 * After the JSON parser (with `checkRawBody` as its `verify`): a string with a lone surrogate is refused (400
 * naming its field), not stored. JSON may escape one (`"\ud800"`), but it is no character: SQLite would keep
 * it as bytes that are not UTF-8, which every later reader (an export, a page, another service) chokes on or
 * shows as garbage. Refused rather than replaced with U+FFFD: the sender learns which field broke, and
 * nothing is saved that nobody typed.
 */
export const refuseLoneSurrogates: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  if (!escaped.has(req) || body === null || typeof body !== 'object') return next();
  const at = loneSurrogateAt(body);
  next(at === null ? undefined : new ApiError(400, 'validation.lone_surrogate', { field: at }));
};
