import type { Migration } from '../migration.ts';

/**
 * Monthly counters (issue 25, docs/decisions/2026-11-26-capped-counts.md, "Counters"): visit_summary and the
 * breakdowns already read counters (migrations 018 and 020), but a 90-day range is 90 daily rows per code
 * (203 codes: ~18,000 rows) or per owner and cell (~16,000 rows). The same counters summed per calendar month
 * let a range read its whole months as one row each and only the days at its two ends as daily rows (a 90-day
 * range: ~30 daily rows + 2 monthly rows per key, about a third).
 *
 * Each monthly table is kept by triggers on its daily table, so every writer keeps it in step in the same
 * transaction without knowing of it: the visit transaction (an upsert on the daily row), a purge (deletes), the
 * bulk seeder, a QA state. `month` is 'YYYY-MM' (the daily row's day, cut). A monthly row that falls to zero
 * visits is deleted, as the daily purge deletes its rows. Existing daily rows are summed in once.
 *
 * Numbered 036, not 032: several branches of this wave add migrations at once.
 */
interface Rollup {
  readonly daily: string;
  readonly monthly: string;
  /** Key columns besides the day / month (in the primary key's order, the month after the first). */
  readonly keys: readonly [string, ...string[]];
  readonly counts: readonly string[];
}

const ROLLUPS: readonly Rollup[] = [
  { daily: 'qr_code_domain_daily', monthly: 'qr_code_domain_monthly', keys: ['qr_code_id', 'domain_id'], counts: ['view_number', 'ip_view_number'] },
  { daily: 'qr_code_breakdown', monthly: 'qr_code_breakdown_monthly', keys: ['qr_code_id', 'agent_id', 'place_id'], counts: ['view_number'] },
  { daily: 'user_breakdown', monthly: 'user_breakdown_monthly', keys: ['user_id', 'agent_id', 'place_id'], counts: ['view_number'] },
];

/** Add `sign` × the row (NEW or OLD) of the daily table to its month's row. */
function add(r: Rollup, row: 'NEW' | 'OLD', sign: '+' | '-'): string {
  const cols = [...r.keys, 'month', ...r.counts];
  const values = [...r.keys.map((k) => `${row}.${k}`), `substr(${row}.day, 1, 7)`, ...r.counts.map((c) => `${sign}${row}.${c}`)];
  const conflict = [r.keys[0], 'month', ...r.keys.slice(1)].join(', ');
  return `INSERT INTO ${r.monthly} (${cols.join(', ')}) VALUES (${values.join(', ')})
    ON CONFLICT (${conflict}) DO UPDATE SET ${r.counts.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')};`;
}

/** Drop the month's row of a daily row once it holds no visit. */
function prune(r: Rollup, row: 'NEW' | 'OLD'): string {
  return `DELETE FROM ${r.monthly} WHERE ${r.keys.map((k) => `${k} = ${row}.${k}`).join(' AND ')} AND month = substr(${row}.day, 1, 7)
    AND ${r.counts.map((c) => `${c} <= 0`).join(' AND ')};`;
}

function rollupSql(r: Rollup): string {
  const pk = [r.keys[0], 'month', ...r.keys.slice(1)].join(', ');
  const sums = r.counts.map((c) => `SUM(${c})`).join(', ');
  const same = [...r.keys.map((k) => `OLD.${k} = NEW.${k}`), 'substr(OLD.day, 1, 7) = substr(NEW.day, 1, 7)'].join(' AND ');
  return `
    CREATE TABLE ${r.monthly} (
      ${r.keys.map((k) => `${k} INTEGER NOT NULL`).join(',\n      ')},
      month TEXT NOT NULL,
      ${r.counts.map((c) => `${c} INTEGER NOT NULL DEFAULT 0`).join(',\n      ')},
      PRIMARY KEY (${pk})
    ) STRICT, WITHOUT ROWID;
    -- Covering, like the daily table's: a whole-service range reads months in order.
    CREATE INDEX ${r.monthly}_month ON ${r.monthly} (month, ${[...r.keys, ...r.counts].join(', ')});
    INSERT INTO ${r.monthly} (${[...r.keys, 'month', ...r.counts].join(', ')})
      SELECT ${r.keys.join(', ')}, substr(day, 1, 7), ${sums} FROM ${r.daily} GROUP BY ${r.keys.join(', ')}, substr(day, 1, 7);
    CREATE TRIGGER ${r.daily}_month_insert AFTER INSERT ON ${r.daily} BEGIN
      ${add(r, 'NEW', '+')}
    END;
    -- The visit path's case (an upsert adding to a day's row): one UPDATE of the same month's row.
    CREATE TRIGGER ${r.daily}_month_update AFTER UPDATE ON ${r.daily} WHEN ${same} BEGIN
      UPDATE ${r.monthly} SET ${r.counts.map((c) => `${c} = ${c} + NEW.${c} - OLD.${c}`).join(', ')}
        WHERE ${r.keys.map((k) => `${k} = NEW.${k}`).join(' AND ')} AND month = substr(NEW.day, 1, 7);
      ${prune(r, 'NEW')}
    END;
    CREATE TRIGGER ${r.daily}_month_move AFTER UPDATE ON ${r.daily} WHEN NOT (${same}) BEGIN
      ${add(r, 'OLD', '-')}
      ${add(r, 'NEW', '+')}
      ${prune(r, 'OLD')}
    END;
    CREATE TRIGGER ${r.daily}_month_delete AFTER DELETE ON ${r.daily} BEGIN
      ${add(r, 'OLD', '-')}
      ${prune(r, 'OLD')}
    END;`;
}

/** The monthly tables and what they sum (tests compare each with its daily table). */
export const MONTHLY_ROLLUPS = ROLLUPS;

export const monthlyCounters: Migration = {
  version: 36,
  name: 'monthly counters beside the per-domain daily and breakdown counters, kept by triggers',
  sql: ROLLUPS.map(rollupSql).join('\n'),
};
