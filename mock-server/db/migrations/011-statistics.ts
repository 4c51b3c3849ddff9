import type { Migration } from '../migration.ts';

/**
 * Statistics (issue 10). Counters written by the visit transaction (mock-server/qr/visits.ts) and never by
 * clearing a log, so clearing access records cannot lower them:
 * - qr_code_hourly: visits per code, day (server time zone) and hour 0-23; `ip_view_number` counts the IPs
 *   first seen that day in that hour, so the sum of hours 0..H is the day's distinct IPs up to H; device columns
 *   split the visits (mobile, tablet, pc; the rest is "other").
 * - qr_codes.pc_view_number: desktop visits since creation (pc_historical_statistics).
 * - user_agents.device: the parser's class of a user agent, -1 until the visit path first classifies it.
 * Existing logs are folded into the hourly counters once (devices unknown there: "other"; a cleared or closed
 * log was never recorded, so older days can read lower than the daily counters).
 */
export const statistics: Migration = {
  version: 11,
  name: 'statistics: hourly counters, device classes, desktop totals',
  sql: `
    CREATE TABLE qr_code_hourly (
      qr_code_id INTEGER NOT NULL,
      day TEXT NOT NULL,
      hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
      view_number INTEGER NOT NULL DEFAULT 0,
      ip_view_number INTEGER NOT NULL DEFAULT 0,
      mobile_view_number INTEGER NOT NULL DEFAULT 0,
      tablet_view_number INTEGER NOT NULL DEFAULT 0,
      pc_view_number INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (qr_code_id, day, hour)
    ) STRICT, WITHOUT ROWID;
    -- Covering: a whole-service day (administrators) reads only this index; a scoped day seeks the primary key.
    CREATE INDEX qr_code_hourly_day ON qr_code_hourly
      (day, qr_code_id, hour, view_number, ip_view_number, mobile_view_number, tablet_view_number, pc_view_number);
    ALTER TABLE qr_codes ADD COLUMN pc_view_number INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE user_agents ADD COLUMN device INTEGER NOT NULL DEFAULT -1;
    INSERT INTO qr_code_hourly (qr_code_id, day, hour, view_number, ip_view_number)
      SELECT qr_code_id, day, hour, COUNT(*), SUM(first) FROM (
        SELECT qr_code_id, date(create_time, 'unixepoch', 'localtime') AS day,
               CAST(strftime('%H', create_time, 'unixepoch', 'localtime') AS INTEGER) AS hour,
               ROW_NUMBER() OVER (PARTITION BY qr_code_id, date(create_time, 'unixepoch', 'localtime'), ip
                                  ORDER BY create_time, id) = 1 AS first
        FROM access_records)
      GROUP BY qr_code_id, day, hour;
  `,
};
