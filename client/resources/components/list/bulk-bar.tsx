import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ResourceHandle } from '../../use-resource.ts';
import styles from '../resource-list.module.css';
import type { ListDialogs } from './use-list-dialogs.ts';
import type { ListModel } from './use-list-model.ts';

export interface BulkBarProps<Row> {
  r: ResourceHandle<Row>;
  model: ListModel<Row>;
  dialogs: ListDialogs<Row>;
}

/** While rows are chosen: how many, what can be done with all of them, and a way to let go. */
export function BulkBar<Row>({ r, model, dialogs }: BulkBarProps<Row>) {
  const { t } = useTranslation();
  const selection = r.state.selection;
  if (selection.length === 0) return null;
  return (
    <div className={styles.bulk} aria-live="polite">
      <span className={styles.muted}>{t('resource.selection.count', { count: selection.length })}</span>
      {model.bulkActions.map((a) => (
        <Button key={a.id} icon={a.icon} intent={a.intent} variant="outlined" text={t(a.label)} onClick={() => dialogs.run(a, [...selection])} />
      ))}
      {model.can.remove && (
        <Button
          icon="trash"
          intent={Intent.DANGER}
          variant="outlined"
          text={t('resource.selection.remove', { count: selection.length })}
          onClick={() => dialogs.confirm({ kind: 'remove', keys: [...selection] })}
        />
      )}
      <Button variant="minimal" icon="cross" aria-label={t('resource.selection.clear')} onClick={() => r.select([])} />
    </div>
  );
}
