import { z } from 'zod';
import { shapeOf, unwrapField } from '../../../client/resources/schema-fields.ts';
import type { ResolvedField } from '../../../client/resources/fields.ts';

/**
 * What the action tour types into a form's input: a value the field's own request schema accepts, chosen from a
 * few plain candidates that match the field's kind (a domain, an address, an IP, a password, a colour …) and made
 * unique by `n`, so a name that must be unique stays so. Numbers sit inside the declared min/max, selects take
 * their first choice, dates are today. `undefined`: leave the input as it is (a switch, or nothing fits).
 */
export type Typed =
  | { kind: 'fill'; text: string }
  | { kind: 'choose-first' }
  | { kind: 'translations'; text: string }
  | { kind: 'image' }
  | undefined;

/** A TRON address with a valid checksum (the seeded receiving address). */
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

const pad = (x: number) => String(x).padStart(2, '0');
/** 'YYYY-MM-DD HH:mm:ss' of now (local clock; the test server's clock is the real one). */
export function nowText(d = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Plain strings of every kind the contracts name, most specific first; the schema picks the first it accepts. */
function candidates(name: string, n: number): string[] {
  const word = `tour${n}`;
  const day = nowText().slice(0, 10);
  const byName: string[] = [];
  // One password for every input of a form (a repeat must match the first).
  if (/password/.test(name)) byName.push('Tour12345pass');
  if (/_micro$|amount|price/.test(name)) byName.push('12.5');
  if (/^code$|language/.test(name)) byName.push(`fr-t${n}`);
  if (/url|link|href/.test(name)) byName.push(`https://${word}.example.com/`);
  if (/domain|host/.test(name)) byName.push(`${word}.example.com`);
  if (/ip/.test(name)) byName.push(`10.9.${n % 250}.1`);
  if (/color|colour/.test(name)) byName.push('#2d72d2');
  if (/email/.test(name)) byName.push(`${word}@example.com`);
  if (/phone/.test(name)) byName.push('+86 138 0000 0000');
  if (/start/.test(name)) byName.push(`${day} 00:00:00`);
  if (/end/.test(name)) byName.push(`${day} 23:59:59`);
  return [
    ...byName,
    word,
    `Tour ${n}`,
    `${word}.example.com`,
    `https://${word}.example.com/`,
    'Tour12345pass',
    '12.5',
    `10.9.${n % 250}.1`,
    `T${n}`.padEnd(8, '0'),
    'fr',
    '+33',
    '#2d72d2',
    'png',
    `${word}@example.com`,
    TRON,
    `${day} 00:00:00`,
    `/${word}`,
  ];
}

const accepts = (schema: z.ZodType | undefined, value: unknown) => !schema || schema.safeParse(value).success;

/** The value for one input of a form whose request (or own) schema is `schema`. */
export function valueFor(field: ResolvedField, schema: z.ZodType, n: number): Typed {
  const own = shapeOf(schema)[field.name];
  const inner = own ? unwrapField(own).inner : undefined;
  switch (field.kind) {
    case 'switch':
    case 'code':
      return undefined;
    case 'select':
      return { kind: 'choose-first' };
    case 'image':
      return field.required ? { kind: 'image' } : undefined;
    case 'translations':
      return { kind: 'translations', text: `Tour ${n}` };
    case 'number': {
      const low = field.min ?? 1;
      const value = Math.min(Math.max(low, 1), field.max ?? Number.MAX_SAFE_INTEGER);
      return { kind: 'fill', text: String(value) };
    }
    case 'date_time':
      return { kind: 'fill', text: candidates(field.name, n).find((c) => /^\d{4}-/.test(c)) ?? nowText() };
    case 'lines': {
      const element = inner instanceof z.ZodArray ? (inner.element as z.ZodType) : undefined;
      if (field.valueType === 'number[]') return { kind: 'fill', text: '1' };
      // A list the declaration parses (target URLs → [{ url }]) is checked whole, through its parse.
      const line = candidates(field.name, n).find((c) => (field.parse ? accepts(inner, field.parse(c)) : accepts(element, c)));
      return line === undefined ? undefined : { kind: 'fill', text: line };
    }
    default: {
      // A field the declaration parses itself (target URLs one per line → [{ url }]) is checked through its parse.
      const check = (c: string) => accepts(inner, field.parse ? field.parse(c) : c);
      const text = candidates(field.name, n).find(check);
      return text === undefined ? undefined : { kind: 'fill', text };
    }
  }
}
