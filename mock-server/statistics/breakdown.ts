import type { Database } from 'better-sqlite3';
import type { BreakdownCell, StatisticsBreakdown } from '../../contracts/index.ts';
import { DEVICE } from '../visit-rules/user-agent.ts';
import { countersOver, resolveRange } from './range.ts';
import type { CodeScope } from './scope.ts';

const DEVICE_NAME: Record<number, BreakdownCell['device']> = {
  [DEVICE.mobile]: 'mobile',
  [DEVICE.tablet]: 'tablet',
  [DEVICE.pc]: 'pc',
};

interface Row extends Omit<BreakdownCell, 'device' | 'carrier'> {
  device: number | null;
  carrier: string | null;
}

/**
 * statistics/breakdown from the counters of migration 020 (whole months from their monthly sums, 036): a whole-owner scope reads the per-owner table (a
 * customer's 199 codes over 90 days: 90 days × cells), one code its own; grouped by agent and place in SQL,
 * so the answer has one cell per (agent, place) that had visits. Default period: today (server clock).
 */
export function breakdown(db: Database, scope: CodeScope, nowMs: number, start?: string, end?: string): StatisticsBreakdown {
  const { first, last } = resolveRange(nowMs, start, end, 1);
  const [table, where, params] = scope.owners
    ? ['user_breakdown', scope.owners.sql('c.user_id'), scope.owners.params]
    : ['qr_code_breakdown', scope.sql('c.qr_code_id'), scope.params];
  // Whole months from the monthly sums (migration 036), the days at either end from the daily rows.
  const counters = countersOver(table, `${table}_monthly`, 'c.agent_id, c.place_id, c.view_number', where, first, last, params);
  const rows = db
    .prepare<unknown[], Row>(
      `SELECT a.device, COALESCE(a.os, '') AS os, COALESCE(a.browser, '') AS browser,
              COALESCE(p.country, '') AS country, COALESCE(p.province, '') AS province, COALESCE(p.city, '') AS city,
              COALESCE(p.carrier, '') AS carrier, t.view_number
       FROM (SELECT agent_id, place_id, SUM(view_number) AS view_number FROM (${counters.sql})
             GROUP BY agent_id, place_id HAVING SUM(view_number) > 0) t
       LEFT JOIN visit_agents a ON a.id = t.agent_id LEFT JOIN visit_places p ON p.id = t.place_id
       ORDER BY t.view_number DESC`,
    )
    .all(...counters.params);
  const cells = rows.map((r) => ({
    ...r,
    device: DEVICE_NAME[r.device ?? -1] ?? 'other',
    carrier: (['mobile', 'unicom', 'telecom'].includes(r.carrier ?? '') ? r.carrier : '') as BreakdownCell['carrier'],
  }));
  return { start_date: first, end_date: last, view_number: cells.reduce((a, c) => a + c.view_number, 0), cells };
}
