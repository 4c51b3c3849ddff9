import type { Database } from 'better-sqlite3';
import type { VisitSummary } from '../../contracts/index.ts';
import { resolveRange } from './range.ts';
import type { CodeScope } from './scope.ts';

type DomainRow = VisitSummary['domains'][number];
type CodeRow = VisitSummary['codes'][number];
const CODES_SHOWN = 200;
const KIND = { 0: 'none', 1: 'entry', 2: 'landing', 3: 'short' } as const;

/**
 * visit_summary from the per-domain daily counters (migration 018, written by the visit transaction): each domain
 * with visits in the range, the most visited codes, and the split by the kind of domain a visit was counted on.
 * A removed domain's visits stay counted, under kind "none" with its id.
 */
export function visitSummary(db: Database, scope: CodeScope, nowMs: number, start?: string, end?: string): VisitSummary {
  const { first, last } = resolveRange(nowMs, start, end);
  const inRange = `c.day BETWEEN ? AND ? AND ${scope.sql('c.qr_code_id')}`;
  const params = [first, last, ...scope.params];
  const domains = db
    .prepare<unknown[], DomainRow>(
      `SELECT c.domain_id, COALESCE(d.domain, '') AS domain, COALESCE(d.display_type, 0) AS display_type,
              SUM(c.view_number) AS view_number, SUM(c.ip_view_number) AS ip_view_number, COUNT(DISTINCT c.qr_code_id) AS qr_codes
       FROM qr_code_domain_daily c LEFT JOIN domains d ON d.id = c.domain_id
       WHERE ${inRange} GROUP BY c.domain_id HAVING SUM(c.view_number) > 0 ORDER BY view_number DESC, c.domain_id`,
    )
    .all(...params);
  const perKind = (kind: number) => `SUM(CASE WHEN COALESCE(d.display_type, 0) = ${kind} THEN c.view_number ELSE 0 END)`;
  const codes = db
    .prepare<unknown[], CodeRow & { total: number }>(
      `SELECT q.id, q.name, q.file_name, u.account, t.view_number, t.ip_view_number, t.entry, t.landing, t.short, t.none,
              COUNT(*) OVER () AS total
       FROM (SELECT c.qr_code_id, SUM(c.view_number) AS view_number, SUM(c.ip_view_number) AS ip_view_number,
                    ${perKind(1)} AS entry, ${perKind(2)} AS landing, ${perKind(3)} AS short, ${perKind(0)} AS none
             FROM qr_code_domain_daily c LEFT JOIN domains d ON d.id = c.domain_id
             WHERE ${inRange} GROUP BY c.qr_code_id HAVING SUM(c.view_number) > 0) t
       JOIN qr_codes q ON q.id = t.qr_code_id JOIN users u ON u.id = q.user_id
       ORDER BY t.view_number DESC, q.id LIMIT ${CODES_SHOWN}`,
    )
    .all(...params);
  const split = { entry: 0, landing: 0, short: 0, none: 0 };
  for (const d of domains) split[KIND[d.display_type]] += d.view_number;
  return {
    start_date: first,
    end_date: last,
    view_number: domains.reduce((a, d) => a + d.view_number, 0),
    ip_view_number: domains.reduce((a, d) => a + d.ip_view_number, 0),
    ...split,
    domains,
    codes: codes.map(({ total: _total, ...c }) => c),
    codes_total: codes[0]?.total ?? 0,
  };
}
