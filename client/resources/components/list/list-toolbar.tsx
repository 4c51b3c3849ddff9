import { Button, Intent, Spinner, SpinnerSize } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { droppedAt, priorityOf } from '../../column-priority.ts';
import { columnId, columnLabel } from '../../query.ts';
import type { ResourceDecl } from '../../types.ts';
import type { ResourceHandle } from '../../use-resource.ts';
import { ColumnChooser } from '../column-chooser.tsx';
import { Hint } from '../hint.tsx';
import styles from '../resource-list.module.css';
import { BulkBar } from './bulk-bar.tsx';
import { ExportControl } from './export-control.tsx';
import type { ListDialogs } from './use-list-dialogs.ts';
import type { ListModel } from './use-list-model.ts';

export interface ListToolbarProps<Row> {
  decl: ResourceDecl<Row>;
  r: ResourceHandle<Row>;
  model: ListModel<Row>;
  dialogs: ListDialogs<Row>;
  /** A screen's own controls, after the list's. */
  extra?: ReactNode;
  /** The table's width in px (0: not measured): the chooser marks the columns this width drops. */
  tableWidth?: number;
}

/** Left: add, the screen's toolbar actions, the selection's actions. Right: loading, export, columns, reload. */
export function ListToolbar<Row>({ decl, r, model, dialogs, extra, tableWidth = 0 }: ListToolbarProps<Row>) {
  const { t } = useTranslation();
  // Priorities as the table computes them, over the columns it shows (list-table.tsx).
  const narrow = model.columns.filter((c, i, shown) => droppedAt(priorityOf(c, i, shown), tableWidth)).map(columnId);
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('resource.actions.toolbar')}>
      <div className={styles.toolbarLeft}>
        {model.can.create && <Button icon="add" intent={Intent.PRIMARY} text={t('common.actions.add')} onClick={() => dialogs.startEdit({ mode: 'create' })} />}
        {model.toolbarActions.map((a) => (
          <Button key={a.id} icon={a.icon} intent={a.intent} text={t(a.label)} onClick={() => dialogs.run(a, [])} />
        ))}
        <BulkBar r={r} model={model} dialogs={dialogs} />
        {extra}
      </div>
      <div className={styles.toolbarRight}>
        {r.state.list.status === 'loading' && !model.firstLoad && <Spinner size={SpinnerSize.SMALL} aria-label={t('common.states.loading')} />}
        {model.can.export && <ExportControl decl={decl} r={r} model={model} />}
        <ColumnChooser
          columns={decl.columns.map((c) => ({ id: columnId(c), label: t(columnLabel(decl, c)) }))}
          hidden={model.hidden}
          narrow={narrow}
          onChange={(h) => r.chooseColumns(h)}
        />
        <Hint content={t('common.actions.reload')}>
          <Button icon="refresh" variant="minimal" aria-label={t('common.actions.reload')} onClick={r.reload} />
        </Hint>
      </div>
    </div>
  );
}
