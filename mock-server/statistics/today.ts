import type { Database } from 'better-sqlite3';
import type { HourlyStatistics, TodayStatistics } from '../../contracts/index.ts';
import { badRequest } from '../services/errors.ts';
import { addDays, dayOf } from '../services/time.ts';
import { buckets, devices, hoursOf, previousDay, upTo } from './hourly.ts';
import type { CodeScope } from './scope.ts';

/** The landing page's figures for a scope at an instant (server clock, server time zone). */
export function today(db: Database, scope: CodeScope, nowMs: number, compare?: boolean): TodayStatistics {
  const day = dayOf(nowMs);
  const hour = new Date(nowMs).getHours();
  const rows = hoursOf(db, scope, day);
  const previous = hoursOf(db, scope, addDays(day, -1));
  const where = `h.day = ? AND ${scope.sql('h.qr_code_id')}`;
  const topCodes = db
    .prepare<unknown[], TodayStatistics['top_codes'][number]>(
      `SELECT q.id, q.name, q.file_name, u.account, t.view_number FROM
         (SELECT qr_code_id, SUM(view_number) AS view_number FROM qr_code_hourly h WHERE ${where}
          GROUP BY qr_code_id ORDER BY view_number DESC, qr_code_id LIMIT 10) t
       JOIN qr_codes q ON q.id = t.qr_code_id JOIN users u ON u.id = q.user_id ORDER BY t.view_number DESC, q.id`,
    )
    .all(day, ...scope.params);
  // Every code with a visit today, not the length of the top-10 list.
  const codesToday =
    db
      .prepare<unknown[], { n: number }>(`SELECT COUNT(DISTINCT h.qr_code_id) AS n FROM qr_code_hourly h WHERE ${where} AND h.view_number > 0`)
      .get(day, ...scope.params)?.n ?? 0;
  const topDomains = db
    .prepare<unknown[], TodayStatistics['top_domains'][number]>(
      `SELECT d.id, d.domain AS name, SUM(h.view_number) AS view_number
       FROM qr_code_hourly h JOIN qr_codes q ON q.id = h.qr_code_id JOIN domains d ON d.id = q.domain_id
       WHERE ${where} GROUP BY d.id ORDER BY view_number DESC, d.id LIMIT 10`,
    )
    .all(day, ...scope.params);
  return {
    day,
    hour,
    visits_today: upTo(rows, 23, (r) => r.view_number),
    ips_today: upTo(rows, 23, (r) => r.ip_view_number),
    visits_yesterday: upTo(previous, hour, (r) => r.view_number),
    ips_yesterday: upTo(previous, hour, (r) => r.ip_view_number),
    hourly: buckets(rows, previous),
    codes_today: codesToday,
    top_codes: topCodes,
    top_domains: topDomains,
    devices: devices(rows),
    ...(compare && { previous: previousDay(addDays(day, -1), previous) }),
  };
}

/** hourly_statistics: one day (today by default, never after it) and the day before. */
export function hourly(db: Database, scope: CodeScope, nowMs: number, day: string | undefined, compare?: boolean): HourlyStatistics {
  const todayDay = dayOf(nowMs);
  const d = day ?? todayDay;
  if (d > todayDay) throw badRequest('validation.future_day', { field: 'day' });
  const rows = hoursOf(db, scope, d);
  const before = hoursOf(db, scope, addDays(d, -1));
  return {
    day: d,
    view_number: upTo(rows, 23, (r) => r.view_number),
    ip_view_number: upTo(rows, 23, (r) => r.ip_view_number),
    hourly: buckets(rows, before),
    devices: devices(rows),
    ...(compare && { previous: previousDay(addDays(d, -1), before) }),
  };
}
