import fc from 'fast-check';
import type * as core from 'zod/v4/core';

/**
 * zod 4 → fast-check: arbitraries of VALID values derived from a schema's internals (`_zod.def` and its
 * checks). No case is listed per call: a new call in the registry is covered as soon as it is registered.
 * Unknown schema kinds throw, naming the kind, so the deriver is extended instead of a call being skipped.
 */

type Schema = core.$ZodType;
type Def = core.$ZodTypeDef;

/** A password that the harness encrypts with the server's RSA key just before sending (encryptedFields). */
export class Plain {
  constructor(readonly text: string) {}
}

export interface DeriveContext {
  /** Strings seen in the seeded database (accounts, invitation codes, names): valid values hit real rows. */
  readonly dictionary: readonly string[];
  /** Plain texts for encrypted fields (seeded passwords and rule-conforming ones). */
  readonly passwords: fc.Arbitrary<string>;
}

export const defOf = (s: Schema): Def => s._zod.def;
const checkDefs = (s: Schema) => (defOf(s).checks ?? []).map((c) => c._zod.def);

/** Numeric bounds of a number schema, its checks and format together. */
export interface NumberBounds {
  min: number;
  max: number;
  minExclusive: boolean;
  maxExclusive: boolean;
  int: boolean;
  multipleOf?: number;
}

const FORMAT_RANGE: Record<string, [number, number]> = {
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-(2 ** 31), 2 ** 31 - 1],
  uint32: [0, 2 ** 32 - 1],
  float32: [-3.4028234663852886e38, 3.4028234663852886e38],
  float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
};

export function numberBounds(s: Schema): NumberBounds {
  const def = defOf(s) as core.$ZodNumberDef & { format?: string };
  const range = def.format ? FORMAT_RANGE[def.format] : undefined;
  const b: NumberBounds = {
    min: range?.[0] ?? -1e15,
    max: range?.[1] ?? 1e15,
    minExclusive: false,
    maxExclusive: false,
    int: !!def.format && def.format !== 'float32' && def.format !== 'float64',
  };
  for (const c of checkDefs(s)) {
    if (c.check === 'greater_than') {
      const v = Number((c as core.$ZodCheckGreaterThanDef).value);
      if (v >= b.min) [b.min, b.minExclusive] = [v, !(c as core.$ZodCheckGreaterThanDef).inclusive];
    } else if (c.check === 'less_than') {
      const v = Number((c as core.$ZodCheckLessThanDef).value);
      if (v <= b.max) [b.max, b.maxExclusive] = [v, !(c as core.$ZodCheckLessThanDef).inclusive];
    } else if (c.check === 'multiple_of') {
      b.multipleOf = Number((c as core.$ZodCheckMultipleOfDef).value);
    } else if (c.check === 'number_format') {
      const f = (c as core.$ZodCheckNumberFormatDef).format;
      b.int ||= f !== 'float32' && f !== 'float64';
    }
  }
  return b;
}

/** Length bounds of a string or array schema. */
export function lengthBounds(s: Schema): { min: number; max: number | undefined } {
  let min = 0;
  let max: number | undefined;
  for (const c of checkDefs(s)) {
    if (c.check === 'min_length') min = Math.max(min, (c as core.$ZodCheckMinLengthDef).minimum);
    if (c.check === 'max_length') max = Math.min(max ?? Infinity, (c as core.$ZodCheckMaxLengthDef).maximum);
    if (c.check === 'length_equals') min = max = (c as core.$ZodCheckLengthEqualsDef).length;
  }
  return { min, max };
}

export function stringPatterns(s: Schema): RegExp[] {
  const out: RegExp[] = [];
  const own = defOf(s) as core.$ZodStringDef & { pattern?: RegExp; format?: string };
  if (own.format === 'regex' && own.pattern) out.push(own.pattern);
  for (const c of checkDefs(s)) {
    const f = c as core.$ZodCheckStringFormatDef;
    if (c.check === 'string_format' && f.format === 'regex' && f.pattern) out.push(f.pattern);
  }
  return out;
}

/** True when the string carries a date-like pattern (then out-of-range dates that pass it are tried). */
export const looksLikeDate = (s: Schema) => stringPatterns(s).some((p) => /\\d\{4\}-\\d\{2\}/.test(p.source));

/**
 * Arbitrary that keeps only values the (leaf) schema accepts. Checked once up front, so a schema the
 * generator cannot satisfy fails loudly at derivation time instead of looping in `filter`.
 */
const satisfiable = new WeakMap<Schema, boolean>();
function satisfying<T>(arb: fc.Arbitrary<T>, schema: Schema, where: string): fc.Arbitrary<T> {
  const accepts = (v: unknown) => (schema as unknown as { safeParse(v: unknown): { success: boolean } }).safeParse(v).success;
  if (!satisfiable.has(schema)) satisfiable.set(schema, fc.sample(arb, { numRuns: 200, seed: 1 }).some(accepts));
  if (!satisfiable.get(schema)) throw new Error(`derive: cannot generate a valid value for ${where}; extend harness/robustness/derive.ts`);
  return arb.filter(accepts);
}

