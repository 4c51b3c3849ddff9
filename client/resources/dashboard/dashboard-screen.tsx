import { Button, Card, H5, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { downloadText } from '../effects/download.ts';
import { csvText } from '../query.ts';
import { RecordGate } from '../record/record-gate.tsx';
import { useRecord } from '../record/use-record.ts';
import type { ChartDecl, DashboardDecl, TableDecl } from './define-dashboard.ts';
import { Figure } from './dashboard-figure.tsx';
import { DashboardFilters, type FilterValues } from './dashboard-filters.tsx';
import { DashboardSearch } from './dashboard-search.tsx';
import styles from './dashboard.module.css';

// The chart library is its own chunk: a dashboard without charts never downloads it.
const LineChart = lazy(() => import('../../components/chart/line-chart.tsx'));

function ChartPanel<D>({ name, chart, data }: { name: string; chart: ChartDecl<D>; data: D }) {
  const { t } = useTranslation();
  const title = t(`resources.${name}.charts.${chart.id}.title`);
  // Stable props so the plot is rebuilt only when the figures (or the language) change.
  const labels = useMemo(() => chart.labels(data), [chart, data]);
  const series = useMemo(
    () =>
      chart.series.map((s) => ({
        label: t(`resources.${name}.charts.${chart.id}.series.${s.id}`),
        values: s.values(data),
      })),
    [chart, data, name, t],
  );
  return (
    <Card className={styles.panel}>
      <H5>{title}</H5>
      <div className={styles.chartBox}>
        <Suspense fallback={<NonIdealState icon={<Spinner size={24} />} />}>
          <LineChart
            labels={labels}
            series={series}
            title={title}
            xLabel={t(`resources.${name}.charts.${chart.id}.x`)}
          />
        </Suspense>
      </div>
    </Card>
  );
}

function TablePanel<D>({ name, table, data }: { name: string; table: TableDecl<D, never>; data: D }) {
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
        <H5>{t(`resources.${name}.tables.${table.id}.title`)}</H5>
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

/** What a dashboard declares, drawn from data: cards, then charts and small tables (also fed live: access_real_time_statistics). */
export function DashboardFigures<D>({ decl, data }: { decl: Pick<DashboardDecl<D>, 'name' | 'cards' | 'charts' | 'tables'>; data: D }) {
  return (
    <>
      <div className={styles.cards}>
        {decl.cards.map((c) => (
          <Figure key={c.id} name={decl.name} card={c} data={data} />
        ))}
      </div>
      <div className={styles.panels}>
        {decl.charts?.map((c) => (
          <ChartPanel key={c.id} name={decl.name} chart={c} data={data} />
        ))}
        {decl.tables?.map((tb) => (
          <TablePanel key={tb.id} name={decl.name} table={tb} data={data} />
        ))}
      </div>
    </>
  );
}

/** A whole dashboard: figures on cards, then charts and small tables, all from one call's answer. */
export function DashboardScreen<D>({ decl }: { decl: DashboardDecl<D> }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<FilterValues>({});
  const [searched, setSearched] = useState<Record<string, string>>({});
  // The declared body with the user's filters (or lookup) over it; unfiltered reads keep the declared body alone.
  const chosen = { ...filters, ...searched };
  const body = Object.keys(chosen).length ? { ...(decl.record.body as object | undefined), ...chosen } : undefined;
  const { state, data, reload } = useRecord(decl.record, body);
  return (
    <ScreenFrame
      title={t(`menu.${decl.name}`)}
      description={decl.description ? t(decl.description) : undefined}
    >
      {(decl.filters || decl.presets) && (
        <DashboardFilters
          name={decl.name}
          filters={decl.filters ?? []}
          presets={decl.presets}
          onApply={setFilters}
        />
      )}
      {decl.search && (
        <DashboardSearch
          name={decl.name}
          field={decl.search.field}
          placeholder={decl.search.placeholder}
          onSearch={(value) => setSearched(value && decl.search ? { [decl.search.field]: value } : {})}
        />
      )}
      <RecordGate state={state} data={data} onRetry={reload}>
        {(d) => <DashboardFigures decl={decl} data={d} />}
      </RecordGate>
    </ScreenFrame>
  );
}

/** A route's default export for a screen that is its dashboard declaration and nothing else. */
export function dashboardScreen<D>(decl: DashboardDecl<D>) {
  return function DeclaredDashboardScreen() {
    return <DashboardScreen decl={decl} />;
  };
}
