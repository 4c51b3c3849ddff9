import type { Database } from 'better-sqlite3';
import type { HomeStatistics } from '../../contracts/index.ts';
import { daily } from './daily.ts';
import type { CodeScope } from './scope.ts';

/** home: the scope's live codes, the domains of its owners, and visits today / 30 days / since creation. */
export function home(db: Database, scope: CodeScope, nowMs: number, compare?: boolean): HomeStatistics {
  const range = daily(db, scope, nowMs, undefined, undefined, compare);
  const codes = db
    .prepare<unknown[], { n: number; total: number }>(
      `SELECT COUNT(*) AS n, COALESCE(SUM(view_number), 0) AS total FROM qr_codes q WHERE q.removed = 1 AND ${scope.sql('q.id')}`,
    )
    .get(...scope.params) ?? { n: 0, total: 0 };
  // Domains of the users whose codes are in scope (a domain without codes still belongs to its owner).
  const domains = db
    .prepare<unknown[], { n: number }>(
      `SELECT COUNT(*) AS n FROM domains WHERE user_id IN (SELECT DISTINCT q.user_id FROM qr_codes q WHERE ${scope.sql('q.id')})`,
    )
    .get(...scope.params)?.n ?? 0;
  return {
    qr_codes: codes.n,
    domains,
    visits_today: range.daily.at(-1)?.view_number ?? 0,
    visits_range: range.view_number,
    visits_total: codes.total,
    daily: range.daily,
    ...(range.previous && { previous: range.previous }),
  };
}
