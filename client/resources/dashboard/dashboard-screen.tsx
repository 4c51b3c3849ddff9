import { Button, Card, Classes, FormGroup, H5, HTMLTable, Icon, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { RecordGate } from '../record/record-gate.tsx';
import { useRecord } from '../record/use-record.ts';
import type { CardDecl, ChartDecl, DashboardDecl, TableDecl } from './define-dashboard.ts';
import styles from './dashboard.module.css';

// The chart library is its own chunk: a dashboard without charts never downloads it.
const LineChart = lazy(() => import('../../components/chart/line-chart.tsx'));

function Figure<D>({ name, card, data }: { name: string; card: CardDecl<D>; data: D }) {
  const { t, i18n } = useTranslation();
  const value = card.value(data);
  const text =
    card.format === 'usdt'
      ? new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
          value / 1_000_000,
        )
      : new Intl.NumberFormat(i18n.language).format(value);
  return (
    <Card className={styles.card} data-card={card.id}>
      <div className={styles.cardHead}>
        <Icon icon={card.icon} intent={card.intent} />
        <span className={Classes.TEXT_MUTED}>{t(`resources.${name}.cards.${card.id}`)}</span>
      </div>
      <p className={styles.figure}>{card.format === 'usdt' ? `${text} USDT` : text}</p>
      {card.note && (
        <p className={`${styles.note} ${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t(card.note)}</p>
      )}
    </Card>
  );
}

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
  return (
    <Card className={styles.panel}>
      <H5>{t(`resources.${name}.tables.${table.id}.title`)}</H5>
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
                    {c.kind === 'number'
                      ? number.format(Number(row[c.field]))
                      : c.kind === 'enum' && c.enum
                        ? t(c.enum.labelKey(Number(row[c.field])))
                        : String(row[c.field] ?? '')}
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

function SearchBar({ name, field, placeholder, onSearch }: { name: string; field: string; placeholder?: string; onSearch(value: string): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const id = `dashboard-search-${name}`;
  return (
    <form
      className={styles.search}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value);
      }}
    >
      <FormGroup label={t(`resources.${name}.fields.${field}`)} labelFor={id} inline>
        <InputGroup id={id} value={value} placeholder={placeholder ? t(placeholder) : undefined} onValueChange={setValue} />
      </FormGroup>
      <Button type="submit" icon="search" intent="primary" text={t('common.actions.search')} />
    </form>
  );
}

/** A whole dashboard: figures on cards, then charts and small tables, all from one call's answer. */
export function DashboardScreen<D>({ decl }: { decl: DashboardDecl<D> }) {
  const { t } = useTranslation();
  const { state, data, reload, query } = useRecord(decl.record);
  // The last searched body, so "try again" repeats the same lookup.
  const [searched, setSearched] = useState<Record<string, string> | undefined>();
  const search = (value: string) => {
    const body = value.trim() && decl.search ? { [decl.search.field]: value.trim() } : undefined;
    setSearched(body);
    if (body) query(body);
    else reload();
  };
  return (
    <ScreenFrame
      title={t(`menu.${decl.name}`)}
      description={decl.description ? t(decl.description) : undefined}
    >
      {decl.search && <SearchBar name={decl.name} field={decl.search.field} placeholder={decl.search.placeholder} onSearch={search} />}
      <RecordGate state={state} data={data} onRetry={() => (searched ? query(searched) : reload())}>
        {(d) => (
          <>
            <div className={styles.cards}>
              {decl.cards.map((c) => (
                <Figure key={c.id} name={decl.name} card={c} data={d} />
              ))}
            </div>
            <div className={styles.panels}>
              {decl.charts?.map((c) => (
                <ChartPanel key={c.id} name={decl.name} chart={c} data={d} />
              ))}
              {decl.tables?.map((tb) => (
                <TablePanel key={tb.id} name={decl.name} table={tb} data={d} />
              ))}
            </div>
          </>
        )}
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
