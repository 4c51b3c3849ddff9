import type { Database } from 'better-sqlite3';
import { DAILY_RANGE_MAX, daysBetween, type DailyStatistics } from '../../contracts/index.ts';
import { badRequest } from '../http/errors.ts';
import { addDays, dayOf } from '../qr/time.ts';
import type { CodeScope } from './scope.ts';

type Day = DailyStatistics['daily'][number];
const DEFAULT_DAYS = 30;

/**
 * daily_statistics from the daily counters (they survive clearing the log): every day of the range, zeros
 * included. A missing end is today and a missing start 30 days before the end (server clock); an end after
 * today is refused (the contract already refused start after end and ranges over 366 days).
 */
export function daily(db: Database, scope: CodeScope, nowMs: number, start?: string, end?: string): DailyStatistics {
  const today = dayOf(nowMs);
  const last = end ?? today;
  if (last > today) throw badRequest('validation.future_day', { field: end ? 'end_date' : 'start_date' });
  const first = start ?? addDays(last, -(DEFAULT_DAYS - 1));
  if (first > today) throw badRequest('validation.future_day', { field: 'start_date' });
  if (first > last) throw badRequest('validation.time_order', { field: 'start_date' });
  if (daysBetween(first, last) >= DAILY_RANGE_MAX) throw badRequest('validation.range_max', { field: 'end_date' });
  // A user scope reads the per-owner counters (owners × days rows); one code its own (days rows).
  const { users } = scope;
  const rows = db
    .prepare<unknown[], Day>(
      users
        ? `SELECT day, SUM(view_number) AS view_number, SUM(ip_view_number) AS ip_view_number
           FROM user_daily d WHERE day BETWEEN ? AND ? AND ${users.sql('d.user_id')} GROUP BY day`
        : `SELECT day, SUM(view_number) AS view_number, SUM(ip_view_number) AS ip_view_number
           FROM qr_code_daily d WHERE day BETWEEN ? AND ? AND ${scope.sql('d.qr_code_id')} GROUP BY day`,
    )
    .all(first, last, ...(users ? users.params : scope.params));
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = daysBetween(first, last) + 1;
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
