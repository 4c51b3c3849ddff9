import fc from 'fast-check';
import type * as core from 'zod/v4/core';
import { HOSTILE_HTTP_URLS, HOSTILE_LINKS, HOSTILE_MARKUP } from '../../fixtures/hostile.ts';
import { Plain, defOf, looksLikeDate, numberBounds, lengthBounds, validBody, validOf, type DeriveContext } from './derive.ts';

type Schema = core.$ZodType;
type Path = readonly (string | number)[];

/** JSON text spliced into the body verbatim (values JSON.stringify cannot make: 1e999, 100,000-deep nesting). */
export class RawJson {
  constructor(
    readonly text: string,
    /** Short description for reports (the text itself may be megabytes). */
    readonly label: string,
  ) {}
}

/** One generated request. `kind` says which strategy made it (valid, missing, extra, wrong_type, ...). */
export interface FuzzCase {
  readonly kind: string;
  readonly body: unknown;
  readonly contentType?: string;
}

const BODY_LIMIT = 1024 * 1024;
// Made once: a case may pick them thousands of times.
const BIG_STRINGS = [1_000, 65_536].map((n) => 'a'.repeat(n));
const EDGE_STRINGS = [BODY_LIMIT - 4096, BODY_LIMIT + 1].map((n) => 'a'.repeat(n));
const deepArray = (n: number) => new RawJson('['.repeat(n) + ']'.repeat(n), `${n}-deep array`);
const deepObject = (n: number) => new RawJson('{"a":'.repeat(n) + '1' + '}'.repeat(n), `${n}-deep object`);

export const SQL_PAYLOADS = [
  `' OR '1'='1`,
  `'; DROP TABLE users; --`,
  `1; DELETE FROM sessions`,
  `" OR ""="`,
  `%`,
  `_`,
  `\\`,
  `%' UNION SELECT password_hash FROM users --`,
  `admin'--`,
];

export const UNICODE_PAYLOADS = [
  '𝕳𝖊𝖑𝖑𝖔',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  '\u202Eevil\u202C',
  '\u200B\u200C\u200D\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  'e\u0301'.repeat(50),
  '中文测试',
  'ﷺ',
  'Ω≈ç√∫',
];

export const CONTROL_PAYLOADS = ['\u0000', 'a\u0000b', '\u0001\u0002\u001f\u007f', '\r\n\r\n', '\t', '\b\f\v', '\u2028\u2029'];

/** Strings that match 'YYYY-MM-DD HH:mm:ss' or nearly, but are not real or sensible dates. */
export const DATE_PAYLOADS = [
  '0000-00-00 00:00:00',
  '9999-99-99 99:99:99',
  '2026-02-30 12:00:00',
  '2026-13-01 00:00:00',
  '2026-01-01 24:00:00',
  '1969-12-31 23:59:59',
  '1000-01-01 00:00:00',
  '9999-12-31 23:59:59',
  '275760-09-13 00:00:00',
  '-001-01-01 00:00:00',
  '2026-01-01T00:00:00Z',
  '2026-1-1 0:0:0',
  '2026-01-01',
];

export const OTHER_STRINGS = [
  '',
  ' ',
  '   ',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%s%n%x',
  '{{7*7}}',
  '${7*7}',
];

/** String values a hostile caller might send; the big ones are rare because each costs a megabyte. */
const two = (n: number) => String(n).padStart(2, '0');
/**
 * Dates and date-times that match the pattern but name no moment (issue 20): day 0 or past the month's last
 * day (Feb 29 of a common year, Apr 31), month 0 or 13-99, hour 24-99, minute or second 60-99.
 */
export const impossibleDates: fc.Arbitrary<string> = fc
  .tuple(
    fc.integer({ min: 1000, max: 9999 }),
    fc.constantFrom('day', 'month', 'hour', 'minute', 'second'),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 0, max: 99 }),
    fc.boolean(),
  )
  .map(([y, broken, month, n, withTime]) => {
    const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
    const last = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
    const day = broken === 'day' ? (n % 2 ? 0 : last + 1 + (n % (99 - last))) : 1 + (n % last);
    const mon = broken === 'month' ? (n % 2 ? 0 : 13 + (n % 87)) : month;
    const date = `${y}-${two(mon)}-${two(day)}`;
    if (!withTime && (broken === 'day' || broken === 'month')) return date;
    const hour = broken === 'hour' ? 24 + (n % 76) : n % 24;
    const minute = broken === 'minute' ? 60 + (n % 40) : n % 60;
    const second = broken === 'second' ? 60 + (n % 40) : n % 60;
    return `${date} ${two(hour)}:${two(minute)}:${two(second)}`;
  });

