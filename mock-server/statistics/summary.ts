import type { Database } from 'better-sqlite3';
import type { VisitSummary } from '../../contracts/index.ts';
import { countersOver, resolveRange } from './range.ts';
import type { CodeScope } from './scope.ts';

type DomainRow = VisitSummary['domains'][number];
type CodeRow = VisitSummary['codes'][number];
const CODES_SHOWN = 200;
const KIND = { 0: 'none', 1: 'entry', 2: 'landing', 3: 'short' } as const;

/** One (code, domain) pair's visits over the range, with the domain as it is now. */
interface PairRow {
  qr_code_id: number;
  domain_id: number;
  domain: string;
  display_type: DomainRow['display_type'];
  view_number: number;
  ip_view_number: number;
}

/**
 * visit_summary from the per-domain counters (migration 018, written by the visit transaction; whole months from
 * their monthly sums, migration 036): each domain with visits in the range, the most visited codes, and the split
 * by the kind of domain a visit was counted on. A removed domain's visits stay counted, under kind "none" with
 * its id. One pass: the counters grouped per (code, domain) in SQL (a few hundred pairs), domains and codes
 * totalled from those pairs here, and only the codes shown are looked up.
 */
export function visitSummary(db: Database, scope: CodeScope, nowMs: number, start?: string, end?: string): VisitSummary {
  const { first, last } = resolveRange(nowMs, start, end);
  const rows = countersOver('qr_code_domain_daily', 'qr_code_domain_monthly', 'c.qr_code_id, c.domain_id, c.view_number, c.ip_view_number', scope.sql('c.qr_code_id'), first, last, scope.params);
  const pairs = db
    .prepare<unknown[], PairRow>(
      `SELECT t.qr_code_id, t.domain_id, COALESCE(d.domain, '') AS domain, COALESCE(d.display_type, 0) AS display_type, t.view_number, t.ip_view_number
       FROM (SELECT qr_code_id, domain_id, SUM(view_number) AS view_number, SUM(ip_view_number) AS ip_view_number
             FROM (${rows.sql}) GROUP BY qr_code_id, domain_id) t
       LEFT JOIN domains d ON d.id = t.domain_id`,
    )
    .all(...rows.params);

  const domains = new Map<number, DomainRow>();
  const codes = new Map<number, Omit<CodeRow, 'name' | 'file_name' | 'account'>>();
  for (const p of pairs) {
    const d = domains.get(p.domain_id) ?? { domain_id: p.domain_id, domain: p.domain, display_type: p.display_type, view_number: 0, ip_view_number: 0, qr_codes: 0 };
    d.view_number += p.view_number;
    d.ip_view_number += p.ip_view_number;
    if (p.view_number > 0) d.qr_codes += 1;
    domains.set(p.domain_id, d);
    const c = codes.get(p.qr_code_id) ?? { id: p.qr_code_id, view_number: 0, ip_view_number: 0, entry: 0, landing: 0, short: 0, none: 0 };
    c.view_number += p.view_number;
    c.ip_view_number += p.ip_view_number;
    c[KIND[p.display_type]] += p.view_number;
    codes.set(p.qr_code_id, c);
  }
  const shownDomains = [...domains.values()].filter((d) => d.view_number > 0).sort((a, b) => b.view_number - a.view_number || a.domain_id - b.domain_id);
  const visited = [...codes.values()].filter((c) => c.view_number > 0).sort((a, b) => b.view_number - a.view_number || a.id - b.id);
  const top = visited.slice(0, CODES_SHOWN);
  const names = new Map(
    db
      .prepare<[string], { id: number; name: string; file_name: string; account: string }>(
        `SELECT q.id, q.name, q.file_name, u.account FROM qr_codes q JOIN users u ON u.id = q.user_id WHERE q.id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(top.map((c) => c.id)))
      .map((r) => [r.id, r]),
  );
  const split = { entry: 0, landing: 0, short: 0, none: 0 };
  for (const d of shownDomains) split[KIND[d.display_type]] += d.view_number;
  return {
    start_date: first,
    end_date: last,
    view_number: shownDomains.reduce((a, d) => a + d.view_number, 0),
    ip_view_number: shownDomains.reduce((a, d) => a + d.ip_view_number, 0),
    ...split,
    domains: shownDomains,
    codes: top.flatMap((c) => {
      const n = names.get(c.id);
      return n ? [{ id: c.id, name: n.name, file_name: n.file_name, account: n.account, view_number: c.view_number, ip_view_number: c.ip_view_number, entry: c.entry, landing: c.landing, short: c.short, none: c.none }] : [];
    }),
    codes_total: visited.length,
  };
}
