import type { TFunction } from 'i18next';
import type { ConfirmSpec } from './types.ts';

/** The question and its tone, ready for an Alert. */
export interface Question {
  readonly text: string;
  /** Cannot be undone: red button, danger icon. */
  readonly danger: boolean;
}

/**
 * The question an action asks before it runs, in the language on screen. A declared question is formatted from
 * the rows (and a form action's filled body) and says when it cannot be undone; the bare 'normal' / 'danger'
 * keep the generic "<action>: apply to N records?" (or "go ahead?" for a form, which shows its own inputs).
 */
export function questionOf<Row>(
  t: TFunction,
  spec: ConfirmSpec<Row>,
  action: { label: string },
  rows: Row[],
  body?: Record<string, unknown>,
): Question {
  if (typeof spec === 'object') {
    const key = typeof spec.text === 'function' ? spec.text(rows, body) : spec.text;
    const text = String(t(key, { count: rows.length, ...spec.vars?.(rows, body) }));
    return { text: spec.undoable ? text : `${text} ${String(t('resource.confirm.cannot_undo'))}`, danger: !spec.undoable };
  }
  const danger = spec === 'danger';
  if (body !== undefined) return { text: String(t(danger ? 'resource.confirm.form_danger' : 'resource.confirm.form', { action: t(action.label) })), danger };
  return { text: String(t(danger ? 'resource.confirm.action_danger' : 'resource.confirm.action', { action: t(action.label), count: rows.length })), danger };
}

/** Whether a form action asks before sending this body (a declared `when` may limit it to some choices). */
export const asksFor = <Row>(spec: ConfirmSpec<Row> | undefined, body: Record<string, unknown>): boolean =>
  spec !== undefined && (typeof spec !== 'object' || !spec.when || spec.when(body));
