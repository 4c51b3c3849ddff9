import { useRef, type ReactNode } from 'react';
import type { ResourceDecl } from '../types.ts';
import { useResource } from '../use-resource.ts';
import { FiltersBar } from './filters-bar.tsx';
import { ListOverlays } from './list/list-overlays.tsx';
import { ListError } from './list/list-error.tsx';
import { ActionError } from './list/action-error.tsx';
import { NotFoundNotice } from './list/not-found-notice.tsx';
import { ListTable } from './list/list-table.tsx';
import { ListToolbar } from './list/list-toolbar.tsx';
import { ExportNotice } from './list/export-control.tsx';
import { useListDialogs } from './list/use-list-dialogs.ts';
import { useListModel } from './list/use-list-model.ts';
import { useListQuery } from './list/use-list-query.ts';
import { useSearchHotkey } from './list/use-search-hotkey.ts';
import { useFitColumns } from './list/use-fit-columns.ts';
import { Pagination } from './pagination.tsx';
import styles from './resource-list.module.css';

export interface ResourceListProps<Row> {
  decl: ResourceDecl<Row>;
  /** Extra toolbar content on the left (a screen's own controls). */
  toolbar?: ReactNode;
  /** Body fields this list always sends (a nested list of one parent, e.g. `{ qr_code_id }`). */
  fixed?: Readonly<Record<string, unknown>>;
  /** Hide the filter bar even when the declaration has filters. Default false. */
  hideFilters?: boolean;
  /** Hide the Add button (the screen shows its own create form). Default false. */
  hideCreate?: boolean;
  /**
   * The screen's main list: its filters, sort and paging live in the address (shareable, kept on reload,
   * back/forward), and `/` focuses its search. Default false (a nested list in a dialog keeps them to itself).
   */
  inUrl?: boolean;
}

/**
 * The one list of the console, composed of parts that each do one job (./list/): where the query lives,
 * what the list shows and offers, the toolbar (selection, export, columns), the table, the paging and the
 * overlays. Buttons appear only when the page's authority list grants them (the server checks again).
 */
export function ResourceList<Row>({ decl, toolbar, fixed, hideFilters = false, hideCreate = false, inUrl = false }: ResourceListProps<Row>) {
  const r = useResource(decl);
  const changeQuery = useListQuery(decl, r, { fixed, inUrl });
  // Search asks the list again even with the filters already applied (after a failed load, say); the
  // address then follows the store (a new history entry when they changed), which loads nothing more.
  const searchWith = (filters: Record<string, unknown>) => {
    r.search(filters);
    if (inUrl) changeQuery({ filters });
  };
  const model = useListModel(decl, r, hideCreate);
  const dialogs = useListDialogs(r, model.rowsByKey);
  const search = useRef<HTMLFormElement>(null);
  const showFilters = model.filters.length > 0 && !hideFilters;
  useSearchHotkey(search, inUrl && showFilters);
  const { query, list } = r.state;
  const failedWithoutData = list.status === 'failed' && r.rows.length === 0;
  // What the table leaves out to fit its box: the table hides them, the column chooser marks them.
  const fit = useFitColumns(model.columns, model.rows);

  return (
    <div className={styles.list}>
      {showFilters && (
        <FiltersBar ref={search} key={JSON.stringify(query.filters)} filters={model.filters} applied={query.filters} schema={decl.list.request} onApply={searchWith} />
      )}
      <ListToolbar decl={decl} r={r} model={model} dialogs={dialogs} extra={toolbar} dropped={fit.dropped} />
      <ExportNotice r={r} />
      <ListError r={r} instead={failedWithoutData} />
      <ActionError r={r} />
      <NotFoundNotice decl={decl} r={r} />
      {!failedWithoutData && <ListTable decl={decl} r={r} model={model} dialogs={dialogs} changeQuery={changeQuery} boxRef={fit.ref} dropped={fit.dropped} crowded={fit.crowded} />}
      {!model.firstLoad && r.total > 0 && (
        <Pagination
          page={query.page}
          pageSize={query.pageSize}
          total={r.total}
          capped={r.totalCapped}
          shown={r.rows.length}
          onPage={(page) => changeQuery({ page })}
          onPageSize={(pageSize) => changeQuery({ pageSize })}
        />
      )}
      <ListOverlays decl={decl} r={r} dialogs={dialogs} />
    </div>
  );
}
