import type { ColumnDecl } from './types.ts';

/**
 * How much a column matters when the table is narrow (1 = keep to the last, 3 = first to go). A declaration
 * may say (`priority`); otherwise: the first column (what the row is) and the columns that say a state or an
 * amount (enum, badge, progress, money) stay; an id or a date goes first on a narrow table; the rest in between.
 */
export function priorityOf<Row>(c: ColumnDecl<Row>, index: number): 1 | 2 | 3 {
  if (c.priority) return c.priority;
  if (index === 0) return 1;
  if (c.kind === 'enum' || c.kind === 'badge' || c.kind === 'progress' || c.kind === 'money' || c.kind === 'word') return 1;
  if (c.kind !== 'custom' && (c.field === 'id' || c.kind === 'date')) return 3;
  return 2;
}
