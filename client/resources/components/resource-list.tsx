import {
  Alert,
  Button,
  ButtonGroup,
  Callout,
  Checkbox,
  Classes,
  HTMLTable,
  Intent,
  Menu,
  MenuItem,
  NonIdealState,
  PopoverNext,
  ProgressBar,
  Spinner,
  SpinnerSize,

} from '@blueprintjs/core';
import { format } from 'date-fns';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserMessage } from '../../components/use-user-message.ts';
import { keyOf } from '../define.ts';
import { fieldLabel, filterFields, labelsOf } from '../fields.ts';
import { columnId, serverSortFields, sortRows } from '../query.ts';
import type { ExportColumn } from '../resource-slice.ts';
import type { ActionDecl, CallAction, ColumnDecl, DialogAction, FormAction, ResourceDecl, RowKey } from '../types.ts';
import { useGrants, useResource } from '../use-resource.ts';
import { Cell } from './cell.tsx';
import { Hint } from './hint.tsx';
import { ColumnChooser } from './column-chooser.tsx';
import { FiltersBar } from './filters-bar.tsx';
import { Pagination } from './pagination.tsx';
import { ResourceForm, withLookupOptions } from './resource-form.tsx';
import styles from './resource-list.module.css';

type Confirming = { kind: 'remove'; keys: RowKey[] } | { kind: 'action'; action: CallAction<unknown>; keys: RowKey[] } | null;
type Editing<Row> = { mode: 'create' } | { mode: 'update'; row: Row } | { mode: 'action'; action: FormAction<Row>; rows: Row[] } | null;
type OpenDialog<Row> = { action: DialogAction<Row>; rows: Row[] } | null;

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
}

function labelOf<Row>(decl: ResourceDecl<Row>, c: ColumnDecl<Row>): string {
  return c.label ?? fieldLabel(labelsOf(decl), columnId(c));
}

const SKELETON_ROWS = 5;
const INLINE_ACTIONS = 2;

/**
 * The one list of the console: filters, sortable table, selection with bulk actions, row actions, column
 * chooser, pagination, CSV export with progress, and the create/edit form. Buttons appear only when the
 * page's authority list grants them (the server checks again).
 */
