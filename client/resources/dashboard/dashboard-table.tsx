import { Button, Card, H2, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { placeIn, type Locale } from '../../../contracts/index.ts';
import { downloadText } from '../effects/download.ts';
import { csvText } from '../query.ts';
import type { TableDecl } from './define-dashboard.ts';
import styles from './dashboard.module.css';

/** A declared small table in a card, with "Export CSV" when declared. */
export function TablePanel<D>({ name, table, data }: { name: string; table: TableDecl<D, never>; data: D }) {
  const { t, i18n } = useTranslation();
  const rows = table.rows(data) as readonly Record<string, unknown>[];
  const number = new Intl.NumberFormat(i18n.language);
  const cell = (c: TableDecl<D, never>['columns'][number], row: Record<string, unknown>) =>
    c.kind === 'number'
      ? number.format(Number(row[c.field]))
      : c.kind === 'enum' && c.enum
        ? t(c.enum.labelKey(Number(row[c.field])))
        : c.labels
          ? t(`${c.labels}${String(row[c.field])}`)
        : c.kind === 'place'
          ? placeIn(String(row[c.field] ?? ''), i18n.language as Locale)
          : String(row[c.field] ?? '');
  const exportCsv = () => {
    const header = table.columns.map((c) => t(`resources.${name}.fields.${c.field}`));
    // Raw numbers in the file (no thousands separators), labels as shown.
    const data = rows.map((row) =>
      table.columns.map((c) => (c.kind === 'number' ? String(row[c.field]) : cell(c, row))),
    );
    downloadText(`${name}-${table.id}.csv`, csvText(header, data), 'text/csv;charset=utf-8');
  };
  return (
    <Card className={table.wide ? `${styles.panel} ${styles.wide}` : styles.panel}>
      <div className={styles.panelHead}>
        <H2 className={styles.cardTitle}>{t(`resources.${name}.tables.${table.id}.title`)}</H2>
        {table.csv && rows.length > 0 && (
          <Button small icon="download" text={t('resource.dashboard.csv')} onClick={exportCsv} />
        )}
      </div>
      {rows.length ? (
        <HTMLTable
          compact
          striped
          className={styles.table}
          aria-label={t(`resources.${name}.tables.${table.id}.title`)}
        >
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c.field} className={c.kind === 'number' ? styles.numeric : undefined}>
                  {t(`resources.${name}.fields.${c.field}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {table.columns.map((c) => (
                  <td key={c.field} className={c.kind === 'number' ? styles.numeric : undefined}>
                    {cell(c, row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : (
        <NonIdealState icon="th" title={t(table.empty ?? 'resource.empty.title')} />
      )}
    </Card>
  );
}