export function hostileStrings(dates: boolean): fc.Arbitrary<string> {
  const small = [...SQL_PAYLOADS, ...UNICODE_PAYLOADS, ...CONTROL_PAYLOADS, ...HOSTILE_MARKUP, ...HOSTILE_LINKS, ...HOSTILE_HTTP_URLS, ...OTHER_STRINGS];
  return fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...small) },
    { weight: dates ? 8 : 1, arbitrary: fc.constantFrom(...DATE_PAYLOADS) },
    { weight: dates ? 8 : 1, arbitrary: impossibleDates },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    { weight: 2, arbitrary: fc.constantFrom(...BIG_STRINGS) },
    // Just under and just over the 1 MB body limit.
    { weight: 1, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  );
}

/** Values of the wrong JSON type, and structures a parser or validator could choke on. */
export const wrongTypes: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>('', 'x', 0, 1, -1, true, false, null, [], {}, [1, 'a', null], { a: 1 }, { __proto__: null }),
  fc.constantFrom(deepArray(10_000), deepArray(200_000), deepObject(10_000), deepObject(100_000)),
  fc.constantFrom(new RawJson(`[${'1,'.repeat(200_000)}1]`, '200,001-element array'), new RawJson(`[${'{},'.repeat(50_000)}{}]`, '50,001 objects')),
  fc.jsonValue({ maxDepth: 3 }),
);

function numberEdges(s: Schema): fc.Arbitrary<unknown> {
  const b = numberBounds(s);
  const edges = [b.min - 1, b.min, b.max, b.max + 1, b.min - 0.5, b.max + 0.5, 0, -0, -1, 0.5, 1e308, -1e308, 5e-324];
  edges.push(Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 2 ** 32, -(2 ** 31) - 1, b.min + 0.25);
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...edges.filter(Number.isFinite)) },
    { weight: 2, arbitrary: fc.constantFrom(...['1e999', '-1e999', '1E2', '-0.0', '1.0e+0', '123456789012345678901234567890'].map((t) => new RawJson(t, t))) },
    { weight: 1, arbitrary: fc.constantFrom(...['NaN', '01', '0x10', '+1', '.5', 'Infinity'].map((t) => new RawJson(t, t))) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(String(b.min), String(b.max), '1', '') },
  );
}

/** Strip wrappers that do not change what a value must look like. */
export function unwrap(s: Schema): Schema {
  let cur = s;
  for (let i = 0; i < 20; i++) {
    const d = defOf(cur) as core.$ZodTypeDef & { innerType?: Schema; in?: Schema; getter?: () => Schema };
    if (d.innerType && ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(d.type)) cur = d.innerType;
    else if (d.type === 'pipe' && d.in) cur = d.in;
    else if (d.type === 'lazy' && d.getter) cur = d.getter();
    else break;
  }
  return cur;
}

/** The schema of the value at `path` inside a value of `schema`, when it can be told. */
export function schemaAt(schema: Schema, path: Path): Schema | undefined {
  let cur: Schema | undefined = schema;
  for (const key of path) {
    if (!cur) return undefined;
    const d = defOf(unwrap(cur));
    if (d.type === 'object' && typeof key === 'string') cur = (d as core.$ZodObjectDef).shape[key];
    else if (d.type === 'array' && typeof key === 'number') cur = (d as core.$ZodArrayDef).element;
    else if (d.type === 'tuple' && typeof key === 'number') cur = (d as core.$ZodTupleDef).items[key];
    else if (d.type === 'record') cur = (d as core.$ZodRecordDef).valueType;
    else return undefined;
  }
  return cur;
}

