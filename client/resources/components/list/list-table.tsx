import { Button, Checkbox, Classes, HTMLTable, Intent, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keyOf } from '../../define.ts';
import { columnId } from '../../query.ts';
import type { ResourceDecl } from '../../types.ts';
import type { ResourceHandle } from '../../use-resource.ts';
import { Cell } from '../cell.tsx';
import styles from '../resource-list.module.css';
import { ListTableHead } from './list-table-head.tsx';
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
  /** Gets the table's box (use-fit-columns.ts measures what fits in it). */
  boxRef?(el: HTMLElement | null): void;
  /** Ids of the columns left out to fit the box (use-fit-columns.ts). */
  dropped?: readonly string[];
  /** Even the kept columns do not fit: each row's buttons fold into one menu. Default false. */
  crowded?: boolean;
}

/** The table: its header, then skeleton rows, an empty state, or the rows with checkbox and actions. */
export function ListTable<Row>({ decl, r, model, dialogs, changeQuery, boxRef, dropped = [], crowded = false }: ListTableProps<Row>) {
  const { t } = useTranslation();
  const { columns, selectable, hasRowActions } = model;
  const { selection, list } = r.state;
  const colSpan = columns.length + (selectable ? 1 : 0) + (hasRowActions ? 1 : 0);

  const header = <ListTableHead decl={decl} r={r} model={model} changeQuery={changeQuery} dropped={dropped} />;

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
            description={t(filtered ? 'resource.empty.filtered_description' : (decl.empty ?? 'resource.empty.description'))}
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
            <td key={columnId(c)} className={dropped.includes(columnId(c)) ? styles.dropped : undefined}>
              <Cell column={c} row={row} rows={model.rows} />
            </td>
          ))}
          {hasRowActions && (
            <td className={styles.actionsCell}>
              <RowActions row={row} rowKey={key} model={model} dialogs={dialogs} folded={crowded} />
            </td>
          )}
        </tr>
      );
    });
  }

  return (
    <div className={styles.tableWrap} ref={boxRef}>
      <HTMLTable className={styles.table} striped compact aria-label={t(decl.title ?? `menu.${decl.name}`)} aria-busy={list.status === 'loading'}>
        {header}
        <tbody>{body}</tbody>
      </HTMLTable>
    </div>
  );
}
