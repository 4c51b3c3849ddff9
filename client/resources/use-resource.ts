import { useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { dataOf } from '../state/async.ts';
import { useAuthority } from '../state/hooks.ts';
import {
  resourceEvents as ev,
  selectResource,
  type ExportColumn,
  type ListQuery,
  type QueryPatch,
  type SaveSubmission,
  type ResourceState,
  type WithResources,
} from './resource-slice.ts';
import type { ResourceDecl, RowKey } from './types.ts';

/** A resource screen's state and the events it can send, bound to its name. */
export function useResource<Row>(decl: ResourceDecl<Row>) {
  const dispatch = useDispatch();
  const name = decl.name;
  const state: ResourceState = useSelector((s: WithResources) => selectResource(s, name));
  const data = dataOf(state.list);
  const events = useMemo(
    () => ({
      open: (fixed?: Readonly<Record<string, unknown>>, query?: ListQuery) => dispatch(ev.opened({ resource: name, pageSize: decl.pageSize, fixed, query })),
      setQuery: (patch: QueryPatch) => dispatch(ev.queryChanged({ resource: name, patch })),
      search: (filters: Readonly<Record<string, unknown>>) => dispatch(ev.searched({ resource: name, filters })),
      reload: () => dispatch(ev.reloadRequested({ resource: name })),
      select: (keys: readonly RowKey[]) => dispatch(ev.selectionChanged({ resource: name, keys })),
      chooseColumns: (hidden: readonly string[]) => dispatch(ev.columnsChosen({ resource: name, hidden })),
      save: (mode: SaveSubmission['mode'], body: unknown) => dispatch(ev.saveSubmitted({ resource: name, mode, body })),
      resetSave: () => dispatch(ev.saveReset({ resource: name })),
      refreshRow: (key: RowKey) => dispatch(ev.detailsRequested({ resource: name, key })),
      remove: (keys: readonly RowKey[]) => dispatch(ev.removeConfirmed({ resource: name, keys })),
      runAction: (action: string, keys: readonly RowKey[]) => dispatch(ev.actionConfirmed({ resource: name, action, keys })),
      dismissActionError: () => dispatch(ev.actionErrorDismissed({ resource: name })),
      exportCsv: (columns: readonly ExportColumn[], fileName: string) => dispatch(ev.exportRequested({ resource: name, columns, fileName })),
      cancelExport: () => dispatch(ev.exportCancelled({ resource: name })),
    }),
    [dispatch, name, decl.pageSize],
  );
  return {
    decl,
    state,
    // The saga stored the list call's validated answer; the declaration's list call gives it this row type.
    rows: (data?.rows ?? []) as readonly Row[],
    total: data?.total ?? 0,
    totalCapped: data?.totalCapped === true,
    ...events,
  };
}

export type ResourceHandle<Row> = ReturnType<typeof useResource<Row>>;

/** Whether the page's authority list grants a button; `undefined` (no button named) means always. */
export function useGrants(): (button: string | undefined) => boolean {
  const authority = useAuthority();
  return (button) => button === undefined || authority.includes(button);
}
