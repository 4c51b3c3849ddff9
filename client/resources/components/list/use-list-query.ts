import { useCallback, useEffect, useMemo } from 'react';
import { useStore } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { filterFields } from '../../fields.ts';
import { columnId, isSortable, serverSortFields } from '../../query.ts';
import { applyQueryPatch, DEFAULT_PAGE_SIZE, selectResource, type QueryPatch, type WithResources } from '../../resource-slice.ts';
import type { ResourceDecl } from '../../types.ts';
import type { ResourceHandle } from '../../use-resource.ts';
import { queryFromSearch, queryToSearch, sameUrlQuery, urlQueryKeys, type UrlQueryShape } from '../../url-query.ts';

export interface ListQueryOptions {
  /** Body fields this view always sends (a nested list's parent). */
  readonly fixed?: Readonly<Record<string, unknown>>;
  /** The address holds the query (a screen's main list); else it lives in the store only (nested lists). */
  readonly inUrl: boolean;
}

/** How a change reaches the history: a new entry (back walks it) or in place. */
export type QueryChange = (patch: QueryPatch, how?: 'push' | 'replace') => void;

/**
 * Opens the list and says where its query lives. In the address: the address is the source, the store
 * follows it (one way, so no loop): a change writes the address, and an address change (typed, reloaded,
 * back/forward) becomes the store's query and a load. Nested lists keep their query in the store only.
 */
export function useListQuery<Row>(decl: ResourceDecl<Row>, r: ResourceHandle<Row>, { fixed, inUrl }: ListQueryOptions): QueryChange {
  const store = useStore<WithResources>();
  const [params, setParams] = useSearchParams();
  const shape = useMemo<UrlQueryShape>(() => {
    const onServer = serverSortFields(decl.list);
    return {
      pageSize: decl.pageSize ?? DEFAULT_PAGE_SIZE,
      filters: filterFields(decl),
      sortable: decl.columns.filter((c) => isSortable(c, onServer)).map(columnId),
    };
  }, [decl]);
  const search = inUrl ? params.toString() : '';
  const current = useCallback(() => selectResource(store.getState(), decl.name).query, [store, decl.name]);

  const { open, setQuery } = r;
  const fixedKey = JSON.stringify(fixed ?? {});
  useEffect(() => {
    open(JSON.parse(fixedKey) as Record<string, unknown>, inUrl ? queryFromSearch(new URLSearchParams(search), shape) : undefined);
    // Opened again only when the view changes (not on every address change: those are followed below).
  }, [open, fixedKey, inUrl, shape]);
  useEffect(() => {
    if (!inUrl) return;
    const wanted = queryFromSearch(new URLSearchParams(search), shape);
    if (!sameUrlQuery(current(), wanted, shape)) setQuery(wanted);
  }, [inUrl, search, shape, current, setQuery]);

  return useCallback<QueryChange>(
    (patch, how = 'push') => {
      if (!inUrl) return void setQuery(patch);
      const next = queryToSearch(applyQueryPatch(current(), patch), shape);
      const out = new URLSearchParams(params);
      for (const k of urlQueryKeys(shape)) out.delete(k);
      // append: a list filter is one parameter per item (url-query.ts), all of which must stay.
      next.forEach((v, k) => out.append(k, v));
      // The same address again would only add a history entry that goes nowhere.
      if (out.toString() === params.toString()) return;
      setParams(out, { replace: how === 'replace' });
    },
    [inUrl, setQuery, current, shape, params, setParams],
  );
}
