import type { ColumnDecl } from './types.ts';

const isId = <Row>(c: ColumnDecl<Row>) => c.kind !== 'custom' && (c.field === 'id' || c.field.endsWith('_id'));
/** A column that can say what the row is: a text or a link (a custom cell is most often a preview or a counter). */
const names = <Row>(c: ColumnDecl<Row>) => (c.kind === 'text' || c.kind === 'link') && !isId(c);

/**
 * How much a column matters when the table is narrow (1 = keep to the last, 3 = first to go). A declaration
 * may say (`priority`); otherwise: the first text or link column that is not an id (what the row is; else the
 * first column) and the columns that say a state or an amount (enum, word, badge, progress, money) stay; an id
 * or a date goes first on a narrow table; the rest go on a phone.
 */
export function priorityOf<Row>(c: ColumnDecl<Row>, index: number, columns: readonly ColumnDecl<Row>[]): 1 | 2 | 3 {
  if (c.priority) return c.priority;
  const naming = columns.findIndex(names);
  if (index === (naming >= 0 ? naming : 0)) return 1;
  if (c.kind === 'enum' || c.kind === 'badge' || c.kind === 'progress' || c.kind === 'money' || c.kind === 'word') return 1;
  if (isId(c) || c.kind === 'date') return 3;
  return 2;
}

/**
 * The table widths (px, the table's own box) under which columns drop: priority 3 at or under the first, 2 at
 * or under the second. The same figures as the container queries of resource-list.module.css (a container
 * query cannot read a variable), so the column chooser can say which columns the width hides now.
 */
export const DROP_WIDTHS = { 3: 1000, 2: 600 } as const;

/** Whether a column of this priority is dropped at this table width (0 = not measured: none). */
export function droppedAt(priority: 1 | 2 | 3, width: number): boolean {
  if (width <= 0 || priority === 1) return false;
  return width <= DROP_WIDTHS[priority] || (priority === 3 && width <= DROP_WIDTHS[2]);
}
