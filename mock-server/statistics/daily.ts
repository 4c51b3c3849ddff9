import type { Database } from 'better-sqlite3';
import type { DailyStatistics } from '../../contracts/index.ts';
import { addDays } from '../services/time.ts';
import { resolveRange } from './range.ts';
import type { CodeScope } from './scope.ts';

type Day = DailyStatistics['daily'][number];

/**
 * Days first..first+days-1 of the daily counters in a scope, zeros included (one grouped read). A scope of
 * whole owners reads the per-owner counters (owners × days rows); one code its own (days rows).
 */
export function daySeries(db: Database, scope: CodeScope, first: string, days: number): Day[] {
  const { owners } = scope;
  const rows = db
    .prepare<unknown[], Day>(
      owners
        ? `SELECT day, SUM(view_number) AS view_number, SUM(ip_view_number) AS ip_view_number
           FROM user_daily d WHERE day BETWEEN ? AND ? AND ${owners.sql('d.user_id')} GROUP BY day`
        : `SELECT day, SUM(view_number) AS view_number, SUM(ip_view_number) AS ip_view_number
           FROM qr_code_daily d WHERE day BETWEEN ? AND ? AND ${scope.sql('d.qr_code_id')} GROUP BY day`,
    )
    .all(first, addDays(first, days - 1), ...(owners ? owners.params : scope.params));
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i);
    return byDay.get(day) ?? { day, view_number: 0, ip_view_number: 0 };
  });
}

/** A series and, when asked, the previous period of the same length (read together: one query). */
export function withPrevious(db: Database, scope: CodeScope, first: string, days: number, compare: boolean | undefined) {
  if (!compare) return { series: daySeries(db, scope, first, days), previous: undefined };
  const both = daySeries(db, scope, addDays(first, -days), 2 * days);
  const before = both.slice(0, days);
  return {
    series: both.slice(days),
    previous: { start_date: before[0]!.day, end_date: before[days - 1]!.day, daily: before },
  };
}

/**
 * daily_statistics from the daily counters (they survive clearing the log): every day of the range, zeros
 * included; default the last 30 days (server clock). `compare`: also the days just before.
 */
export function daily(
  db: Database,
  scope: CodeScope,
  nowMs: number,
  start?: string,
  end?: string,
  compare?: boolean,
): DailyStatistics {
  const { first, last, days } = resolveRange(nowMs, start, end);
  const { series, previous } = withPrevious(db, scope, first, days, compare);
  return {
    start_date: first,
    end_date: last,
    view_number: series.reduce((a, d) => a + d.view_number, 0),
    ip_view_number: series.reduce((a, d) => a + d.ip_view_number, 0),
    daily: series,
    ...(previous && { previous }),
  };
}
