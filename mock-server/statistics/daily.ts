import type { Database } from 'better-sqlite3';
import type { DailyStatistics } from '../../contracts/index.ts';
import { addDays } from '../qr/time.ts';
import { resolveRange } from './range.ts';
import type { CodeScope } from './scope.ts';

type Day = DailyStatistics['daily'][number];

/**
 * daily_statistics from the daily counters (they survive clearing the log): every day of the range, zeros
 * included, over `resolveRange`'s range (server clock).
 */
export function daily(db: Database, scope: CodeScope, nowMs: number, start?: string, end?: string): DailyStatistics {
  const { first, last, days } = resolveRange(nowMs, start, end);
  const rows = db
    .prepare<unknown[], Day>(
      `SELECT day, SUM(view_number) AS view_number, SUM(ip_view_number) AS ip_view_number
       FROM qr_code_daily d WHERE day BETWEEN ? AND ? AND ${scope.sql('d.qr_code_id')} GROUP BY day`,
    )
    .all(first, last, ...scope.params);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series = Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i);
    return byDay.get(day) ?? { day, view_number: 0, ip_view_number: 0 };
  });
  return {
    start_date: first,
    end_date: last,
    view_number: series.reduce((a, d) => a + d.view_number, 0),
    ip_view_number: series.reduce((a, d) => a + d.ip_view_number, 0),
    daily: series,
  };
}
