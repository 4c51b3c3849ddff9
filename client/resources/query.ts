import { neutraliseCell } from '../../contracts/index.ts';
import Papa from 'papaparse';
import { z } from 'zod';
import type { CallDef } from '../../contracts/index.ts';
import { fieldLabel, labelsOf } from './fields.ts';
import { shapeOf, unwrapField } from './schema-fields.ts';
import type { ExportColumn, ResourceQuery, SortState } from './resource-slice.ts';
import type { ColumnDecl, ResourceDecl } from './types.ts';

/** Values a filter bar leaves blank are not sent (the list call's filters are all optional). */
function isBlank(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/**
 * Fields the list call sorts by on the server: a list request with `sort` (an enum of field names) and
 * `order` ('asc' | 'desc') sorts the whole result; other lists sort the shown page.
 */
export function serverSortFields(list: CallDef): readonly string[] {
  const shape = shapeOf(list.request);
  if (!shape.sort || !shape.order) return [];
  const inner = unwrapField(shape.sort).inner;
  return inner instanceof z.ZodEnum ? (inner.options as string[]) : [];
}

/** The list call's body for a query: fixed fields, applied filters, server sort, paging. */
export function listBody(decl: Pick<ResourceDecl, 'fixedQuery' | 'list'>, query: ResourceQuery, page = query.page, pageSize = query.pageSize) {
  const filters = Object.fromEntries(Object.entries(query.filters).filter(([, v]) => !isBlank(v)));
  const sort = query.sort && serverSortFields(decl.list).includes(query.sort.field) ? { sort: query.sort.field, order: query.sort.desc ? 'desc' : 'asc' } : {};
  return { ...decl.fixedQuery, ...query.fixed, ...filters, ...sort, page, page_size: pageSize };
}

/** Stable id of a column (its field, or the custom id). */
export function columnId<Row>(c: ColumnDecl<Row>): string {
  return c.kind === 'custom' ? c.id : c.field;
}

/**
 * Whether the header sorts by a column: lists the server sorts offer the server's fields (whole result);
 * others sort the shown page by any field column. A declaration's `sortable` decides first.
 */
export function isSortable<Row>(c: ColumnDecl<Row>, onServer: readonly string[]): boolean {
  return c.sortable ?? (onServer.length ? onServer.includes(columnId(c)) : c.kind !== 'custom');
}

/** The i18n key of a column's header: its own label, else the resource's field label. */
export function columnLabel<Row>(decl: Pick<ResourceDecl<Row>, 'name' | 'labels'>, c: ColumnDecl<Row>): string {
  return c.label ?? fieldLabel(labelsOf(decl), columnId(c));
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Sort one page of rows by a field (for list calls that cannot sort on the server). */
export function sortRows<Row>(rows: readonly Row[], sort: SortState | null, onServer: readonly string[] = []): readonly Row[] {
  if (!sort || onServer.includes(sort.field)) return rows;
  const dir = sort.desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = (a as Record<string, unknown>)[sort.field];
    const y = (b as Record<string, unknown>)[sort.field];
    if (x === y) return 0;
    if (x === undefined || x === null) return 1;
    if (y === undefined || y === null) return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
    return collator.compare(String(x), String(y)) * dir;
  });
}

/** One cell of an export: the enum label when given, the custom column's text, else the raw value. */
function cellText<Row>(decl: ResourceDecl<Row>, col: ExportColumn, row: Row): string {
  const c = decl.columns.find((x) => columnId(x) === col.id);
  if (!c) return '';
  if (c.kind === 'custom') return c.text ? c.text(row) : '';
  const raw = (row as Record<string, unknown>)[c.field];
  if (raw === undefined || raw === null) return '';
  if (col.labels) return col.labels[String(raw)] ?? String(raw);
  return typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
}

/**
 * CSV text of rows under the chosen columns. Starts with a BOM so spreadsheet apps read Chinese correctly;
 * papaparse quotes what needs quoting; formula-looking cells are neutralised by contracts/csv.ts (numbers stay numbers).
 */
export function toCsv<Row>(decl: ResourceDecl<Row>, columns: readonly ExportColumn[], rows: readonly Row[]): string {
  const data = rows.map((row) => columns.map((col) => cellText(decl, col, row)));
  return csvText(columns.map((c) => c.header), data);
}

/** CSV text of a header and rows of cell texts (BOM, quoting, formula neutralising as above). */
export function csvText(header: readonly string[], data: readonly (readonly string[])[]): string {
  return '\uFEFF' + Papa.unparse({ fields: header.map(neutraliseCell), data: data.map((r) => r.map(neutraliseCell)) }, { newline: '\r\n' });
}