/** Hostile values for a place whose schema is `s` (undefined: unknown place, wrong types only). */
function hostileFor(s: Schema | undefined, ctx: DeriveContext, encrypted: boolean): fc.Arbitrary<unknown> {
  if (encrypted) {
    return fc.oneof(
      // Well encrypted, badly chosen plain texts: the handler sees them after decryption.
      hostileStrings(false).filter((t) => Buffer.byteLength(t) <= 190).map((t) => new Plain(t)),
      fc.constantFrom<unknown>('not base64!', 'AAAA', 'A'.repeat(1024), 'A'.repeat(1025), '====', ''),
      fc.base64String({ maxLength: 400 }),
      wrongTypes,
    );
  }
  if (!s) return wrongTypes;
  const inner = unwrap(s);
  const d = defOf(inner);
  const typed: fc.Arbitrary<unknown>[] = [];
  switch (d.type) {
    case 'string':
      typed.push(hostileStrings(looksLikeDate(inner)));
      break;
    case 'number':
      typed.push(numberEdges(inner));
      break;
    case 'literal': {
      const values = [...(d as core.$ZodLiteralDef<core.util.Literal>).values];
      const near = values.flatMap((v) => (typeof v === 'number' ? [v - 1, v + 1, String(v), v + 0.5] : [String(v).toUpperCase(), ` ${String(v)}`]));
      typed.push(fc.constantFrom<unknown>(...near, 0, -1, 2 ** 31));
      break;
    }
    case 'enum':
      typed.push(fc.constantFrom<unknown>('', 'UNKNOWN', 0, 99, ...Object.values((d as core.$ZodEnumDef).entries).map((v) => `${String(v)} `)));
      break;
    case 'array': {
      const { max } = lengthBounds(inner);
      const el = validOf((d as core.$ZodArrayDef).element, ctx);
      typed.push(
        fc.constantFrom<unknown>([], [null], [[]], ['1'], [1.5], [-1]),
        fc.array(el, { minLength: (max ?? 0) + 1, maxLength: (max ?? 0) + 2 }),
        fc.array(hostileFor((d as core.$ZodArrayDef).element, ctx, false), { minLength: 1, maxLength: 3 }),
      );
      break;
    }
    case 'object':
      typed.push(fc.constantFrom<unknown>({}, deepObject(5_000)));
      break;
    case 'boolean':
      typed.push(fc.constantFrom<unknown>('true', 1, 0, 'false'));
      break;
  }
  return typed.length ? fc.oneof({ weight: 3, arbitrary: fc.oneof(...typed) }, { weight: 1, arbitrary: wrongTypes }) : wrongTypes;
}

const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', '', ' ', 'token', 'user_id', 'role_id', '$where', 'a'.repeat(1000)];

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Plain) && !(v instanceof RawJson);

/** Every place inside a value (object keys and array indexes), not the root. */
function pathsOf(v: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  const children: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : isPlainObject(v) ? Object.entries(v) : [];
  for (const [k, x] of children) {
    out.push([...prefix, k]);
    pathsOf(x, [...prefix, k], out);
  }
  return out;
}

function objectPaths(v: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (isPlainObject(v)) {
    out.push(prefix);
    for (const k of Object.keys(v)) objectPaths(v[k], [...prefix, k], out);
  } else if (Array.isArray(v)) v.forEach((x, i) => objectPaths(x, [...prefix, i], out));
  return out;
}

