import { isIdentifierField } from './identifier.ts';
import type { ColumnDecl } from './types.ts';

const isId = <Row>(c: ColumnDecl<Row>) => c.kind !== 'custom' && isIdentifierField(c.field);
/**
 * A column that can say what the row is: a text or a link that is not an id, or a cell of its own declared
 * to (`names`: an IP with its badge), not a preview or a figure drawn by the screen.
 */
export const names = <Row>(c: ColumnDecl<Row>) => ((c.kind === 'text' || c.kind === 'link') && !isId(c)) || (c.kind === 'custom' && c.names === true && c.text !== undefined);
/** A figure people come to a list for: a count or an amount (not an identifier). */
const figure = <Row>(c: ColumnDecl<Row>) => (c.kind === 'number' && !isId(c)) || c.kind === 'money';
/** A column that says a row's state: an enum, a word, a badge, a progress. */
const state = <Row>(c: ColumnDecl<Row>) => c.kind === 'enum' || c.kind === 'word' || c.kind === 'badge' || c.kind === 'progress';

/**
 * How much a column matters when the table is narrow (1 = kept to the last, 3 = first to go). A declaration
 * may say (`priority`); otherwise three columns stay however narrow the table: what the row is (the first
 * column that names it, else the first column), its first figure (a count or an amount: visits, the price)
 * and its first state (an enum, word, badge or progress). An id or a date goes first; the rest next. A phone
 * then shows a row's name, state and figure beside its actions, a desktop as much more as fits.
 */
export function priorityOf<Row>(c: ColumnDecl<Row>, index: number, columns: readonly ColumnDecl<Row>[]): 1 | 2 | 3 {
  if (c.priority) return c.priority;
  const naming = columns.findIndex(names);
  if (index === (naming >= 0 ? naming : 0)) return 1;
  if (index === columns.findIndex(figure) || index === columns.findIndex(state)) return 1;
  if (isId(c) || c.kind === 'date') return 3;
  return 2;
}

/**
 * Which of the shown columns a table leaves out so that the rest fits its box: the lowest priority first (3,
 * then 2), the last declared first among equals, until the widths given up (`widthOf`, px) cover `overflow`
 * (px the table is wider than its box). Priority 1 is never left out: `fits` false says those alone are still
 * too wide (the row's actions then fold into one menu: use-fit-columns.ts).
 */
export function columnsToDrop<Row>(columns: readonly ColumnDecl<Row>[], overflow: number, widthOf: (index: number) => number): Set<number> & { fits: boolean } {
  const dropped = Object.assign(new Set<number>(), { fits: true });
  if (overflow <= 0) return dropped;
  const order = columns
    .map((c, i) => ({ i, p: priorityOf(c, i, columns) }))
    .filter((x) => x.p > 1)
    .sort((a, b) => b.p - a.p || b.i - a.i);
  let freed = 0;
  for (const { i } of order) {
    if (freed >= overflow) break;
    dropped.add(i);
    freed += widthOf(i);
  }
  dropped.fits = freed >= overflow;
  return dropped;
}
