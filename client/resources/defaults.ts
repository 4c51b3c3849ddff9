import { z } from 'zod';
import { PAGE_SIZE_MAX, type CallDef, type ResponseOf } from '../../contracts/index.ts';
import type { FieldOption } from './schema-fields.ts';
import type { RowKey } from './types.ts';

/**
 * The list engine's defaults, read from the contract so a declaration names only what differs:
 * a remove sends the chosen rows' ids as its call's `ids`, a lookup reads the first page of up to 200 rows
 * and offers each row's `id` under its `name`.
 */

/** The object schema under a call's request (strict objects, `.meta`, `.describe` keep the class). */
function shapeOf(schema: z.ZodType): Readonly<Record<string, z.ZodType>> | undefined {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : undefined;
}

/** Whether a remove call takes the rows as `{ ids: number[] }` (every remove call of the contracts today). */
export function takesIds(call: CallDef): boolean {
  const ids = shapeOf(call.request)?.ids;
  return ids instanceof z.ZodArray && ids.element instanceof z.ZodNumber;
}

/**
 * The default body of a remove: the chosen rows' keys as the call's `ids`. A call taking anything else has no
 * default, and declaring it without a body fails at once, naming the call (not at the first click).
 */
export function defaultRemoveBody(call: CallDef): (ids: RowKey[]) => unknown {
  if (!takesIds(call)) throw new Error(`Remove call ${call.path} does not take { ids: number[] }: declare its body.`);
  return (ids) => ({ ids: ids.map(Number) });
}

/** The default body of a lookup: a paged list call reads one page of the most rows it allows; any other call `{}`. */
export function defaultLookupBody(call: CallDef): unknown {
  const shape = shapeOf(call.request);
  return shape && 'page' in shape && 'page_size' in shape ? { page: 1, page_size: PAGE_SIZE_MAX } : {};
}

/** A row of a lookup's answer: a page's `content` or a bare array. */
export type LookupRowOf<C extends CallDef> =
  ResponseOf<C> extends { content: readonly (infer R)[] } ? R : ResponseOf<C> extends readonly (infer R)[] ? R : never;

export interface LookupFields<Row> {
  /** The field a choice sends. Default `id`. */
  readonly value?: Extract<keyof Row, string>;
  /** The field (or the text from the row) a choice shows. Default `name`. */
  readonly label?: Extract<keyof Row, string> | ((row: Row) => string);
  /** A choice offered before the rows (no brand, every picture type). */
  readonly first?: FieldOption;
}

/** The rows of an answer: a page's `content`, an array as is, anything else none. */
function rowsOf(answer: unknown): readonly Record<string, unknown>[] {
  if (Array.isArray(answer)) return answer as Record<string, unknown>[];
  const content = (answer as { content?: unknown } | null)?.content;
  return Array.isArray(content) ? (content as Record<string, unknown>[]) : [];
}

/** Choices from a lookup's answer by value and label field. */
export function defaultLookupOptions<Row>({ value = 'id' as Extract<keyof Row, string>, label = 'name' as Extract<keyof Row, string>, first }: LookupFields<Row>) {
  return (answer: unknown): readonly FieldOption[] => {
    const choices = rowsOf(answer).map((row) => ({
      value: row[value] as string | number,
      label: typeof label === 'function' ? label(row as Row) : String(row[label] ?? ''),
    }));
    return first ? [first, ...choices] : choices;
  };
}

/**
 * Whether `call` answers one row of the `list` call exactly as the list shows it: its response is the very
 * schema of the list's rows (`pageOf(row)` and `response: row` in the contract). Then a save puts that row in
 * place of the listed copy instead of reading the whole page again.
 */
export function answersRow(list: CallDef, call: CallDef): boolean {
  const content = shapeOf(list.response)?.content;
  return content instanceof z.ZodArray && content.element === call.response;
}
