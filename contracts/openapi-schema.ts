import { z } from 'zod';
import { enumForSchema } from './enum.ts';

/** A JSON Schema node as zod emits it (draft 2020-12). */
export type JsonSchema = { [key: string]: unknown };

const COMPONENTS = '#/components/schemas/';

/** Words of an enum member: `trc20_usdt` → `trc20 usdt`. */
const words = (member: string) => member.replace(/_/g, ' ');

/**
 * Every numeric enum says what its codes mean (`1 = pending, 2 = approved, 3 = rejected`) in `description`,
 * and names them in `x-enum-varnames`, which client generators turn into constants.
 */
function describeEnum(zodSchema: unknown, json: JsonSchema): void {
  const info = enumForSchema(zodSchema);
  if (!info) return;
  const meanings = info.options.map((o) => `${o.value} = ${words(o.member)}`).join(', ');
  json.description = `${info.name.replace(/_/g, ' ')}: ${meanings}.`;
  json['x-enum-varnames'] = info.options.map((o) => o.member);
  if (info.options.every((o) => Number.isInteger(o.value))) json.type = 'integer';
}

/**
 * After generation: a field that gave an enum its own description (`.describe()` clones the schema, so the
 * override above no longer recognises it) keeps it, with the codes added unless it already names each one.
 */
function completeEnumDescriptions(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(completeEnumDescriptions);
  const s = node as JsonSchema;
  const names = s['x-enum-varnames'];
  if (Array.isArray(s.enum) && Array.isArray(names)) {
    const text = typeof s.description === 'string' ? s.description : '';
    if (!s.enum.every((code) => new RegExp(`\\b${String(code)}\\b`).test(text))) {
      const meanings = s.enum.map((code, i) => `${String(code)} = ${words(String(names[i]))}`).join(', ');
      s.description = text ? `${text} (${meanings})` : `${meanings}.`;
    }
  }
  Object.values(s).forEach(completeEnumDescriptions);
}

/**
 * zod names a string check it has no JSON Schema format for (`startsWith` → `format: "starts_with"`) and states
 * the rule again as a `pattern`; validators do not know those formats (ajv warns), so the pattern alone stays.
 */
const ZOD_ONLY_FORMATS = new Set(['starts_with', 'ends_with', 'includes']);
function dropZodOnlyFormats(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(dropZodOnlyFormats);
  const s = node as JsonSchema;
  if (typeof s.format === 'string' && ZOD_ONLY_FORMATS.has(s.format) && typeof s.pattern === 'string') delete s.format;
  Object.values(s).forEach(dropZodOnlyFormats);
}

function rewriteRefs(node: unknown, rename: (ref: string) => string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, rename));
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && typeof v === 'string' ? rename(v) : rewriteRefs(v, rename);
  return out;
}

/**
 * Turns zod schemas into OpenAPI 3.1 schema objects whose shared parts are named components. A schema with an
 * `id` in zod's global registry (`.meta({ id })`, e.g. the recursive `MenuItem`) becomes
 * `#/components/schemas/<id>`; a recursive schema without an id is refused, because zod would name it
 * `__schema0` inside a `$defs` that an OpenAPI document does not resolve.
 */
export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};

  /** The JSON Schema of `schema` as read (`input`, requests) or as written (`output`, answers). */
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      cycles: 'ref',
      reused: 'inline',
      override: ({ zodSchema, jsonSchema }) => describeEnum(zodSchema, jsonSchema),
    }) as JsonSchema;
    completeEnumDescriptions(json);
    dropZodOnlyFormats(json);
    const { $defs, $schema: _dialect, ...body } = json;
    const names = new Map<string, string>();
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      if (id.startsWith('__schema')) throw new Error(`a recursive schema has no id: give it .meta({ id }) (${JSON.stringify(def).slice(0, 120)})`);
      names.set(id, this.name(id, io, def));
    }
    const rename = (ref: string) => {
      const m = /^#\/\$defs\/(.+)$/.exec(ref);
      const to = m ? names.get(m[1]) : undefined;
      if (m && !to) throw new Error(`dangling ref ${ref}`);
      return to ? COMPONENTS + to : ref;
    };
    for (const [id, name] of names) this.schemas[name] ??= rewriteRefs(($defs as Record<string, JsonSchema>)[id], rename) as JsonSchema;
    return rewriteRefs(body, rename) as JsonSchema;
  }

  /** Register `json` as a component and return a reference to it. */
  add(name: string, json: JsonSchema): JsonSchema {
    if (this.schemas[name]) throw new Error(`duplicate component ${name}`);
    this.schemas[name] = json;
    return { $ref: COMPONENTS + name };
  }

  /** A named schema read differently than written (defaults, transforms) gets an `Input` twin. */
  private name(id: string, io: 'input' | 'output', def: JsonSchema): string {
    const existing = this.schemas[id];
    const same = () => JSON.stringify(existing) === JSON.stringify(rewriteRefs(def, (r) => r.replace('#/$defs/', COMPONENTS)));
    if (!existing || same()) return id;
    return io === 'input' ? `${id}Input` : id;
  }
}
