import 'uplot/dist/uPlot.min.css';
import { Colors } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { Theme } from '../../../contracts/index.ts';
import { useCoreSelector } from '../../state/hooks.ts';
import styles from './line-chart.module.css';

export interface ChartSeries {
  /** Shown in the legend. */
  readonly label: string;
  readonly values: readonly number[];
  /** Palette slot (default: the series' position); an overlaid previous period shares its series' slot. */
  readonly color?: number;
  /** A previous period: dashed, thinner and muted, so the current line stays in front. */
  readonly previous?: boolean;
}

export interface LineChartProps {
  /** One label per point (days 'YYYY-MM-DD' are shortened to 'MM-DD' on the axis). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Read by screen readers (the chart itself is a picture). */
  title: string;
  /** Legend name of the x values (e.g. "Day"). */
  xLabel: string;
  /** Height in px. Default 260. */
  height?: number;
}

/** Line colours per theme, Blueprint's own palette (the darker shades on light, the lighter on dark). */
const LINES = {
  light: [Colors.BLUE3, Colors.GREEN3, Colors.ORANGE3, Colors.VIOLET3],
  dark: [Colors.BLUE5, Colors.GREEN5, Colors.ORANGE5, Colors.VIOLET5],
};
const INK = {
  light: { text: Colors.DARK_GRAY5, grid: Colors.LIGHT_GRAY2 },
  dark: { text: Colors.LIGHT_GRAY4, grid: Colors.DARK_GRAY5 },
};

const COUNT_STEPS = [1, 2, 5].flatMap((m) => Array.from({ length: 9 }, (_, e) => m * 10 ** e)).sort((a, b) => a - b);

const short = (label: string | undefined) =>
  label && /^\d{4}-\d{2}-\d{2}$/.test(label) ? label.slice(5) : (label ?? '');

function options(props: LineChartProps, width: number, dark: boolean): uPlot.Options {
  const theme = dark ? 'dark' : 'light';
  const ink = INK[theme];
  const axis: uPlot.Axis = {
    stroke: ink.text,
    grid: { stroke: ink.grid, width: 1 },
    ticks: { stroke: ink.grid, width: 1 },
  };
  return {
    width,
    height: props.height ?? 260,
    // x is the point's index: labels are categories (days), not instants to convert across time zones.
    // Half a step of room either side so the first and last points are not cut by the plot's edge.
    scales: { x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] } },
    // Series names only: hover values would repeat what the axis and the table say.
    legend: { live: false },
    axes: [
      {
        ...axis,
        values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? short(props.labels[i]) : '')),
      },
      // Every chart counts things: whole-number steps only (no "0.5 visits" tick on a quiet day).
      { ...axis, size: 56, incrs: COUNT_STEPS },
    ],
    series: [
      { label: props.xLabel, value: (_u, i) => (i === null ? '' : (props.labels[i] ?? '')) },
      ...props.series.map((s, i) => {
        const colour = LINES[theme][(s.color ?? i) % LINES[theme].length]!;
        // Canvas reads #rrggbbaa: the previous period at 60 % opacity, dashed.
        return s.previous
          ? { label: s.label, stroke: `${colour}99`, width: 1.5, dash: [6, 4], points: { show: false } }
          : { label: s.label, stroke: colour, width: 2, points: { size: 5 } };
      }),
    ],
    cursor: { drag: { x: false, y: false } },
  };
}

/**
 * A line chart over uPlot (lazy: only screens that chart load this chunk). Colours come from Blueprint's
 * palette for the current theme; the plot is rebuilt when the theme or data change and resized with its box.
 */
export default function LineChart(props: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useCoreSelector((s) => s.ui.theme === Theme.values.dark);

  // Rebuilt when the data, the height or the theme change (the props that shape the plot; title is only the label).
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [
      props.labels.map((_, i) => i),
      // A series shorter than the labels stops early (today's line ends at the current hour), not at zero.
      ...props.series.map((s) => props.labels.map((_, i) => s.values[i] ?? null)),
    ];
    const plot = new uPlot(options(props, Math.max(el.clientWidth, 200), dark), data, el);
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(el.clientWidth, 200), height: props.height ?? 260 }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [props.labels, props.series, props.height, dark]);

  return (
    <div
      ref={box}
      className={styles.chart}
      role="img"
      aria-label={props.title}
      data-chart="line"
      data-theme={dark ? 'dark' : 'light'}
      data-series={props.series.length}
    />
  );
}
