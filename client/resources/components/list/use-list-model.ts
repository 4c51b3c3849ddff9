import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { keyOf } from '../../define.ts';
import { filterFields, type ResolvedFilter } from '../../fields.ts';
import { columnId, serverSortFields, sortRows } from '../../query.ts';
import type { ActionDecl, ColumnDecl, DialogAction, FormAction, ResourceDecl, RowKey } from '../../types.ts';
import { useGrants, type ResourceHandle } from '../../use-resource.ts';
import { withLookupOptions } from '../resource-form.tsx';

/** What a list shows and offers, derived from its declaration, its state and the page's authority list. */
export interface ListModel<Row> {
  readonly filters: readonly ResolvedFilter[];
  /** Fields the list call sorts by on the server (empty: the shown page is sorted here). */
  readonly serverSort: readonly string[];
  readonly hidden: readonly string[];
  readonly columns: readonly ColumnDecl<Row>[];
  readonly rows: readonly Row[];
  readonly pageKeys: readonly RowKey[];
  rowsByKey(keys: readonly RowKey[]): Row[];
  readonly rowActions: readonly ActionDecl<Row>[];
  readonly bulkActions: readonly ActionDecl<Row>[];
  readonly toolbarActions: readonly (DialogAction<Row> | FormAction<Row>)[];
  readonly can: { readonly create: boolean; readonly update: boolean; readonly remove: boolean; readonly export: boolean };
  /** Rows have checkboxes (something can be done with a selection). */
  readonly selectable: boolean;
  readonly hasRowActions: boolean;
  /** Nothing to show yet: skeleton rows, no paging. */
  readonly firstLoad: boolean;
  readonly filtered: boolean;
}

export function useListModel<Row>(decl: ResourceDecl<Row>, r: ResourceHandle<Row>, hideCreate: boolean): ListModel<Row> {
  const grants = useGrants();
  const { i18n } = useTranslation();
  const { state, rows } = r;
  const baseFilters = useMemo(() => filterFields(decl), [decl]);
  const filters = baseFilters.map((f) =>
    f.type === 'field' && f.field.lookup ? { ...f, field: withLookupOptions([f.field], decl.lookups, state.lookups, { language: i18n.language })[0]! } : f,
  );
  const serverSort = useMemo(() => serverSortFields(decl.list), [decl.list]);
  const hidden = state.hiddenColumns ?? decl.columns.filter((c) => c.hiddenByDefault).map(columnId);
  const shownRows = useMemo(() => sortRows(rows, state.query.sort, serverSort), [rows, state.query.sort, serverSort]);

  const actions = (decl.actions ?? []).filter((a) => grants(a.button));
  const bulkActions = actions.filter((a) => a.scope === 'bulk' || a.scope === 'both');
  const rowActions = actions.filter((a) => a.scope === 'row' || a.scope === 'both');
  const can = {
    create: !hideCreate && !!decl.create && grants(decl.create.button),
    update: !!decl.update && grants(decl.update.button),
    remove: !!decl.remove && grants(decl.remove.button),
    export: !!decl.export && grants(decl.export.button),
  };
  const list = state.list;
  return {
    filters,
    serverSort,
    hidden,
    columns: decl.columns.filter((c) => !hidden.includes(columnId(c))),
    rows: shownRows,
    pageKeys: shownRows.map((row) => keyOf(decl, row)),
    rowsByKey: (keys) => shownRows.filter((row) => keys.includes(keyOf(decl, row))),
    rowActions,
    bulkActions,
    toolbarActions: actions.filter((a): a is DialogAction<Row> | FormAction<Row> => a.kind !== 'call' && a.scope === 'toolbar'),
    can,
    selectable: can.remove || bulkActions.length > 0,
    hasRowActions: can.update || can.remove || rowActions.length > 0,
    firstLoad: list.status === 'idle' || (list.status === 'loading' && !('data' in list && list.data)),
    filtered: Object.keys(state.query.filters).length > 0,
  };
}
