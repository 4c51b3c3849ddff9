import type { TFunction } from 'i18next';
import { names as namesRow } from './column-priority.ts';
import type { ColumnDecl, ConfirmSpec } from './types.ts';

/** The question and its tone, ready for an Alert. */
export interface Question {
  readonly text: string;
  /** Cannot be undone: red button, danger icon. */
  readonly danger: boolean;
}

/** How many rows a question names before "…". */
const NAMED = 3;

/**
 * The rows as people know them, for a question: the text of the list's first column that names a row (a name,
 * a title, an IP), the first three quoted, then "…"; '' when the list has no such column or the rows no text.
 */
export function rowNames<Row>(t: TFunction, columns: readonly ColumnDecl<Row>[], rows: readonly Row[]): string {
  const naming = columns.find(namesRow);
  if (!naming) return '';
  const textOf = (row: Row) =>
    naming.kind === 'custom' ? (naming.text?.(row) ?? '') : String((row as Record<string, unknown>)[naming.field] ?? '');
  const texts = [...new Set(rows.map(textOf).map((x) => x.trim()))];
  if (!texts.length || texts.some((x) => x === '')) return '';
  const quoted = texts.slice(0, NAMED).map((name) => String(t('resource.confirm.name', { name })));
  return [...quoted, ...(texts.length > NAMED ? ['…'] : [])].join(String(t('resource.confirm.names_separator')));
}

/**
 * The question a delete asks when its list declares none of its own: what goes, named from the rows
 * (rowNames), and whether it is for good. Without names, how many.
 */
export function removalQuestion<Row>(t: TFunction, columns: readonly ColumnDecl<Row>[], rows: readonly Row[], count: number, permanent: boolean): Question {
  const named = rowNames(t, columns, rows);
  const key = `resource.confirm.${permanent ? 'remove_permanent' : 'remove'}${named ? '_named' : ''}`;
  return { text: String(t(key, { count, names: named })), danger: true };
}

/**
 * The question an action asks before it runs, in the language on screen. A declared question is formatted from
 * the rows (and a form action's filled body) and says when it cannot be undone; the bare 'normal' / 'danger'
 * keep the generic "<action>: apply to …?" naming the rows when the list can (or "go ahead?" for a form, which
 * shows its own inputs).
 */
export function questionOf<Row>(
  t: TFunction,
  spec: ConfirmSpec<Row>,
  action: { label: string },
  rows: Row[],
  body?: Record<string, unknown>,
  columns: readonly ColumnDecl<Row>[] = [],
): Question {
  if (typeof spec === 'object') {
    const key = typeof spec.text === 'function' ? spec.text(rows, body) : spec.text;
    const text = String(t(key, { count: rows.length, ...spec.vars?.(rows, body) }));
    return { text: spec.undoable ? text : `${text} ${String(t('resource.confirm.cannot_undo'))}`, danger: !spec.undoable };
  }
  const danger = spec === 'danger';
  if (body !== undefined) return { text: String(t(danger ? 'resource.confirm.form_danger' : 'resource.confirm.form', { action: t(action.label) })), danger };
  const named = rowNames(t, columns, rows);
  const key = `resource.confirm.${danger ? 'action_danger' : 'action'}${named ? '_named' : ''}`;
  return { text: String(t(key, { action: t(action.label), count: rows.length, names: named })), danger };
}

/** Whether a form action asks before sending this body (a declared `when` may limit it to some choices). */
export const asksFor = <Row>(spec: ConfirmSpec<Row> | undefined, body: Record<string, unknown>): boolean =>
  spec !== undefined && (typeof spec !== 'object' || !spec.when || spec.when(body));
