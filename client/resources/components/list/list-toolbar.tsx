import { Button, Intent, Spinner, SpinnerSize } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  /** Ids of the shown columns the table leaves out to fit its width (use-fit-columns.ts): the chooser marks them. */
  dropped?: readonly string[];
}

/** Left: add, the screen's toolbar actions, the selection's actions. Right: loading, export, columns, reload. */
export function ListToolbar<Row>({ decl, r, model, dialogs, extra, dropped = [] }: ListToolbarProps<Row>) {
  const { t } = useTranslation();
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
          narrow={dropped}
          onChange={(h) => r.chooseColumns(h)}
        />
        <Hint content={t('common.actions.reload')}>
          <Button icon="refresh" variant="minimal" aria-label={t('common.actions.reload')} onClick={r.reload} />
        </Hint>
      </div>
    </div>
  );
}
