import type { z } from 'zod';

/** A message to show a person: a key of the shared catalogue and the values it interpolates. */
export interface KeyedMessage {
  readonly key: string;
  readonly params?: Record<string, string | number>;
}

/** A key the contracts wrote themselves on a rule (`validation.*`, `errors.*`). */
export const isMessageKey = (text: string): boolean => /^(validation|errors)\.[a-z0-9_]+$/.test(text);

/**
 * The keys zod's own checks (types, bounds, formats without a message of ours) are worded with. The server and
 * the console's forms both use them, so a person never reads zod's developer English ("Too big: expected
 * string to have <=64 characters") nor a field name. `tests/contract/error-keys.test.ts` walks them.
 */
export const ISSUE_KEYS = [
  'validation.required',
  'validation.type',
  'validation.min_length',
  'validation.max_length',
  'validation.min',
  'validation.max',
  'validation.min_items',
  'validation.max_items',
  'validation.url',
  'validation.format',
  'validation.one_of',
  'errors.unknown_field',
  'errors.invalid_parameter',
] as const;

const num = (v: unknown) => Number(v);

/**
 * What to tell a person about one zod issue. `value` is the value at the issue's path when known (a missing
 * value is "required", a present one of the wrong type is "wrong type").
 */
export function issueMessage(issue: z.core.$ZodIssue, value?: unknown, present = value !== undefined): KeyedMessage {
  if (issue.code === 'unrecognized_keys') return { key: 'errors.unknown_field', params: { fields: issue.keys.join(', ') } };
  // A code outside an enum: the console offers the codes as choices, so "choose one of the options" says it.
  if (issue.code === 'invalid_value') return { key: 'validation.one_of', params: { values: issue.values.map(String).join(', ') } };
  if (isMessageKey(issue.message)) return { key: issue.message };
  switch (issue.code) {
    case 'invalid_type':
      return { key: present ? 'validation.type' : 'validation.required' };
    case 'too_small':
      if (issue.origin === 'string') return num(issue.minimum) <= 1 ? { key: 'validation.required' } : { key: 'validation.min_length', params: { min: num(issue.minimum) } };
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'validation.min_items', params: { min: num(issue.minimum) } };
      return { key: 'validation.min', params: { min: num(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'validation.max_length', params: { max: num(issue.maximum) } };
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'validation.max_items', params: { max: num(issue.maximum) } };
      return { key: 'validation.max', params: { max: num(issue.maximum) } };
    case 'invalid_format':
      return { key: issue.format === 'url' ? 'validation.url' : 'validation.format' };
    default:
      return { key: 'errors.invalid_parameter' };
  }
}

/** The value at a path of a body (undefined when any step is missing). */
export function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = body;
  for (const p of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[p];
  }
  return at;
}
