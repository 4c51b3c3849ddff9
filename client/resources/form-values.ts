import type { z } from 'zod';
import { keyMessage, type UserMessage } from '../state/message.ts';
import type { FieldSpec } from './schema-fields.ts';

/** What inputs hold: text for text-like and number inputs (so a half-typed number survives), booleans for switches. */
export type FormValues = Record<string, string | boolean>;

/** [on, off] values of a switch over a two-valued enum. */
function switchValues(spec: FieldSpec): [unknown, unknown] {
  const values = (spec.options ?? []).map((o) => o.value);
  if (spec.on === undefined) return [values[0], values[1]];
  return [spec.on, values.find((v) => String(v) !== String(spec.on))];
}

function toInput(spec: FieldSpec, value: unknown): string | boolean {
  if (spec.format) return value === undefined || value === null ? '' : spec.format(value);
  if (spec.kind === 'switch') {
    if (spec.valueType === 'boolean') return value === true;
    // A two-valued enum shown as a switch: on = `spec.on`, else its first option (show, yes, …).
    return value !== undefined && value !== null && String(value) === String(switchValues(spec)[0]);
  }
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join('\n');
  return String(value);
}

/** Start values: the row's fields (edit), then the schema defaults, then the declaration's extras. */
export function initialValues(fields: readonly FieldSpec[], row: unknown, extra: Record<string, unknown> = {}): FormValues {
  const source = (row ?? {}) as Record<string, unknown>;
  const out: FormValues = {};
  for (const f of fields) {
    const value = f.name in extra ? extra[f.name] : f.name in source ? source[f.name] : f.defaultValue;
    out[f.name] = toInput(f, value === undefined && f.kind === 'select' && f.required ? f.options?.[0]?.value : value);
  }
  return out;
}

/** The request value of one input, or `undefined` when left blank. */
export function fromInput(spec: FieldSpec, input: string | boolean): unknown {
  if (spec.kind === 'switch') {
    if (spec.valueType === 'boolean') return input === true;
    const [on, off] = switchValues(spec);
    return input ? on : off;
  }
  const text = typeof input === 'string' ? input : String(input);
  if (spec.parse) return text.trim() === '' ? (spec.nullable ? null : undefined) : spec.parse(text);
  // An image list holds its addresses one per line, in display order, like any list of lines.
  if (spec.kind === 'lines' || (spec.kind === 'image' && spec.valueType === 'string[]')) {
    const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
    if (!lines.length) return undefined;
    return spec.valueType === 'number[]' ? lines.map(Number) : lines;
  }
  // A blank required text is sent as '' so the contract's own rule speaks ("name may not be empty").
  if (text.trim() === '') return spec.nullable ? null : spec.required && spec.valueType === 'string' && spec.kind !== 'select' ? '' : undefined;
  if (spec.valueType === 'number') return Number(text);
  // A yes/no choice (filters): the select holds 'true' / 'false'.
  if (spec.valueType === 'boolean') return text === 'true';
  return text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The request body a form sends. Creating: every filled field (blank optional ones are left to the schema's
 * default). Editing: only the fields that differ from the row, so a partial update changes what the user changed.
 */
export function bodyOf(
  fields: readonly FieldSpec[],
  values: FormValues,
  mode: 'create' | 'update',
  row: unknown,
  fixed: Record<string, unknown> = {},
  sendAll = false,
): Record<string, unknown> {
  const source = (row ?? {}) as Record<string, unknown>;
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const value = fromInput(f, values[f.name] ?? '');
    if (mode === 'update' && !sendAll) {
      // Clearing an optional text field on edit means "make it empty", not "leave it"; a field the declaration
      // parses (a list typed one per line) is then its empty value (`[]`), never the text '' (action tour, issue 23).
      const cleared = f.parse ? f.parse('') : f.valueType === 'string' && f.kind !== 'select' ? '' : undefined;
      const next = value === undefined ? cleared : value;
      if (!same(next, source[f.name]) && next !== undefined) body[f.name] = next;
    } else if ((value !== undefined && value !== null) || f.required) {
      // Creating (and action forms): blank means "leave it to the schema's default / unchanged".
      body[f.name] = value;
    }
  }
  return { ...body, ...fixed };
}

function issueMessage(issue: z.core.$ZodIssue, body: Record<string, unknown>): UserMessage {
  const msg = issue.message;
  // Contracts write their own rules' messages as i18n keys (validation.*); those win.
  // A code outside an enum: a form offers the codes as choices, so "choose one" says more than the list.
  if (issue.code === 'invalid_value') return keyMessage('resource.validation.choice');
  if (/^(validation|errors)\.[a-z0-9_]+$/.test(msg)) return keyMessage(msg);
  const field = String(issue.path[0] ?? '');
  switch (issue.code) {
    case 'invalid_type':
      return body[field] === undefined ? keyMessage('resource.validation.required') : keyMessage('resource.validation.type');
    case 'too_small':
      if (issue.origin === 'string') return keyMessage(Number(issue.minimum) <= 1 ? 'resource.validation.required' : 'resource.validation.min_length', { min: Number(issue.minimum) });
      if (issue.origin === 'array') return keyMessage('resource.validation.min_items', { min: Number(issue.minimum) });
      return keyMessage('resource.validation.min', { min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return keyMessage('resource.validation.max_length', { max: Number(issue.maximum) });
      if (issue.origin === 'array') return keyMessage('resource.validation.max_items', { max: Number(issue.maximum) });
      return keyMessage('resource.validation.max', { max: Number(issue.maximum) });
    case 'invalid_format':
      return keyMessage(issue.format === 'url' ? 'resource.validation.url' : 'resource.validation.format');
    default:
      // zod's own wording is for developers: a person reads the general sentence.
      return keyMessage('resource.validation.format');
  }
}

/** Validate a body with the call's own request schema; the first message per field, ready to translate. */
export function validateBody(schema: z.ZodType, body: unknown, fields: readonly string[] = []): Record<string, UserMessage> {
  const result = schema.safeParse(body);
  const out: Record<string, UserMessage> = {};
  if (result.success) return out;
  const flat = (body ?? {}) as Record<string, unknown>;
  for (const issue of result.error.issues) {
    // A nested body (`{ ids, fields: { … } }`) names the input second: take the first path part that is a field.
    const field = String(issue.path.find((p) => fields.includes(String(p))) ?? issue.path[0] ?? '');
    if (field && !out[field]) out[field] = issueMessage(issue, flat);
    else if (!field && !out['']) out[''] = issueMessage(issue, flat);
  }
  return out;
}
