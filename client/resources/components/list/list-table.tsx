import { Button, Checkbox, Classes, HTMLTable, Intent, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keyOf } from '../../define.ts';
import { columnId, columnLabel, isSortable } from '../../query.ts';
import type { ResourceDecl } from '../../types.ts';
import type { ResourceHandle } from '../../use-resource.ts';
import { Cell } from '../cell.tsx';
import styles from '../resource-list.module.css';
import { RowActions } from './row-actions.tsx';
import type { ListDialogs } from './use-list-dialogs.ts';
import type { ListModel } from './use-list-model.ts';
import type { QueryChange } from './use-list-query.ts';

const SKELETON_ROWS = 5;

export interface ListTableProps<Row> {
  decl: ResourceDecl<Row>;
  r: ResourceHandle<Row>;
  model: ListModel<Row>;
  dialogs: ListDialogs<Row>;
  changeQuery: QueryChange;
}

/** The table: a header that sorts, and skeleton rows, an empty state, or the rows with checkbox and actions. */
export function ListTable<Row>({ decl, r, model, dialogs, changeQuery }: ListTableProps<Row>) {
  const { t } = useTranslation();
  const { columns, selectable, hasRowActions, pageKeys } = model;
  const { selection, query, list } = r.state;
  const allSelected = pageKeys.length > 0 && pageKeys.every((k) => selection.includes(k));
  const colSpan = columns.length + (selectable ? 1 : 0) + (hasRowActions ? 1 : 0);

  const sortBy = (field: string) => {
    const cur = query.sort;
    changeQuery({ sort: cur?.field === field ? (cur.desc ? null : { field, desc: true }) : { field, desc: false } });
  };

  const header = (
    <thead>
      <tr>
        {selectable && (
          <th className={styles.checkCell}>
            <Checkbox
              aria-label={t('resource.selection.all')}
              checked={allSelected}
              indeterminate={selection.length > 0 && !allSelected}
              disabled={pageKeys.length === 0}
              onChange={(e) => r.select(e.currentTarget.checked ? pageKeys : [])}
              className={styles.check}
            />
          </th>
        )}
        {columns.map((c) => {
          const id = columnId(c);
          const sort = query.sort?.field === id ? query.sort : null;
          return (
            <th key={id} style={c.width ? { width: c.width } : undefined} aria-sort={sort ? (sort.desc ? 'descending' : 'ascending') : undefined}>
              {isSortable(c, model.serverSort) ? (
                <button type="button" className={styles.sortButton} onClick={() => sortBy(id)}>
                  {t(columnLabel(decl, c))}
                  <span aria-hidden="true" className={styles.sortMark}>
                    {sort ? (sort.desc ? '▼' : '▲') : '↕'}
                  </span>
                </button>
              ) : (
                t(columnLabel(decl, c))
              )}
            </th>
          );
        })}
        {hasRowActions && <th className={styles.actionsCell}>{t('resource.actions.title')}</th>}
      </tr>
    </thead>
  );

  let body: ReactNode;
  if (model.firstLoad) {
    body = Array.from({ length: SKELETON_ROWS }, (_, i) => (
      <tr key={i} aria-hidden="true">
        {Array.from({ length: colSpan }, (_, j) => (
          <td key={j}>
            <span className={Classes.SKELETON}>loading</span>
          </td>
        ))}
      </tr>
    ));
  } else if (model.rows.length === 0 && list.status !== 'failed') {
    const filtered = model.filtered;
    body = (
      <tr>
        <td colSpan={colSpan} className={styles.emptyCell}>
          <NonIdealState
            icon={filtered ? 'search' : 'inbox'}
            title={t(filtered ? 'resource.empty.filtered_title' : 'resource.empty.title')}
            description={t(filtered ? 'resource.empty.filtered_description' : 'resource.empty.description')}
            action={
              filtered ? (
                <Button icon="filter-remove" text={t('resource.filters.clear')} onClick={() => changeQuery({ filters: {} })} />
              ) : model.can.create ? (
                <Button icon="add" intent={Intent.PRIMARY} text={t('common.actions.add')} onClick={() => dialogs.startEdit({ mode: 'create' })} />
              ) : undefined
            }
          />
        </td>
      </tr>
    );
  } else {
    body = model.rows.map((row) => {
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
              <RowActions row={row} rowKey={key} model={model} dialogs={dialogs} />
            </td>
          )}
        </tr>
      );
    });
  }

  return (
    <div className={styles.tableWrap}>
      <HTMLTable className={styles.table} striped compact aria-label={t(decl.title ?? `menu.${decl.name}`)} aria-busy={list.status === 'loading'}>
        {header}
        <tbody>{body}</tbody>
      </HTMLTable>
    </div>
  );
}
