import type { Migration } from '../migration.ts';

/**
 * Visitors (issue 10, route `visitor`): spec §3's visitor record kept as an aggregate per (code, visit host, IP),
 * upserted by the visit transaction next to the access record (mock-server/qr/visits.ts), so the list reads
 * a page of rows instead of grouping millions of access records at read time.
 * - user_id: the code's owner, copied so a customer's newest visitors are one index range (a code never
 *   changes owner); ip_count and the latest visit's time, user agent and IP range; clearing a log lowers
 *   nothing (like every counter), purging a code deletes its visitors.
 * - qr_codes.visitor_count: rows per code, so an unfiltered page's total is a sum over the codes in scope
 *   rather than a COUNT over a million rows.
 * - user_daily: each owner's daily counters (the sum of their codes'), read by daily statistics over a scope.
 * Existing access records are folded in once (SQLite takes the bare columns of a single-MAX() group from the
 * row holding the maximum, i.e. the latest visit).
 */
export const VISITOR_INDEXES = [
  'CREATE UNIQUE INDEX visitors_key ON visitors (qr_code_id, host_id, ip)',
  'CREATE INDEX visitors_latest ON visitors (latest_time, id)',
  'CREATE INDEX visitors_user_latest ON visitors (user_id, latest_time, id)',
  'CREATE INDEX visitors_code_latest ON visitors (qr_code_id, latest_time, id)',
  'CREATE INDEX visitors_ip ON visitors (ip)',
] as const;
export const VISITOR_INDEX_NAMES = VISITOR_INDEXES.map((sql) => sql.split(' ')[sql.includes('UNIQUE') ? 3 : 2]!);

/** The aggregate of the access records still present, as the migration folds them in (tests compare with it). */
export const VISITOR_BACKFILL_SELECT = `
  SELECT a.qr_code_id, q.user_id, a.host_id, a.ip, COUNT(*) AS ip_count, MAX(a.create_time) AS latest_time, a.ua_id, a.range_start
  FROM access_records a JOIN qr_codes q ON q.id = a.qr_code_id
  GROUP BY a.qr_code_id, a.host_id, a.ip`;

export const visitors: Migration = {
  version: 19,
  name: 'visitors: one row per code, visit host and IP; per-code visitor counts; daily counters per owner',
  sql: `
    CREATE TABLE visitors (
      id INTEGER PRIMARY KEY,
      qr_code_id INTEGER NOT NULL,
      user_id INTEGER NOT NULL,
      host_id INTEGER NOT NULL,
      ip INTEGER NOT NULL,
      ip_count INTEGER NOT NULL,
      latest_time INTEGER NOT NULL,
      ua_id INTEGER NOT NULL,
      range_start INTEGER NOT NULL
    ) STRICT;
    ALTER TABLE qr_codes ADD COLUMN visitor_count INTEGER NOT NULL DEFAULT 0;
    INSERT INTO visitors (qr_code_id, user_id, host_id, ip, ip_count, latest_time, ua_id, range_start)
      ${VISITOR_BACKFILL_SELECT} ORDER BY latest_time;
    ${VISITOR_INDEXES.map((sql) => `${sql};`).join('\n    ')}
    UPDATE qr_codes SET visitor_count = (SELECT COUNT(*) FROM visitors v WHERE v.qr_code_id = qr_codes.id);

    -- Daily counters per owner (the sums of their codes' qr_code_daily rows), so a customer's 90 days are 90
    -- rows, not codes × days; written beside qr_code_daily by the visit transaction.
    CREATE TABLE user_daily (
      user_id INTEGER NOT NULL,
      day TEXT NOT NULL,
      view_number INTEGER NOT NULL DEFAULT 0,
      ip_view_number INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (user_id, day)
    ) STRICT, WITHOUT ROWID;
    INSERT INTO user_daily (user_id, day, view_number, ip_view_number)
      SELECT q.user_id, d.day, SUM(d.view_number), SUM(d.ip_view_number)
      FROM qr_code_daily d JOIN qr_codes q ON q.id = d.qr_code_id GROUP BY q.user_id, d.day;
  `,
};
