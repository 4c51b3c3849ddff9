import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEvents } from '../state/session-slice.ts';
import { failed, failedFrom, idle, loaded, loading, loadingFrom, succeeded } from '../state/async.ts';
import type { UserMessage } from '../state/message.ts';
import type { RowKey } from './types.ts';
import { applyQueryPatch, initialResourceState, type ExportColumn, type ListData, type ListQuery, type QueryPatch, type ResourceState, type ResourcesState, type SaveSubmission } from './list-state.ts';

/** The shapes of a resource's state and query live in list-state.ts; screens and sagas import them from here too. */
export { applyQueryPatch, DEFAULT_PAGE_SIZE, initialResourceState, PAGE_SIZES } from './list-state.ts';
export type { ExportColumn, ExportState, ListData, ListQuery, QueryPatch, ResourceQuery, ResourceState, ResourcesState, SaveSubmission, SortState } from './list-state.ts';

type Named<P = object> = PayloadAction<{ readonly resource: string } & P>;

function patch(s: ResourcesState, name: string, f: (r: ResourceState) => ResourceState): ResourcesState {
  return { ...s, [name]: f(s[name] ?? initialResourceState()) };
}

export const resourcesSlice = createSlice({
  name: 'resources',
  initialState: {} as ResourcesState,
  reducers: {
    /**
     * A screen was shown: start from its page size and load. An earlier visit's query stays, unless the view
     * is fixed to other body fields (another parent's nested list), which starts afresh, or the address
     * carries the query (`query`, see url-query.ts), which wins.
     */
    opened: (s, a: Named<{ pageSize?: number; fixed?: Readonly<Record<string, unknown>>; query?: ListQuery }>) => {
      const prev = s[a.payload.resource];
      const fixed = a.payload.fixed ?? {};
      const kept = prev && JSON.stringify(prev.query.fixed) === JSON.stringify(fixed) ? prev : undefined;
      const fresh = initialResourceState(a.payload.pageSize);
      const base = kept ?? { ...fresh, query: { ...fresh.query, fixed } };
      const query = a.payload.query ? { ...base.query, ...a.payload.query } : base.query;
      if (kept && JSON.stringify(query) === JSON.stringify(kept.query)) return s;
      return { ...s, [a.payload.resource]: { ...base, query, selection: [] } };
    },
    lookupRequested: (s, a: Named<{ lookup: string }>) =>
      patch(s, a.payload.resource, (r) => ({ ...r, lookups: { ...r.lookups, [a.payload.lookup]: loadingFrom(r.lookups[a.payload.lookup] ?? idle) } })),
    lookupLoaded: (s, a: Named<{ lookup: string; answer: unknown }>) =>
      patch(s, a.payload.resource, (r) => ({ ...r, lookups: { ...r.lookups, [a.payload.lookup]: loaded(a.payload.answer) } })),
    lookupFailed: (s, a: Named<{ lookup: string; error: UserMessage }>) =>
      patch(s, a.payload.resource, (r) => ({
        ...r,
        lookups: { ...r.lookups, [a.payload.lookup]: failedFrom(r.lookups[a.payload.lookup] ?? idle, a.payload.error) },
      })),
    queryChanged: (s, a: Named<{ patch: QueryPatch }>) =>
      // The selection belongs to the old rows.
      patch(s, a.payload.resource, (r) => ({ ...r, selection: [], query: applyQueryPatch(r.query, a.payload.patch) })),
    /**
     * Search (or Enter) in the filter bar: these filters, from page 1, and a load even when they are the ones
     * already applied, so a Search after a failed load asks again (resource-sagas.ts).
     */
    searched: (s, a: Named<{ filters: Readonly<Record<string, unknown>> }>) =>
      patch(s, a.payload.resource, (r) => ({ ...r, selection: [], query: applyQueryPatch(r.query, { filters: a.payload.filters }) })),
    reloadRequested: (s, _a: Named) => s,
    listRequested: (s, a: Named) => patch(s, a.payload.resource, (r) => ({ ...r, list: loadingFrom(r.list) })),
    /** Before an edit form: read one row afresh with the declaration's `details` call (resource-sagas.ts). */
    detailsRequested: (s, _a: Named<{ key: RowKey }>) => s,
    /** The fresh row replaces the listed copy (same key in `keyField`), so the edit form starts from it. */
    rowRefreshed: (s, a: Named<{ keyField: string; row: Record<string, unknown> }>) =>
      patch(s, a.payload.resource, (r) => {
        if (r.list.status !== 'succeeded') return r;
        const { keyField, row } = a.payload;
        const rows = r.list.data.rows.map((x) => ((x as Record<string, unknown>)[keyField] === row[keyField] ? row : x));
        return { ...r, list: loaded({ ...r.list.data, rows }) };
      }),
    /** `keys`: the loaded rows' keys, so a selection keeps only rows still listed. */
    listLoaded: (s, a: Named<{ data: ListData; keys: readonly RowKey[] }>) =>
      patch(s, a.payload.resource, (r) => {
        const keys = new Set(a.payload.keys);
        return { ...r, list: loaded(a.payload.data), selection: r.selection.filter((k) => keys.has(k)) };
      }),
    listLoadFailed: (s, a: Named<{ error: UserMessage }>) =>
      patch(s, a.payload.resource, (r) => ({ ...r, list: failedFrom(r.list, a.payload.error) })),

    selectionChanged: (s, a: Named<{ keys: readonly RowKey[] }>) =>
      patch(s, a.payload.resource, (r) => ({ ...r, selection: a.payload.keys })),
    columnsChosen: (s, a: Named<{ hidden: readonly string[] }>) =>
      patch(s, a.payload.resource, (r) => ({ ...r, hiddenColumns: a.payload.hidden })),
    /** The choice saved on an earlier visit (storage); a choice made meanwhile wins. */
    columnsRestored: (s, a: Named<{ hidden: readonly string[] }>) =>
      patch(s, a.payload.resource, (r) => (r.hiddenColumns === null ? { ...r, hiddenColumns: a.payload.hidden } : r)),

    saveSubmitted: (s, a: Named<SaveSubmission>) => patch(s, a.payload.resource, (r) => ({ ...r, save: loading })),
    /** `refreshed`: the answer already took the edited row's place (resource-sagas.ts), so the page is not read again. */
    saved: (s, a: Named<{ result?: unknown; refreshed?: boolean }>) =>
      patch(s, a.payload.resource, (r) => ({ ...r, save: succeeded, lastSaved: a.payload.result ?? null })),
    saveFailed: (s, a: Named<{ error: UserMessage }>) => patch(s, a.payload.resource, (r) => ({ ...r, save: failed(a.payload.error) })),
    /** Load a resource's lookups alone (a settings form's selects over a list not shown on its screen). */
    lookupsRequested: (s, a: Named) => patch(s, a.payload.resource, (r) => r),
    /** The form closed or reopened: forget the last outcome. */
    saveReset: (s, a: Named) => patch(s, a.payload.resource, (r) => ({ ...r, save: idle })),

    // A delete or a row action starts: the explanation of the one before (either kind) goes, one at a time.
    removeConfirmed: (s, a: Named<{ keys: readonly RowKey[] }>) => patch(s, a.payload.resource, (r) => ({ ...r, remove: loading, action: idle })),
    removed: (s, a: Named) => patch(s, a.payload.resource, (r) => ({ ...r, remove: succeeded, selection: [] })),
    removeFailed: (s, a: Named<{ error: UserMessage }>) => patch(s, a.payload.resource, (r) => ({ ...r, remove: failed(a.payload.error) })),

    actionConfirmed: (s, a: Named<{ action: string; keys: readonly RowKey[] }>) =>
      patch(s, a.payload.resource, (r) => ({ ...r, action: loading, remove: idle })),
    actionDone: (s, a: Named) => patch(s, a.payload.resource, (r) => ({ ...r, action: succeeded })),
    actionFailed: (s, a: Named<{ error: UserMessage }>) => patch(s, a.payload.resource, (r) => ({ ...r, action: failed(a.payload.error) })),
    /** The user closed the explanation of a failed action or delete. */
    actionErrorDismissed: (s, a: Named) => patch(s, a.payload.resource, (r) => ({ ...r, action: idle, remove: r.remove.status === 'failed' ? idle : r.remove })),

    exportRequested: (s, a: Named<{ columns: readonly ExportColumn[]; fileName: string }>) =>
      patch(s, a.payload.resource, (r) => ({ ...r, export: { status: 'running', done: 0, total: 0 } })),
    exportProgressed: (s, a: Named<{ done: number; total: number }>) =>
      patch(s, a.payload.resource, (r) => ({ ...r, export: { status: 'running', done: a.payload.done, total: a.payload.total } })),
    exportFinished: (s, a: Named<{ rows: number; truncated: boolean }>) =>
      patch(s, a.payload.resource, (r) => ({ ...r, export: { status: 'succeeded', rows: a.payload.rows, truncated: a.payload.truncated } })),
    exportFailed: (s, a: Named<{ error: UserMessage }>) =>
      patch(s, a.payload.resource, (r) => ({ ...r, export: { status: 'failed', error: a.payload.error } })),
    exportCancelled: (s, a: Named) => patch(s, a.payload.resource, (r) => ({ ...r, export: idle })),
  },
  extraReducers: (b) => {
    // Another account must not see the last one's rows.
    const forget = (): ResourcesState => ({});
    b.addCase(sessionEvents.loggedOut, forget).addCase(sessionEvents.expired, forget);
  },
});

export const resourceEvents = resourcesSlice.actions;

/** The part of the store this slice needs (features type selectors against it, not the app's RootState). */
export interface WithResources {
  readonly resources: ResourcesState;
}

export function selectResource(s: WithResources, name: string): ResourceState {
  return s.resources[name] ?? FALLBACK;
}
const FALLBACK = initialResourceState();