function integers(b: NumberBounds): fc.Arbitrary<number> {
  const min = Math.ceil(b.minExclusive ? b.min + 1 : b.min);
  const max = Math.floor(b.maxExclusive ? b.max - 1 : b.max);
  const lo = Math.max(min, Number.MIN_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  // Small values near the lower bound often name real rows (ids, pages); the edges and the full range too.
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: lo, max: Math.min(hi, lo + 30) }) },
    { weight: 1, arbitrary: fc.constantFrom(lo, hi) },
    { weight: 2, arbitrary: fc.integer({ min: lo, max: hi }) },
  );
}

function doubles(b: NumberBounds): fc.Arbitrary<number> {
  const arb = fc.double({
    min: b.min,
    max: b.max,
    minExcluded: b.minExclusive,
    maxExcluded: b.maxExclusive,
    noNaN: true,
    noDefaultInfinity: true,
  });
  return fc.oneof(arb, integers({ ...b, int: true }).filter((n) => n > b.min || !b.minExclusive));
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const DATE_SHAPES: readonly ((d: Date) => string)[] = [
  ymd,
  (d: Date) => `${ymd(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
  (d: Date) => `${ymd(d)} 00:00:00`,
  (d: Date) => `${ymd(d)} 23:59:59`,
  (d: Date) => d.toISOString(),
];

/**
 * Real dates in the shapes the service uses, mostly within a few days of now: range rules (at most 7 days,
 * not in the future, start before end) then pass often enough for valid cases to reach the handler.
 */
const nearDates: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof({ weight: 5, arbitrary: fc.integer({ min: -1, max: 8 }) }, { weight: 1, arbitrary: fc.integer({ min: -400, max: 4000 }) }),
    fc.integer({ min: 0, max: 86_399 }),
    fc.constantFrom(...DATE_SHAPES),
  )
  .map(([daysAgo, second, shape]) => {
    const d = new Date(Date.now() - daysAgo * 86_400_000);
    d.setHours(0, 0, second);
    return shape(d);
  });

/**
 * Strings matching a pattern. fast-check has no lookaround; such groups are dropped (the leaf filter then
 * keeps only what the full pattern accepts).
 */
function matching(pattern: RegExp): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(pattern);
  } catch {
    const simpler = pattern.source.replace(/\(\?<?[=!](?:[^()\\]|\\.|\([^()]*\))*\)/g, '');
    return fc.stringMatching(new RegExp(simpler, pattern.flags));
  }
}

/**
 * The formats' arbitraries, each made once on first use: an arbitrary is an immutable recipe, and making
 * fc.webUrl builds a table of every character it may use (seconds of CPU).
 */
const FORMATS: Readonly<Record<string, () => fc.Arbitrary<string>>> = {
  url: () => fc.webUrl({ withQueryParameters: true, withFragments: true }),
  email: () => fc.emailAddress(),
  uuid: () => fc.uuid(),
  guid: () => fc.uuid(),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
};
const formats = new Map<string, fc.Arbitrary<string>>();
function formatArbitrary(format: string | undefined): fc.Arbitrary<string> | undefined {
  const make = format ? FORMATS[format] : undefined;
  if (!make) return undefined;
  let arbitrary = formats.get(format!);
  if (!arbitrary) formats.set(format!, (arbitrary = make()));
  return arbitrary;
}

function strings(s: Schema, ctx: DeriveContext, where: string): fc.Arbitrary<string> {
  const def = defOf(s) as core.$ZodStringFormatDef & { protocol?: RegExp };
  const { min, max } = lengthBounds(s);
  const patterns = stringPatterns(s);
  const cap = Math.min(max ?? 80, Math.max(min + 40, 80));
  let base: fc.Arbitrary<string> =
    formatArbitrary(def.format) ??
    (patterns.length
      ? matching(patterns[0]!)
      : fc.oneof(fc.string({ minLength: min, maxLength: cap }), fc.string({ minLength: min, maxLength: cap, unit: 'binary' })));
  if (looksLikeDate(s)) base = fc.oneof({ weight: 6, arbitrary: nearDates }, { weight: 1, arbitrary: base });
  const words = ctx.dictionary.filter((w) => (s as unknown as { safeParse(v: unknown): { success: boolean } }).safeParse(w).success);
  const withDict = words.length ? fc.oneof({ weight: 3, arbitrary: base }, { weight: 1, arbitrary: fc.constantFrom(...words) }) : base;
  return satisfying(withDict, s, where);
}

const memo = new WeakMap<DeriveContext, WeakMap<Schema, Map<number, fc.Arbitrary<unknown>>>>();

/** Valid values of `schema`; `where` names the place for error messages; `depth` bounds lazy recursion. */
export function validOf(schema: Schema, ctx: DeriveContext, where = 'body', depth = 0): fc.Arbitrary<unknown> {
  // Derivation is pure in (schema, depth, ctx): derive once, reuse for every case.
  let bySchema = memo.get(ctx);
  if (!bySchema) memo.set(ctx, (bySchema = new WeakMap()));
  let byDepth = bySchema.get(schema);
  if (!byDepth) bySchema.set(schema, (byDepth = new Map()));
  let arb = byDepth.get(depth);
  if (!arb) byDepth.set(depth, (arb = derive(schema, ctx, where, depth)));
  return arb;
}

function derive(schema: Schema, ctx: DeriveContext, where: string, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const d = def as core.$ZodObjectDef;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries(d.shape)) {
        model[key] = validOf(field, ctx, `${where}.${key}`, depth + 1);
        // Optional and defaulted fields may be left out of the request.
        if (field._zod.optin !== 'optional') required.push(key);
      }
      const record = fc.record(model, { requiredKeys: required });
      // Refinements across fields (start before end, one of two): keep the records the object accepts.
      return d.checks?.length ? satisfying(record, schema, where) : record;
    }
    case 'string':
      return strings(schema, ctx, where);
    case 'number': {
      const b = numberBounds(schema);
      const arb = b.int ? integers(b) : doubles(b);
      // A refinement (a money amount's 6 decimals, a ratio's 2) decides too: keep the values it accepts.
      return b.multipleOf || checkDefs(schema).some((c) => c.check === 'custom') ? satisfying(arb, schema, where) : arb;
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'any':
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    case 'literal':
      return fc.constantFrom(...(def as core.$ZodLiteralDef<core.util.Literal>).values);
    case 'enum':
      return fc.constantFrom(...Object.values((def as core.$ZodEnumDef).entries));
    case 'array': {
      const d = def as core.$ZodArrayDef;
      const { min, max } = lengthBounds(schema);
      const cap = depth > 4 ? min : Math.min(max ?? min + 8, min + 8);
      return fc.array(validOf(d.element, ctx, `${where}[]`, depth + 1), { minLength: min, maxLength: cap });
    }
    case 'tuple': {
      const d = def as core.$ZodTupleDef;
      return fc.tuple(...d.items.map((it, i) => validOf(it, ctx, `${where}[${i}]`, depth + 1)));
    }
    case 'record': {
      const d = def as core.$ZodRecordDef;
      return fc.dictionary(
        validOf(d.keyType, ctx, `${where}{key}`, depth + 1) as fc.Arbitrary<string>,
        validOf(d.valueType, ctx, `${where}{}`, depth + 1),
        { maxKeys: depth > 4 ? 0 : 5 },
      );
    }
    case 'optional':
      return fc.option(validOf((def as core.$ZodOptionalDef).innerType, ctx, where, depth), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(validOf((def as core.$ZodNullableDef).innerType, ctx, where, depth), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return validOf((def as core.$ZodDefaultDef).innerType, ctx, where, depth);
    case 'union': {
      const d = def as core.$ZodUnionDef;
      return fc.oneof(...d.options.map((o, i) => validOf(o, ctx, `${where}|${i}`, depth + 1)));
    }
    case 'intersection': {
      const d = def as core.$ZodIntersectionDef;
      return satisfying(validOf(d.left, ctx, where, depth + 1), schema, where);
    }
    case 'lazy': {
      const d = def as core.$ZodLazyDef;
      return validOf(d.getter(), ctx, where, depth + 1);
    }
    case 'pipe': {
      // Generate the input side; the whole pipe decides (transforms, refinements).
      const d = def as core.$ZodPipeDef;
      return satisfying(validOf(d.in, ctx, where, depth), schema, where);
    }
    case 'custom':
      return fc.jsonValue({ maxDepth: 1 });
    default:
      throw new Error(`derive: schema kind '${def.type}' at ${where} is not supported; extend harness/robustness/derive.ts`);
  }
}

/** Valid request bodies of a call: encrypted fields carry a `Plain` that the sender encrypts. */
export function validBody(request: Schema, encryptedFields: readonly string[], ctx: DeriveContext): fc.Arbitrary<unknown> {
  const body = validOf(request, ctx);
  if (!encryptedFields.length) return body;
  return fc.tuple(body, fc.array(ctx.passwords, { minLength: encryptedFields.length, maxLength: encryptedFields.length })).map(([b, pws]) => {
    if (!b || typeof b !== 'object') return b;
    const out: Record<string, unknown> = { ...(b as Record<string, unknown>) };
    encryptedFields.forEach((f, i) => {
      if (f in out) out[f] = new Plain(pws[i]!);
    });
    return out;
  });
}
