import type { Migration } from '../migration.ts';

/**
 * visit_summary (issue 10): visits per code, day and the domain they were counted on, written by the visit
 * transaction beside the daily counters (so clearing a log lowers none). Keyed by the domain at visit time, not
 * the code's current one: when block detection or `change_domain_name` moves codes, a domain keeps the visits it
 * served. domain_id 0 = the code had no domain. Existing days are folded in once under each code's current domain
 * (the only attribution known for them).
 */
export const visitSummary: Migration = {
  version: 18,
  name: 'visit summary: daily visits per code and domain',
  sql: `
    CREATE TABLE qr_code_domain_daily (
      qr_code_id INTEGER NOT NULL,
      day TEXT NOT NULL,
      domain_id INTEGER NOT NULL,
      view_number INTEGER NOT NULL DEFAULT 0,
      ip_view_number INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (qr_code_id, day, domain_id)
    ) STRICT, WITHOUT ROWID;
    -- Covering: a whole-service range (administrators) reads only this index.
    CREATE INDEX qr_code_domain_daily_day ON qr_code_domain_daily (day, qr_code_id, domain_id, view_number, ip_view_number);
    INSERT INTO qr_code_domain_daily (qr_code_id, day, domain_id, view_number, ip_view_number)
      SELECT d.qr_code_id, d.day, COALESCE(q.domain_id, 0), d.view_number, d.ip_view_number
      FROM qr_code_daily d JOIN qr_codes q ON q.id = d.qr_code_id;
  `,
};