export function ResourceList<Row>({ decl, toolbar, fixed, hideFilters = false, hideCreate = false }: ResourceListProps<Row>) {
  const { t } = useTranslation();
  const say = useUserMessage();
  const grants = useGrants();
  const r = useResource(decl);
  const { state, rows, total } = r;
  const [editing, setEditing] = useState<Editing<Row>>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [dialog, setDialog] = useState<OpenDialog<Row>>(null);

  const { open } = r;
  const fixedKey = JSON.stringify(fixed ?? {});
  useEffect(() => {
    open(JSON.parse(fixedKey) as Record<string, unknown>);
  }, [open, fixedKey]);

  const baseFilters = useMemo(() => filterFields(decl), [decl]);
  const filters = baseFilters.map((f) =>
    f.type === 'field' && f.field.lookup ? { ...f, field: withLookupOptions([f.field], decl.lookups, state.lookups)[0] } : f,
  );
  const serverSort = useMemo(() => serverSortFields(decl.list), [decl.list]);
  const hidden = state.hiddenColumns ?? decl.columns.filter((c) => c.hiddenByDefault).map(columnId);
  const columns = decl.columns.filter((c) => !hidden.includes(columnId(c)));
  const shownRows = useMemo(() => sortRows(rows, state.query.sort, serverSort), [rows, state.query.sort, serverSort]);

  const actions = (decl.actions ?? []).filter((a) => grants(a.button));
  const rowActions = actions.filter((a) => a.scope === 'row' || a.scope === 'both');
  const bulkActions = actions.filter((a) => a.scope === 'bulk' || a.scope === 'both');
  const toolbarActions = actions.filter((a): a is DialogAction<Row> => a.kind === 'dialog' && a.scope === 'toolbar');
  const canCreate = !hideCreate && !!decl.create && grants(decl.create.button);
  const canUpdate = !!decl.update && grants(decl.update.button);
  const canRemove = !!decl.remove && grants(decl.remove.button);
  const canExport = !!decl.export && grants(decl.export.button);
  const selectable = canRemove || bulkActions.length > 0;
  const hasRowActions = canUpdate || canRemove || rowActions.length > 0;

  const selection = state.selection;
  const pageKeys = shownRows.map((row) => keyOf(decl, row));
  const allSelected = pageKeys.length > 0 && pageKeys.every((k) => selection.includes(k));
  const someSelected = selection.length > 0 && !allSelected;
  const rowsByKey = (keys: readonly RowKey[]) => shownRows.filter((row) => keys.includes(keyOf(decl, row)));

  const { resetSave } = r;
  const closeForm = useCallback(() => {
    setEditing(null);
    resetSave();
  }, [resetSave]);
  const startEdit = (next: Editing<Row>) => {
    resetSave();
    setEditing(next);
  };

  const runAction = (a: ActionDecl<Row>, keys: RowKey[]) => {
    if (a.kind === 'dialog') setDialog({ action: a, rows: rowsByKey(keys) });
    else if (a.kind === 'form') startEdit({ mode: 'action', action: a, rows: rowsByKey(keys) });
    else if (a.confirm) setConfirming({ kind: 'action', action: a as CallAction<unknown>, keys });
    else r.runAction(a.id, keys);
  };

  const exportCsv = () => {
    const cols: ExportColumn[] = columns
      .filter((c) => c.kind !== 'custom' || c.text)
      .map((c) => ({
        id: columnId(c),
        header: t(labelOf(decl, c)),
        labels: c.kind === 'enum' ? Object.fromEntries(c.enum.options.map((o) => [String(o.value), t(o.labelKey)])) : undefined,
      }));
    r.exportCsv(cols, `${decl.name}-${format(new Date(), 'yyyyMMdd-HHmm')}.csv`);
  };

  const sortBy = (field: string) => {
    const cur = state.query.sort;
    r.setQuery({ sort: cur?.field === field ? (cur.desc ? null : { field, desc: true }) : { field, desc: false } });
  };

  const list = state.list;
  const filtered = Object.keys(state.query.filters).length > 0;
  const firstLoad = list.status === 'idle' || (list.status === 'loading' && !('data' in list && list.data));
  const colSpan = columns.length + (selectable ? 1 : 0) + (hasRowActions ? 1 : 0);

  const header = (
    <thead>
      <tr>
        {selectable && (
          <th className={styles.checkCell}>
            <Checkbox
              aria-label={t('resource.selection.all')}
              checked={allSelected}
              indeterminate={someSelected}
              disabled={pageKeys.length === 0}
              onChange={(e) => r.select(e.currentTarget.checked ? pageKeys : [])}
              className={styles.check}
            />
          </th>
        )}
        {columns.map((c) => {
          const id = columnId(c);
          // Lists the server sorts offer the server's fields (whole result); others sort the shown page.
          const sortable = c.sortable ?? (serverSort.length ? serverSort.includes(id) : c.kind !== 'custom');
          const sort = state.query.sort?.field === id ? state.query.sort : null;
          return (
            <th key={id} style={c.width ? { width: c.width } : undefined} aria-sort={sort ? (sort.desc ? 'descending' : 'ascending') : undefined}>
              {sortable ? (
                <button type="button" className={styles.sortButton} onClick={() => sortBy(id)}>
                  {t(labelOf(decl, c))}
                  <span aria-hidden="true" className={styles.sortMark}>
                    {sort ? (sort.desc ? '▼' : '▲') : '↕'}
                  </span>
                </button>
              ) : (
                t(labelOf(decl, c))
              )}
            </th>
          );
        })}
        {hasRowActions && <th className={styles.actionsCell}>{t('resource.actions.title')}</th>}
      </tr>
    </thead>
  );

  let body: ReactNode;
  if (firstLoad) {
    body = Array.from({ length: SKELETON_ROWS }, (_, i) => (
      <tr key={i} aria-hidden="true">
        {Array.from({ length: colSpan }, (_, j) => (
          <td key={j}>
            <span className={Classes.SKELETON}>loading</span>
          </td>
        ))}
      </tr>
    ));
  } else if (shownRows.length === 0 && list.status !== 'failed') {
    body = (
      <tr>
        <td colSpan={colSpan} className={styles.emptyCell}>
          <NonIdealState
            icon={filtered ? 'search' : 'inbox'}
            title={t(filtered ? 'resource.empty.filtered_title' : 'resource.empty.title')}
            description={t(filtered ? 'resource.empty.filtered_description' : 'resource.empty.description')}
            action={
              filtered ? (
                <Button icon="filter-remove" text={t('resource.filters.clear')} onClick={() => r.setQuery({ filters: {} })} />
              ) : canCreate ? (
                <Button icon="add" intent={Intent.PRIMARY} text={t('common.actions.add')} onClick={() => startEdit({ mode: 'create' })} />
              ) : undefined
            }
          />
        </td>
      </tr>
    );
  } else {
    body = shownRows.map((row) => {
      const key = keyOf(decl, row);
      const checked = selection.includes(key);
      return (
        <tr key={String(key)} aria-selected={selectable ? checked : undefined}>
          {selectable && (
            <td className={styles.checkCell}>
              <Checkbox
                aria-label={t('resource.selection.row', { key })}
                checked={checked}
                onChange={(e) => r.select(e.currentTarget.checked ? [...selection, key] : selection.filter((k) => k !== key))}
                className={styles.check}
              />
            </td>
          )}
          {columns.map((c) => (
            <td key={columnId(c)}>
              <Cell column={c} row={row} />
            </td>
          ))}
          {hasRowActions && (
            <td className={styles.actionsCell}>
              <ButtonGroup variant="minimal" size="small">
                {(() => {
                  const offered = rowActions.filter((a) => a.visible?.(row) ?? true);
                  // Rows stay one line high: edit and a couple of actions as icons, the rest (and then also
                  // delete) in a "more" menu.
                  const crowded = offered.length > INLINE_ACTIONS;
                  const inline = crowded ? offered.slice(0, INLINE_ACTIONS) : offered;
                  const more = offered.slice(inline.length);
                  const remove = () => setConfirming({ kind: 'remove', keys: [key] });
                  return (
                    <>
                      {inline.map((a) => (
                        <Hint key={a.id} content={t(a.label)}>
                          <Button icon={a.icon} intent={a.intent} aria-label={t(a.label)} onClick={() => runAction(a, [key])} />
                        </Hint>
                      ))}
                      {canUpdate && (
                        <Hint content={t('common.actions.update')}>
                          <Button icon="edit" aria-label={t('common.actions.update')} onClick={() => startEdit({ mode: 'update', row })} />
                        </Hint>
                      )}
                      {canRemove && !crowded && (
                        <Hint content={t('common.actions.remove')}>
                          <Button icon="trash" intent={Intent.DANGER} aria-label={t('common.actions.remove')} onClick={remove} />
                        </Hint>
                      )}
                      {crowded && (
                        <PopoverNext
                          placement="bottom-end"
                          content={
                            <Menu>
                              {more.map((a) => (
                                <MenuItem key={a.id} icon={a.icon} intent={a.intent} text={t(a.label)} onClick={() => runAction(a, [key])} />
                              ))}
                              {canRemove && <MenuItem icon="trash" intent={Intent.DANGER} text={t('common.actions.remove')} onClick={remove} />}
                            </Menu>
                          }
                        >
                          <Button icon="more" aria-label={t('resource.actions.more')} />
                        </PopoverNext>
                      )}
                    </>
                  );
                })()}
              </ButtonGroup>
            </td>
          )}
        </tr>
      );
    });
  }

  const exporting = state.export;
  const failedWithoutData = list.status === 'failed' && rows.length === 0;

  return (
    <div className={styles.list}>
      {filters.length > 0 && !hideFilters && <FiltersBar key={JSON.stringify(state.query.filters)} filters={filters} applied={state.query.filters} onApply={(f) => r.setQuery({ filters: f })} />}

      <div className={styles.toolbar} role="toolbar" aria-label={t('resource.actions.toolbar')}>
        <div className={styles.toolbarLeft}>
          {canCreate && <Button icon="add" intent={Intent.PRIMARY} text={t('common.actions.add')} onClick={() => startEdit({ mode: 'create' })} />}
          {toolbarActions.map((a) => (
            <Button key={a.id} icon={a.icon} intent={a.intent} text={t(a.label)} onClick={() => setDialog({ action: a, rows: [] })} />
          ))}
          {selection.length > 0 && (
            <div className={styles.bulk} aria-live="polite">
              <span className={styles.muted}>{t('resource.selection.count', { count: selection.length })}</span>
              {bulkActions.map((a) => (
                <Button key={a.id} icon={a.icon} intent={a.intent} variant="outlined" text={t(a.label)} onClick={() => runAction(a, [...selection])} />
              ))}
              {canRemove && (
                <Button
                  icon="trash"
                  intent={Intent.DANGER}
                  variant="outlined"
                  text={t('resource.selection.remove', { count: selection.length })}
                  onClick={() => setConfirming({ kind: 'remove', keys: [...selection] })}
                />
              )}
              <Button variant="minimal" icon="cross" aria-label={t('resource.selection.clear')} onClick={() => r.select([])} />
            </div>
          )}
          {toolbar}
        </div>
        <div className={styles.toolbarRight}>
          {list.status === 'loading' && !firstLoad && <Spinner size={SpinnerSize.SMALL} aria-label={t('common.states.loading')} />}
          {canExport &&
            (exporting.status === 'running' ? (
              <div className={styles.exporting} role="status">
                <span className={styles.muted}>{t('resource.export.progress', { done: exporting.done, total: exporting.total })}</span>
                <ProgressBar
                  className={styles.progress}
                  intent={Intent.PRIMARY}
                  value={exporting.total ? exporting.done / exporting.total : undefined}
                  aria-label={t('resource.export.running')}
                />
                <Button size="small" variant="minimal" icon="cross" aria-label={t('common.actions.cancel')} onClick={r.cancelExport} />
              </div>
            ) : (
              <Button icon="export" variant="minimal" text={t('resource.export.button')} onClick={exportCsv} disabled={total === 0} />
            ))}
          <ColumnChooser
            columns={decl.columns.map((c) => ({ id: columnId(c), label: t(labelOf(decl, c)) }))}
            hidden={hidden}
            onChange={(h) => r.chooseColumns(h)}
          />
          <Hint content={t('common.actions.reload')}>
            <Button icon="refresh" variant="minimal" aria-label={t('common.actions.reload')} onClick={r.reload} />
          </Hint>
        </div>
      </div>

      {exporting.status === 'succeeded' && exporting.truncated && (
        <Callout intent={Intent.WARNING} compact className={styles.callout}>
          {t('resource.export.truncated', { rows: exporting.rows })}
        </Callout>
      )}
      {exporting.status === 'failed' && (
        <Callout intent={Intent.DANGER} compact className={styles.callout} role="alert">
          {t('resource.export.failed')}: {say(exporting.error)}
        </Callout>
      )}
      {list.status === 'failed' && !failedWithoutData && (
        <Callout intent={Intent.DANGER} compact className={styles.callout} role="alert">
          {say(list.error)} <Button size="small" variant="minimal" icon="refresh" text={t('common.actions.retry')} onClick={r.reload} />
        </Callout>
      )}

      {failedWithoutData ? (
        <NonIdealState
          icon="error"
          title={t('common.states.load_failed')}
          description={say(list.status === 'failed' ? list.error : undefined)}
          action={<Button icon="refresh" text={t('common.actions.retry')} onClick={r.reload} />}
        />
      ) : (
        <div className={styles.tableWrap}>
          <HTMLTable className={styles.table} striped compact aria-label={t(decl.title ?? `menu.${decl.name}`)} aria-busy={list.status === 'loading'}>
            {header}
            <tbody>{body}</tbody>
          </HTMLTable>
        </div>
      )}

      {!firstLoad && total > 0 && (
        <Pagination
          page={state.query.page}
          pageSize={state.query.pageSize}
          total={total}
          onPage={(page) => r.setQuery({ page })}
          onPageSize={(pageSize) => r.setQuery({ pageSize })}
        />
      )}

      {editing?.mode === 'action' ? (
        <ResourceForm
          resource={decl.name}
          labels={labelsOf(decl)}
          form={editing.action.form}
          mode="create"
          rows={editing.rows}
          title={`${t(editing.action.label)} · ${t('resource.selection.count', { count: editing.rows.length })}`}
          save={state.save}
          lookups={decl.lookups}
          lookupState={state.lookups}
          onSubmit={(b) => r.save({ action: editing.action.id }, b)}
          onClose={closeForm}
        />
      ) : (
        editing &&
        (editing.mode === 'create' ? decl.create : decl.update) && (
          <ResourceForm
            resource={decl.name}
            labels={labelsOf(decl)}
            form={(editing.mode === 'create' ? decl.create : decl.update)!}
            mode={editing.mode}
            rows={editing.mode === 'update' ? [editing.row] : []}
            save={state.save}
            lookups={decl.lookups}
            lookupState={state.lookups}
            onSubmit={(b) => r.save(editing.mode, b)}
            onClose={closeForm}
          />
        )
      )}

      <Alert
        isOpen={confirming !== null}
        intent={Intent.DANGER}
        icon={confirming?.kind === 'remove' ? 'trash' : (confirming?.action.icon ?? 'warning-sign')}
        cancelButtonText={t('common.actions.cancel')}
        confirmButtonText={t(confirming?.kind === 'remove' ? 'common.actions.remove' : 'common.actions.confirm')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming?.kind === 'remove') r.remove(confirming.keys);
          else if (confirming?.kind === 'action') r.runAction(confirming.action.id, confirming.keys);
          setConfirming(null);
        }}
      >
        <p>
          {confirming?.kind === 'remove'
            ? t(decl.remove?.permanent ? 'resource.confirm.remove_permanent' : 'resource.confirm.remove', { count: confirming.keys.length })
            : confirming?.kind === 'action'
              ? t(confirming.action.confirm === 'danger' ? 'resource.confirm.action_danger' : 'resource.confirm.action', {
                  action: t(confirming.action.label),
                  count: confirming.keys.length,
                })
              : null}
        </p>
      </Alert>

      {dialog && <dialog.action.dialog rows={dialog.rows} isOpen onClose={() => setDialog(null)} reload={r.reload} />}
    </div>
  );
}
