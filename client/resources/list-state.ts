import { idle, type Async, type Loadable } from '../state/async.ts';
import type { UserMessage } from '../state/message.ts';
import type { RowKey } from './types.ts';

/* One resource's state and query: what the resource slice (resource-slice.ts) keeps for every list screen. */

export const PAGE_SIZES = [10, 20, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 20;

export interface SortState {
  readonly field: string;
  readonly desc: boolean;
}

export interface ResourceQuery {
  /** Body fields this view of the resource always sends (a nested list's parent id), over the declaration's. */
  readonly fixed: Readonly<Record<string, unknown>>;
  readonly page: number;
  readonly pageSize: number;
  /** Applied filters (what the last search sent), by request field. */
  readonly filters: Readonly<Record<string, unknown>>;
  readonly sort: SortState | null;
}

/** The part of a query the user chooses (and the address carries). */
export type ListQuery = Pick<ResourceQuery, 'page' | 'pageSize' | 'filters' | 'sort'>;

export interface ListData {
  readonly rows: readonly unknown[];
  readonly total: number;
  /** More rows match than `total` (a capped count: contracts' cappedPageOf). */
  readonly totalCapped?: boolean;
  /** Values the query asked for by name that matched nothing (a batch query's unknown codes: `not_found`). */
  readonly notFound?: readonly string[];
}

/** A CSV export paging through the list call: progress while running. */
export type ExportState =
  | { readonly status: 'idle' }
  | { readonly status: 'running'; readonly done: number; readonly total: number }
  | { readonly status: 'succeeded'; readonly rows: number; readonly truncated: boolean }
  | { readonly status: 'failed'; readonly error: UserMessage };

/** One resource's state. Rows are the list call's validated answer; `useResource` gives them their type. */
export interface ResourceState {
  readonly query: ResourceQuery;
  readonly list: Loadable<ListData>;
  readonly selection: readonly RowKey[];
  /** Columns the user switched off in the column chooser (ids). */
  readonly hiddenColumns: readonly string[] | null;
  readonly save: Async;
  /** What the last successful save answered (the created or changed row). */
  readonly lastSaved: unknown;
  /** Answers of the declaration's lookups by id. */
  readonly lookups: Readonly<Record<string, Loadable<unknown>>>;
  readonly remove: Async;
  readonly action: Async;
  readonly export: ExportState;
}

/** Every resource's state by resource name (slice name = state key `resources`). */
export type ResourcesState = Readonly<Record<string, ResourceState>>;

export function initialResourceState(pageSize = DEFAULT_PAGE_SIZE): ResourceState {
  return {
    query: { fixed: {}, page: 1, pageSize, filters: {}, sort: null },
    list: idle,
    selection: [],
    hiddenColumns: null,
    save: idle,
    lastSaved: null,
    lookups: {},
    remove: idle,
    action: idle,
    export: idle,
  };
}

export interface QueryPatch {
  readonly page?: number;
  readonly pageSize?: number;
  readonly filters?: Readonly<Record<string, unknown>>;
  readonly sort?: SortState | null;
}

export interface SaveSubmission {
  /** The resource's create or update form, or a form action's id. */
  readonly mode: 'create' | 'update' | { readonly action: string };
  readonly body: unknown;
}

/** How to write one export column: a header and, for enum columns, the shown label per code. */
export interface ExportColumn {
  readonly id: string;
  readonly header: string;
  readonly labels?: Readonly<Record<string, string>>;
}

/** A query after a change: a new filter, sort or page size starts again from page 1. */
export function applyQueryPatch<Q extends ListQuery>(query: Q, p: QueryPatch): Q {
  const restart = p.filters !== undefined || p.pageSize !== undefined || p.sort !== undefined;
  return { ...query, ...p, page: p.page ?? (restart ? 1 : query.page) };
}
