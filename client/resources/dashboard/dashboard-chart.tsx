import { Card, H2, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartSeries } from '../../components/chart/line-chart.tsx';
import type { ChartDecl } from './define-dashboard.ts';
import styles from './dashboard.module.css';

// The chart library is its own chunk: a dashboard without charts never downloads it.
const loadLineChart = () => import('../../components/chart/line-chart.tsx');
const LineChart = lazy(loadLineChart);

/**
 * Start downloading the chart library for a dashboard that draws charts, so it arrives beside the figures
 * (its data call) rather than after them, when the first chart renders.
 */
export function preloadCharts(charts: readonly unknown[] | undefined): void {
  if (charts?.length) void loadLineChart().catch(() => undefined); // a failed download: the chart's own boundary shows it
}

/** Whether a chart declares a previous-period overlay (a series with `previous`). */
export const hasOverlay = <D,>(chart: ChartDecl<D>) => chart.series.some((s) => s.previous);

/**
 * A declared line chart in a card; with an overlay, a switch above it draws the previous period of the same
 * length beside each series (dashed, muted, its own legend entry; Shlink shlink-web-client#377).
 */
export function ChartPanel<D>({
  name,
  chart,
  data,
  overlay,
  onOverlay,
}: {
  name: string;
  chart: ChartDecl<D>;
  data: D;
  /** The overlay switch is on. */
  overlay: boolean;
  onOverlay(on: boolean): void;
}) {
  const { t } = useTranslation();
  const base = `resources.${name}.charts.${chart.id}`;
  const title = t(`${base}.title`);
  // Stable props so the plot is rebuilt only when the figures (or the language, or the switch) change.
  const labels = useMemo(() => chart.labels(data), [chart, data]);
  const series = useMemo(() => {
    const now: ChartSeries[] = chart.series.map((s, i) => ({ label: t(`${base}.series.${s.id}`), values: s.values(data), color: i }));
    if (!overlay) return now;
    const before: ChartSeries[] = chart.series.flatMap((s, i) => {
      const values = s.previous?.(data);
      return values
        ? [{ label: t(chart.overlay?.label ?? 'resource.dashboard.previous_series', { series: now[i]!.label }), values, color: i, previous: true }]
        : [];
    });
    return [...now, ...before];
  }, [chart, data, base, t, overlay]);
  return (
    <Card className={styles.panel}>
      <div className={styles.panelHead}>
        <H2 className={styles.cardTitle}>{title}</H2>
        {hasOverlay(chart) && (
          <Switch
            className={styles.overlaySwitch}
            checked={overlay}
            label={t('resource.dashboard.overlay')}
            onChange={(e) => onOverlay(e.currentTarget.checked)}
          />
        )}
      </div>
      <div className={styles.chartBox}>
        <Suspense fallback={<NonIdealState icon={<Spinner size={24} />} />}>
          <LineChart labels={labels} series={series} title={title} xLabel={t(`${base}.x`)} />
        </Suspense>
      </div>
    </Card>
  );
}
