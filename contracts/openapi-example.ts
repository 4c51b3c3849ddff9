import type { JsonSchema } from './openapi-schema.ts';

/** The service's date-time format, as an example value. */
export const EXAMPLE_DATE_TIME = '2026-11-23 08:30:00';

/**
 * A plausible value for a JSON Schema (from the request schemas as zod emits them): the schema's own
 * `examples`/`default` first, else the first enum code, the lower bound, a word of the allowed length. Every
 * call's example is parsed by its zod schema in `tests/contract/openapi.test.ts`, so a wrong one fails there.
 */
export function exampleOf(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0): unknown {
  if (depth > 8) return undefined;
  const ref = schema.$ref;
  if (typeof ref === 'string') return exampleOf(components[ref.split('/').pop() ?? ''] ?? {}, components, depth + 1);
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const pick = (options as JsonSchema[]).find((o) => o.type !== 'null') ?? options[0];
      return exampleOf(pick as JsonSchema, components, depth + 1);
    }
  }
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set((schema.required as string[] | undefined) ?? []);
      for (const [k, v] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
        // Required fields, and optional ones with a default (they say what is assumed).
        if (!required.has(k) && v.default === undefined) continue;
        const value = exampleOf(v, components, depth + 1);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'array': {
      const item = exampleOf((schema.items ?? {}) as JsonSchema, components, depth + 1);
      const min = Number(schema.minItems ?? 0);
      return item === undefined ? [] : Array.from({ length: Math.max(1, min) }, () => item);
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
      return Math.max(min, Math.min(1, typeof schema.maximum === 'number' ? schema.maximum : 1));
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$') return EXAMPLE_DATE_TIME;
      if (schema.format === 'email') return 'user@example.com';
      if (schema.format === 'uri') return 'https://example.com/';
      const min = Number(schema.minLength ?? 1);
      const max = Number(schema.maxLength ?? 64);
      return 'example'.repeat(Math.ceil(min / 7) || 1).slice(0, Math.max(min, Math.min(7, max)));
    }
    default:
      return undefined;
  }
}
