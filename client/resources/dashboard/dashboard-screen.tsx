import { NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { fieldOf } from '../../state/message.ts';
import { RecordGate } from '../record/record-gate.tsx';
import { useRecord } from '../record/use-record.ts';
import type { DashboardDecl } from './define-dashboard.ts';
import { BreakdownSection } from './breakdown-section.tsx';
import { ChartPanel, hasOverlay, preloadCharts } from './dashboard-chart.tsx';
import { Figure } from './dashboard-figure.tsx';
import { DashboardFilters, type FilterValues } from './dashboard-filters.tsx';
import { DashboardSearch } from './dashboard-search.tsx';
import { TablePanel } from './dashboard-table.tsx';
import styles from './dashboard.module.css';

const noOverlay = () => undefined;

/**
 * What a dashboard declares, drawn from data: cards, then charts and small tables. Also fed without a call of
 * its own (access_real_time_statistics draws its live figures with it); without `onOverlay` no switch is offered.
 */
export function DashboardFigures<D>({
  decl,
  data,
  overlay = false,
  onOverlay = noOverlay,
}: {
  decl: Pick<DashboardDecl<D>, 'name' | 'cards' | 'charts' | 'tables'>;
  data: D;
  overlay?: boolean;
  onOverlay?(on: boolean): void;
}) {
  return (
    <>
      <div className={styles.cards}>
        {decl.cards.map((c) => (
          <Figure key={c.id} name={decl.name} card={c} data={data} />
        ))}
      </div>
      <div className={styles.panels}>
        {decl.charts?.map((c) => (
          <ChartPanel
            key={c.id}
            name={decl.name}
            chart={c}
            data={data}
            overlay={overlay}
            onOverlay={onOverlay}
          />
        ))}
        {decl.tables?.map((tb) => (
          <TablePanel key={tb.id} name={decl.name} table={tb} data={data} />
        ))}
      </div>
    </>
  );
}

/** A whole dashboard: figures on cards, then charts and small tables, then breakdowns, all declared. */
export function DashboardScreen<D>({ decl }: { decl: DashboardDecl<D> }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<FilterValues>({});
  const [searched, setSearched] = useState<Record<string, string>>({});
  // One switch per dashboard: every chart of it shows the same periods.
  const [overlay, setOverlay] = useState(
    () => decl.charts?.some((c) => hasOverlay(c) && c.overlay?.initially) ?? false,
  );
  // The declared body with the user's filters (or lookup) over it; unfiltered reads keep the declared body alone.
  const chosen = { ...filters, ...searched, ...(overlay && { compare: true }) };
  const body = Object.keys(chosen).length
    ? { ...(decl.record.body as object | undefined), ...chosen }
    : undefined;
  const { state, data, reload } = useRecord(decl.record, body);
  // The server refused the filters themselves (a day after its today): said at the filter, not as a failed load.
  const filterFields = (decl.filters ?? []).map((f) => f.field);
  const error = state.data.status === 'failed' ? state.data.error : undefined;
  const refusal = error && filterFields.includes(fieldOf(error) ?? '') ? error : undefined;
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
          shown={data !== undefined && decl.applied ? decl.applied(data) : undefined}
          onApply={setFilters}
          schema={decl.record.read.request}
          base={decl.record.body as object | undefined}
          refusal={refusal}
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
      {refusal ? (
        <NonIdealState icon="filter" title={t('resource.dashboard.fix_filters')} />
      ) : (
        <RecordGate state={state} data={data} onRetry={reload} failureReplacesData>
          {(d) => (
            <>
              <DashboardFigures decl={decl} data={d} overlay={overlay} onOverlay={setOverlay} />
              {decl.breakdowns && (
                <BreakdownSection name={decl.name} decl={decl.breakdowns} data={d} filters={filters} />
              )}
            </>
          )}
        </RecordGate>
      )}
    </ScreenFrame>
  );
}

/** A route's default export for a screen that is its dashboard declaration and nothing else. */
export function dashboardScreen<D>(decl: DashboardDecl<D>) {
  // The screen's module is evaluated when it is about to show: its chart chunk downloads from then on, beside
  // the data call, instead of after the answer (React.lazy in dashboard-chart.tsx gets the same module).
  preloadCharts(decl.charts);
  return function DeclaredDashboardScreen() {
    return <DashboardScreen decl={decl} />;
  };
}
