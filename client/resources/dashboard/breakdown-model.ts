import type { BreakdownCell } from '../../../contracts/index.ts';

/**
 * The breakdowns of a period's visits and Shlink's cross-tab highlighting, as pure functions over the joint
 * cells of statistics/breakdown (one per agent × place). A breakdown groups the cells by one key; a
 * highlighted row of one breakdown cuts every other: each of their rows then also says how many of the
 * highlighted visits fall in it.
 */
export const BREAKDOWN_DIMENSIONS = ['device', 'os', 'browser', 'province', 'city', 'carrier'] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

/** '' is "unknown" (no user agent class, an address outside the IP table…). */
type KeyOf = (c: BreakdownCell) => string;
const words = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** Row key of a cell in each breakdown; places read as ip_belong stores them ('中国 广东 深圳'). */
export const BREAKDOWN_KEYS: Readonly<Record<BreakdownDimension, KeyOf>> = {
  device: (c) => c.device,
  os: (c) => c.os,
  browser: (c) => c.browser,
  province: (c) => words(c.country, c.province),
  // A city named like its province (北京) is written once, as ip_belong does; no city known: unknown.
  city: (c) => (c.city ? words(c.country, c.province, c.city === c.province ? '' : c.city) : ''),
  carrier: (c) => c.carrier,
};

export interface Highlight {
  readonly dimension: BreakdownDimension;
  readonly key: string;
}

export interface BreakdownRow {
  readonly key: string;
  readonly total: number;
  /** Visits of this row that are also in the highlighted row (0 without a highlight). */
  readonly highlighted: number;
  /** This row is the highlighted one. */
  readonly selected: boolean;
}

/** One breakdown's rows, most visits first (ties by key), each with its share of the highlighted visits. */
export function breakdownRows(
  cells: readonly BreakdownCell[],
  dimension: BreakdownDimension,
  highlight: Highlight | null,
): BreakdownRow[] {
  const keyOf = BREAKDOWN_KEYS[dimension];
  const cut = highlight ? BREAKDOWN_KEYS[highlight.dimension] : undefined;
  const rows = new Map<string, { total: number; highlighted: number }>();
  for (const c of cells) {
    const key = keyOf(c);
    const row = rows.get(key) ?? { total: 0, highlighted: 0 };
    row.total += c.view_number;
    if (highlight && cut!(c) === highlight.key) row.highlighted += c.view_number;
    rows.set(key, row);
  }
  return [...rows]
    .map(([key, r]) => ({
      key,
      ...r,
      selected: highlight?.dimension === dimension && highlight.key === key,
    }))
    .sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
}

/** Clicking a row highlights it; clicking the highlighted row again clears. */
export function toggleHighlight(current: Highlight | null, next: Highlight): Highlight | null {
  return current && current.dimension === next.dimension && current.key === next.key ? null : next;
}