/** A copy of `root` where the value at `path` is replaced (`undefined` + remove deletes the key). */
function setAt(root: unknown, path: Path, value: unknown, remove = false): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = setAt(copy[head as number], rest, value, remove);
    return copy;
  }
  const copy: Record<string, unknown> = {};
  // defineProperty keeps a key named __proto__ an own, enumerable (so serialized) property.
  for (const [k, v] of Object.entries(root as Record<string, unknown>)) Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true });
  if (rest.length === 0 && remove) delete copy[head as string];
  else Object.defineProperty(copy, head as string, { value: setAt(copy[head as string], rest, value, remove), enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Whole bodies that are not the object the call expects. */
const notObjectBodies: fc.Arbitrary<FuzzCase> = fc.oneof(
  fc.constantFrom(
    ...['null', '[]', '"x"', '42', 'true', '{', '{"a":1,}', 'NaN', '\uFEFF{}', '{"a":1}{"b":2}', "{'a':1}", '{"a":1,"a":2}', '\u0000']
      .map((t) => ({ kind: 'not_object', body: new RawJson(t, JSON.stringify(t)) })),
  ),
  fc.constantFrom(
    { kind: 'not_object', body: new RawJson('{"__proto__":{"admin":true,"role_id":1}}', '__proto__ pollution') },
    { kind: 'not_object', body: new RawJson('{"constructor":{"prototype":{"admin":true}}}', 'constructor pollution') },
    { kind: 'not_object', body: deepArray(100_000) },
    { kind: 'not_object', body: deepObject(100_000) },
    { kind: 'content_type', body: {}, contentType: 'text/plain' },
    { kind: 'content_type', body: {}, contentType: 'application/x-www-form-urlencoded' },
    { kind: 'content_type', body: {}, contentType: 'application/json; charset=utf-16' },
  ),
);

/**
 * Hostile requests for a call: take a valid body and break exactly one thing (a field missing, an extra key,
 * a value of the wrong type or at/over an edge, a deep or huge structure), or send something not an object.
 */
export function hostileCase(request: Schema, encryptedFields: readonly string[], ctx: DeriveContext): fc.Arbitrary<FuzzCase> {
  const mutated = validBody(request, encryptedFields, ctx).chain((body) => {
    const ops: fc.Arbitrary<FuzzCase>[] = [];
    const topShape = defOf(unwrap(request)).type === 'object' ? (defOf(unwrap(request)) as core.$ZodObjectDef).shape : {};
    // Places: every value present, plus top-level fields that were left out.
    const places: Path[] = [...pathsOf(body), ...Object.keys(topShape).filter((k) => !isPlainObject(body) || !(k in body)).map((k) => [k])];
    if (places.length) {
      ops.push(
        fc.constantFrom(...places).chain((p) => {
          const encrypted = p.length === 1 && encryptedFields.includes(String(p[0]));
          return hostileFor(schemaAt(request, p), ctx, encrypted).map((v) => ({ kind: kindOf(v), body: setAt(body, p, v) }));
        }),
      );
    }
    const present = pathsOf(body).filter((p) => typeof p[p.length - 1] === 'string');
    if (present.length) ops.push(fc.constantFrom(...present).map((p) => ({ kind: 'missing', body: setAt(body, p, undefined, true) })));
    const objects = objectPaths(body);
    if (objects.length) {
      ops.push(
        fc.tuple(fc.constantFrom(...objects), fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 20 })), fc.oneof(wrongTypes, fc.constantFrom<unknown>({ admin: true }, 1))).map(
          ([p, key, v]) => ({ kind: 'extra', body: setAt(body, [...p, key], v) }),
        ),
      );
    }
    return ops.length ? fc.oneof(...ops) : notObjectBodies;
  });
  return fc.oneof({ weight: 6, arbitrary: mutated }, { weight: 1, arbitrary: notObjectBodies });
}

function kindOf(v: unknown): string {
  if (v instanceof RawJson) return 'raw';
  if (v instanceof Plain) return 'encrypted';
  if (typeof v === 'string') return v.length > 10_000 ? 'big_string' : 'string';
  if (typeof v === 'number') return 'number';
  if (Array.isArray(v)) return 'array';
  return 'wrong_type';
}

/** The whole case mix of a call: 2 valid for every 3 hostile. */
export function caseOf(request: Schema, encryptedFields: readonly string[], ctx: DeriveContext): fc.Arbitrary<FuzzCase> {
  return fc.oneof(
    { weight: 2, arbitrary: validBody(request, encryptedFields, ctx).map((body): FuzzCase => ({ kind: 'valid', body })) },
    { weight: 3, arbitrary: hostileCase(request, encryptedFields, ctx) },
  );
}

/**
 * Serialize a case body: `Plain` values are encrypted with `encrypt`, `RawJson` values are spliced in
 * verbatim (they are what JSON.stringify cannot produce).
 */
export function encodeBody(body: unknown, encrypt: (plain: string) => string): string {
  if (body instanceof RawJson) return body.text;
  const raws: string[] = [];
  const nonce = Math.random().toString(36).slice(2);
  const text = JSON.stringify(body, (_k, v: unknown) => {
    if (v instanceof Plain) {
      try {
        return encrypt(v.text);
      } catch {
        return v.text; // too long for RSA-OAEP: sent as is, the server must refuse it
      }
    }
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `@@raw${raws.length - 1}@${nonce}@@`;
    }
    return v;
  });
  if (text === undefined) return '';
  return raws.length ? text.replace(new RegExp(`"@@raw(\\d+)@${nonce}@@"`, 'g'), (_m, i: string) => raws[Number(i)]!) : text;
}

/** Short text of a body for failure reports (never megabytes). */
export function describeBody(body: unknown): string {
  const text = JSON.stringify(body, (_k, v: unknown) => {
    if (v instanceof RawJson) return `<raw ${v.label}>`;
    if (v instanceof Plain) return `<encrypted ${JSON.stringify(v.text.slice(0, 40))}>`;
    if (typeof v === 'string' && v.length > 60) return `<${v.length} chars ${JSON.stringify(v.slice(0, 20))}…>`;
    return v;
  });
  return (text ?? 'undefined').slice(0, 400);
}
