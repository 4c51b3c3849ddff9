import type { Database } from 'better-sqlite3';
import type { HomeAdminStatistics } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { addDays, dayOf } from '../services/time.ts';
import { ALL_CODES, codeScope, oneCode } from '../statistics/scope.ts';
import { hourly, today } from '../statistics/today.ts';
import { daily, withPrevious } from '../statistics/daily.ts';
import { historical, pcHistorical } from '../statistics/history.ts';
import { home } from '../statistics/home.ts';
import { breakdown } from '../statistics/breakdown.ts';
import { visitSummary } from '../statistics/summary.ts';
import { searchCodes } from '../statistics/code-search.ts';

const countOf = (db: Database, sql: string, ...params: (string | number)[]): number =>
  db.prepare<(string | number)[], { n: number }>(sql).get(...params)?.n ?? 0;


export const statisticsHandlers = defineHandlers({
  ...historical.handlers,
  ...pcHistorical.handlers,
  'statistics/today': ({ body, services, me }) => {
    const scope = codeScope(services.db, me(), body.user_id);
    const within = body.qr_code_id === undefined ? scope : oneCode(services.db, scope, body.qr_code_id);
    return today(services.db, within, services.clock.now(), body.compare);
  },
  'statistics/hourly': ({ body, services, me }) => {
    const scope = codeScope(services.db, me(), body.user_id);
    const within = body.qr_code_id === undefined ? scope : oneCode(services.db, scope, body.qr_code_id);
    return hourly(services.db, within, services.clock.now(), body.day, body.compare);
  },
  'statistics/home': ({ body, services, me }) =>
    home(services.db, codeScope(services.db, me(), body.user_id), services.clock.now(), body.compare),
  'statistics/daily': ({ body, services, me }) => {
    const scope = codeScope(services.db, me(), body.user_id);
    const within = body.qr_code_id === undefined ? scope : oneCode(services.db, scope, body.qr_code_id);
    return daily(services.db, within, services.clock.now(), body.start_date, body.end_date, body.compare);
  },
  'statistics/breakdown': ({ body, services, me }) => {
    const scope = codeScope(services.db, me(), body.user_id);
    const within = body.qr_code_id === undefined ? scope : oneCode(services.db, scope, body.qr_code_id);
    return breakdown(services.db, within, services.clock.now(), body.start_date, body.end_date);
  },
  'statistics/codes': ({ body, services, me }) => searchCodes(services.db, codeScope(services.db, me(), body.user_id), body.search),
  'statistics/visit_summary': ({ body, services, me }) =>
    visitSummary(services.db, codeScope(services.db, me(), body.user_id), services.clock.now(), body.start_date, body.end_date),
  'statistics/home_admin': ({ body, services }) => {
    const { db } = services;
    const last = dayOf(services.clock.now());
    const first = addDays(last, -(body.days - 1));
    const byRole = (kind: string) =>
      countOf(
        db,
        'SELECT COUNT(*) AS n FROM users u JOIN roles r ON r.id = u.role_id WHERE r.kind = ?',
        kind,
      );
    const { series: daily, previous } = withPrevious(db, ALL_CODES, first, body.days, body.compare);
    const topCodes = db
      .prepare<[string, string], HomeAdminStatistics['top_codes'][number]>(
        `SELECT q.id, q.name, q.file_name, u.account, SUM(d.view_number) AS view_number
         FROM qr_code_daily d JOIN qr_codes q ON q.id = d.qr_code_id JOIN users u ON u.id = q.user_id
         WHERE d.day BETWEEN ? AND ? GROUP BY q.id HAVING SUM(d.view_number) > 0
         ORDER BY view_number DESC, q.id LIMIT 10`,
      )
      .all(first, last);
    return {
      users: countOf(db, 'SELECT COUNT(*) AS n FROM users'),
      customers: byRole('customer'),
      agents: byRole('agent'),
      qr_codes: countOf(db, 'SELECT COUNT(*) AS n FROM qr_codes WHERE removed = 1'),
      domains: countOf(db, 'SELECT COUNT(*) AS n FROM domains'),
      blocked_domains: countOf(db, 'SELECT COUNT(*) AS n FROM domains WHERE shield_status = 2'),
      visits_today: daily[daily.length - 1]?.view_number ?? 0,
      visits_range: daily.reduce((sum, d) => sum + d.view_number, 0),
      daily,
      top_codes: topCodes,
      ...(previous && { previous }),
      // No orders table exists yet: zero, not an invented figure (the console says so under the card).
      orders: 0,
      revenue: 0,
    };
  },
});
