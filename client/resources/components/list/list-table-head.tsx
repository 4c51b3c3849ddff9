import { Checkbox } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { priorityOf } from '../../column-priority.ts';
import { columnId, columnLabel, isSortable } from '../../query.ts';
import type { ResourceDecl } from '../../types.ts';
import type { ResourceHandle } from '../../use-resource.ts';
import styles from '../resource-list.module.css';
import type { ListModel } from './use-list-model.ts';
import type { QueryChange } from './use-list-query.ts';

export interface ListTableHeadProps<Row> {
  decl: ResourceDecl<Row>;
  r: ResourceHandle<Row>;
  model: ListModel<Row>;
  changeQuery: QueryChange;
  /** Ids of the columns left out to fit the table's box. */
  dropped: readonly string[];
}

/** The header row: select the whole page, column titles that sort (ascending, descending, off), actions. */
export function ListTableHead<Row>({ decl, r, model, changeQuery, dropped }: ListTableHeadProps<Row>) {
  const { t } = useTranslation();
  const { pageKeys } = model;
  const { selection, query } = r.state;
  const allSelected = pageKeys.length > 0 && pageKeys.every((k) => selection.includes(k));
  const sortBy = (field: string) => {
    const cur = query.sort;
    changeQuery({ sort: cur?.field === field ? (cur.desc ? null : { field, desc: true }) : { field, desc: false } });
  };
  return (
    <thead>
      <tr>
        {model.selectable && (
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
        {model.columns.map((c, i) => {
          const id = columnId(c);
          // Kept to the last however narrow the table (what the row is, its figure, its state): the phone check reads it.
          const keep = priorityOf(c, i, model.columns) === 1;
          const sort = query.sort?.field === id ? query.sort : null;
          return (
            <th key={id} data-column={id} data-keep={keep || undefined} className={dropped.includes(id) ? styles.dropped : undefined} style={c.width ? { width: c.width } : undefined} aria-sort={sort ? (sort.desc ? 'descending' : 'ascending') : undefined}>
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
        {model.hasRowActions && <th className={styles.actionsCell}>{t('resource.actions.title')}</th>}
      </tr>
    </thead>
  );
}
