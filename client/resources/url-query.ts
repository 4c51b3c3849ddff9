import type { ResolvedFilter } from './fields.ts';
import { fromInput } from './form-values.ts';
import { PAGE_SIZES, type ListQuery, type SortState } from './resource-slice.ts';

/**
 * A list's query in the address (`#/customer/qr_code_list?page=2&page_size=50&sort=-create_time&name=x`):
 * shareable, kept on reload, walked by back/forward. Only what the user chose is written (defaults are left
 * out) and only what the list declares is read, so a hand-made or hostile address cannot send anything else.
 */
export type UrlQuery = ListQuery;

/** What a list accepts from the address. */
export interface UrlQueryShape {
  /** The list's starting page size (the declaration's, else the default). */
  readonly pageSize: number;
  readonly filters: readonly ResolvedFilter[];
  /** Column ids the header can sort by. */
  readonly sortable: readonly string[];
}

const PAGE = 'page';
const SIZE = 'page_size';
const SORT = 'sort';
/** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`, what a date-range filter sends. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

const filterNames = (filters: readonly ResolvedFilter[]) => filters.flatMap((f) => (f.type === 'field' ? [f.field.name] : [f.from, f.to]));

/** The address parameters a list owns (others, e.g. a screen's own `?id=`, are left alone). */
export function urlQueryKeys(shape: UrlQueryShape): string[] {
  return [PAGE, SIZE, SORT, ...filterNames(shape.filters)];
}

export function queryToSearch(q: UrlQuery, shape: UrlQueryShape): URLSearchParams {
  const out = new URLSearchParams();
  if (q.page > 1) out.set(PAGE, String(q.page));
  if (q.pageSize !== shape.pageSize) out.set(SIZE, String(q.pageSize));
  if (q.sort) out.set(SORT, `${q.sort.desc ? '-' : ''}${q.sort.field}`);
  for (const name of filterNames(shape.filters)) {
    const v = q.filters[name];
    // A list (batch query's codes) is one parameter per item, `?file_names=a&file_names=b`, read back with
    // getAll: never one JSON text, which would come back as a single item holding the whole array.
    if (Array.isArray(v)) for (const item of v) out.append(name, String(item));
    else if (v !== undefined && v !== null && v !== '') out.set(name, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return out;
}

const isListField = (f: Extract<ResolvedFilter, { type: 'field' }>) => f.field.valueType === 'string[]' || f.field.valueType === 'number[]';

function filterValue(f: Extract<ResolvedFilter, { type: 'field' }>, text: string): unknown {
  const field = f.field;
  if (field.kind === 'switch') return fromInput(field, text === '1' || text === 'true');
  const value = fromInput(field, text);
  if (value === undefined || value === null || value === '') return undefined;
  if (field.valueType === 'number' && !Number.isFinite(value)) return undefined;
  // A choice must be one of the offered ones (lookups load later: their ids are only checked for type).
  if (field.options && !field.lookup && !field.options.some((o) => String(o.value) === text)) return undefined;
  return value;
}

export function queryFromSearch(params: URLSearchParams, shape: UrlQueryShape): UrlQuery {
  const whole = (text: string | null) => (text && /^\d{1,9}$/.test(text) ? Number(text) : NaN);
  const page = whole(params.get(PAGE));
  const size = whole(params.get(SIZE));
  const sortText = params.get(SORT) ?? '';
  const sortField = sortText.replace(/^-/, '');
  const sort: SortState | null = shape.sortable.includes(sortField) ? { field: sortField, desc: sortText.startsWith('-') } : null;
  const filters: Record<string, unknown> = {};
  for (const f of shape.filters) {
    if (f.type === 'field') {
      const many = isListField(f);
      // A list field's items, one parameter each, are its input's lines.
      const text = many ? (params.getAll(f.field.name).join('\n') || null) : params.get(f.field.name);
      const value = text === null ? undefined : filterValue(f, text);
      if (value !== undefined) filters[f.field.name] = value;
    } else {
      for (const name of [f.from, f.to]) {
        const text = params.get(name);
        if (text !== null && DATE_TIME.test(text)) filters[name] = text;
      }
    }
  }
  return {
    page: page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : shape.pageSize,
    filters,
    sort,
  };
}

/** Same query for the address (what `queryToSearch` would write). */
export function sameUrlQuery(a: UrlQuery, b: UrlQuery, shape: UrlQueryShape): boolean {
  return queryToSearch(a, shape).toString() === queryToSearch(b, shape).toString();
}
