import { Button, Callout, Intent, ProgressBar } from '@blueprintjs/core';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { useUserMessage } from '../../../components/use-user-message.ts';
import { columnId, columnLabel } from '../../query.ts';
import type { ExportColumn } from '../../resource-slice.ts';
import type { ResourceDecl } from '../../types.ts';
import type { ResourceHandle } from '../../use-resource.ts';
import styles from '../resource-list.module.css';
import type { ListModel } from './use-list-model.ts';

export interface ExportProps<Row> {
  decl: ResourceDecl<Row>;
  r: ResourceHandle<Row>;
  model: ListModel<Row>;
}

/** CSV export of the shown columns (enum codes as their labels): the button, or the progress with cancel. */
export function ExportControl<Row>({ decl, r, model }: ExportProps<Row>) {
  const { t } = useTranslation();
  const exporting = r.state.export;
  if (exporting.status === 'running')
    return (
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
    );
  const exportCsv = () => {
    const cols: ExportColumn[] = model.columns
      .filter((c) => c.kind !== 'custom' || c.text)
      .map((c) => ({
        id: columnId(c),
        header: t(columnLabel(decl, c)),
        labels: c.kind === 'enum' ? Object.fromEntries(c.enum.options.map((o) => [String(o.value), t(o.labelKey)])) : undefined,
      }));
    r.exportCsv(cols, `${decl.name}-${format(new Date(), 'yyyyMMdd-HHmm')}.csv`);
  };
  return <Button icon="export" variant="minimal" text={t('resource.export.button')} onClick={exportCsv} disabled={r.total === 0} />;
}

/** How the last export ended, when there is something to say. */
export function ExportNotice<Row>({ r }: { r: ResourceHandle<Row> }) {
  const { t } = useTranslation();
  const say = useUserMessage();
  const exporting = r.state.export;
  if (exporting.status === 'succeeded' && exporting.truncated)
    return (
      <Callout intent={Intent.WARNING} compact className={styles.callout}>
        {t('resource.export.truncated', { rows: exporting.rows })}
      </Callout>
    );
  if (exporting.status === 'failed')
    return (
      <Callout intent={Intent.DANGER} compact className={styles.callout} role="alert">
        {t('resource.export.failed')}: {say(exporting.error)}
      </Callout>
    );
  return null;
}
