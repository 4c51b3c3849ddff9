/** The part of a JSON Schema (as zod's toJSONSchema writes it) a generated form reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  description?: string;
  minimum?: number;
}

/** A form field made from a property: a text, a number, a checkbox, a choice, or JSON for anything else. */
export type Field =
  | { readonly name: string; readonly input: 'text' | 'number' | 'integer' | 'boolean' | 'json'; readonly required: boolean }
  | { readonly name: string; readonly input: 'choice'; readonly options: readonly (string | number)[]; readonly required: boolean };

/** The constants a property may take (an `enum`, or an `anyOf` of `const`s), or null. */
function choicesOf(s: JsonSchema): (string | number)[] | null {
  const values = s.enum ?? (s.anyOf?.every((a) => a.const !== undefined) ? s.anyOf.map((a) => a.const) : null);
  return values && values.every((v) => typeof v === 'string' || typeof v === 'number') ? (values as (string | number)[]) : null;
}

/**
 * The fields of a frame's data schema: one per property of an object schema; a schema that is no plain object
 * (a union, an array) is one JSON field named `data`.
 */
export function fieldsOf(schema: JsonSchema): Field[] {
  if (schema.type !== 'object' || !schema.properties) return [{ name: 'data', input: 'json', required: true }];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, s]): Field => {
    const req = required.has(name);
    const choices = choicesOf(s);
    if (choices) return { name, input: 'choice', options: choices, required: req };
    if (s.type === 'string' || s.type === 'number' || s.type === 'integer' || s.type === 'boolean') return { name, input: s.type === 'string' ? 'text' : s.type, required: req };
    return { name, input: 'json', required: req };
  });
}

/**
 * A field's first value in the form: the first choice, 0, false, '' or JSON null; an optional text, number or
 * JSON field starts empty, so it is left out (a 0 there may be off the contract: an id is positive).
 */
export function initialOf(f: Field): string {
  if (f.input === 'choice') return String(f.options[0]);
  if (!f.required && f.input !== 'boolean') return '';
  if (f.input === 'number' || f.input === 'integer') return '0';
  if (f.input === 'boolean') return 'false';
  return f.input === 'json' ? 'null' : '';
}

/**
 * The frame's data from the form's texts, or the problem of the first field that does not read (JSON). Empty
 * optional fields are left out; the server checks the rest against the frame registry and says what is off.
 */
export function dataOf(fields: readonly Field[], values: Record<string, string>): { data: unknown } | { field: string; problem: string } {
  if (fields.length === 1 && fields[0]!.name === 'data' && fields[0]!.input === 'json') {
    try {
      return { data: JSON.parse(values.data ?? 'null') as unknown };
    } catch (e) {
      return { field: 'data', problem: (e as Error).message };
    }
  }
  const data: Record<string, unknown> = {};
  for (const f of fields) {
    const text = values[f.name] ?? '';
    if (!f.required && text === '') continue;
    if (f.input === 'number' || f.input === 'integer') data[f.name] = Number(text);
    else if (f.input === 'boolean') data[f.name] = text === 'true';
    else if (f.input === 'choice') data[f.name] = typeof f.options[0] === 'number' ? Number(text) : text;
    else if (f.input === 'json') {
      try {
        data[f.name] = JSON.parse(text) as unknown;
      } catch (e) {
        return { field: f.name, problem: (e as Error).message };
      }
    } else data[f.name] = text;
  }
  return { data };
}
