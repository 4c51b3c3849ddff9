import type { Matcher } from '../../contracts/index.ts';

/**
 * The journal's verification matchers (contracts/realtime/control-qa.ts `Matcher`), evaluated like WireMock's
 * request matching. A value that is not there (`undefined`) fails every operator but `absent`, and `not`,
 * `and`, `or` of those: "the header is absent or does not match" is `{ "not": { "matches": "…" } }`.
 */

/** Deep equality of JSON values. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => deepEqual(v, bb[i]));
  }
  const ak = Object.keys(a);
  const bo = b as Record<string, unknown>;
  return ak.length === Object.keys(bo).length && ak.every((k) => Object.hasOwn(bo, k) && deepEqual((a as Record<string, unknown>)[k], bo[k]));
}

/** Whether `actual` contains `expected`: objects by subset of keys, arrays by each expected item found, else equality. */
export function containsJson(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) return Array.isArray(actual) && expected.every((e) => actual.some((a) => containsJson(a, e)));
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const a = actual as Record<string, unknown>;
    return Object.entries(expected).every(([k, v]) => Object.hasOwn(a, k) && containsJson(a[k], v));
  }
  return actual === expected;
}

/** The text a value is matched as: a string as is, anything else as its JSON. */
export const textOf = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');

const regexes = new Map<string, RegExp>();
/** Whole-text match (WireMock's `matches`), compiled once per pattern (at most 200 kept). */
function wholeMatch(source: string, text: string, caseInsensitive: boolean): boolean {
  const key = `${caseInsensitive ? 'i' : '-'}${source}`;
  let re = regexes.get(key);
  if (!re) {
    re = new RegExp(`^(?:${source})$`, caseInsensitive ? 'iu' : 'u');
    if (regexes.size >= 200) regexes.delete(regexes.keys().next().value!);
    regexes.set(key, re);
  }
  return re.test(text);
}

/** Whether `value` (undefined: not there) passes `m`. */
export function testMatcher(m: Matcher, value: unknown): boolean {
  if (m.absent) return value === undefined;
  if (m.present) return value !== undefined;
  if (m.not) return !testMatcher(m.not, value);
  if (m.and) return m.and.every((x) => testMatcher(x, value));
  if (m.or) return m.or.some((x) => testMatcher(x, value));
  if (value === undefined) return false;
  const ci = m.caseInsensitive === true;
  const fold = (s: string) => (ci ? s.toLowerCase() : s);
  if (m.equalTo !== undefined) {
    if (deepEqual(value, m.equalTo)) return true;
    // A header or a query parameter is text: "7" equals 7, and case may be ignored.
    const scalar = (v: unknown) => v === null || typeof v !== 'object';
    return scalar(value) && scalar(m.equalTo) && fold(textOf(value)) === fold(textOf(m.equalTo));
  }
  if (m.equalToJson !== undefined) {
    let actual = value;
    if (typeof value === 'string') {
      try {
        actual = JSON.parse(value);
      } catch {
        return false;
      }
    }
    return m.ignoreExtraElements ? containsJson(actual, m.equalToJson) : deepEqual(actual, m.equalToJson);
  }
  if (m.contains !== undefined) return fold(textOf(value)).includes(fold(m.contains));
  if (m.doesNotContain !== undefined) return !textOf(value).includes(m.doesNotContain);
  if (m.matches !== undefined) return wholeMatch(m.matches, textOf(value), ci);
  if (m.doesNotMatch !== undefined) return !wholeMatch(m.doesNotMatch, textOf(value), false);
  return false;
}

type Segment = { key: string } | { index: number } | { any: true };

const paths = new Map<string, Segment[]>();
/** `$.a.b[0][*]['odd key']` as segments (the contract has checked its syntax). */
function segmentsOf(path: string): Segment[] {
  let segments = paths.get(path);
  if (segments) return segments;
  segments = [];
  const re = /\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[(\*)\]|\['([^']*)'\]/g;
  for (const m of path.slice(1).matchAll(re)) {
    if (m[1] !== undefined) segments.push({ key: m[1] });
    else if (m[2] !== undefined) segments.push({ index: Number(m[2]) });
    else if (m[3] !== undefined) segments.push({ any: true });
    else segments.push({ key: m[4] ?? '' });
  }
  if (paths.size >= 500) paths.delete(paths.keys().next().value!);
  paths.set(path, segments);
  return segments;
}

/** The values at `path` in `root` (several through `[*]`; none when the path leads nowhere). */
export function valuesAt(root: unknown, path: string): unknown[] {
  let current: unknown[] = [root];
  for (const s of segmentsOf(path)) {
    const next: unknown[] = [];
    for (const v of current) {
      if ('any' in s) {
        if (Array.isArray(v)) next.push(...v);
        else if (v !== null && typeof v === 'object') next.push(...Object.values(v));
      } else if ('index' in s) {
        if (Array.isArray(v) && s.index < v.length) next.push(v[s.index]);
      } else if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, s.key)) {
        next.push((v as Record<string, unknown>)[s.key]);
      }
    }
    current = next;
  }
  return current;
}

/** A body matcher: `m` holds for some value at `at` (or, when there is none, for "not there"). */
export function testAt(root: unknown, m: Matcher & { at?: string }): boolean {
  const values = root === undefined ? [] : valuesAt(root, m.at ?? '$');
  if (values.length === 0) return testMatcher(m, undefined);
  return values.some((v) => testMatcher(m, v));
}
