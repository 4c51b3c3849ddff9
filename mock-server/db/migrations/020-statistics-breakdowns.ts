import type { Migration } from '../migration.ts';

/**
 * Statistics breakdowns (issue 10, wave 3): how a period's visits split by device class / OS / browser and by
 * place (country, province, city, carrier of the IP-range row, i.e. the stored ip_belong), jointly, so one
 * breakdown can be cut by a row of another (cross-highlighting). Written by the visit transaction beside the
 * hourly counters of 011 and never by clearing a log.
 * - visit_agents: (device class, OS name, browser name) without versions; user_agents.agent_id points at it
 *   (-1 until the visit path first classifies the user agent).
 * - visit_places: (country, province, city, carrier) of the IP-range rows; -1 in a counter = unknown place.
 * - qr_code_breakdown: visits per code, day, agent and place (one code's breakdown over a range).
 * - user_breakdown: the same per owner (a customer's 199 codes over 90 days read 90 days × cells, not 199 ×).
 * Existing logs are folded in once: places from their IP ranges, agents unknown (-1: parsing a user agent
 * needs the JS parser); cleared or closed logs were never recorded, as in 011.
 */
export const statisticsBreakdowns: Migration = {
  version: 20,
  name: 'statistics breakdowns: agent and place dictionaries, per code and per owner daily counters',
  sql: `
    CREATE TABLE visit_agents (
      id INTEGER PRIMARY KEY,
      device INTEGER NOT NULL,
      os TEXT NOT NULL,
      browser TEXT NOT NULL,
      UNIQUE (device, os, browser)
    ) STRICT;
    CREATE TABLE visit_places (
      id INTEGER PRIMARY KEY,
      country TEXT NOT NULL,
      province TEXT NOT NULL,
      city TEXT NOT NULL,
      carrier TEXT NOT NULL,
      UNIQUE (country, province, city, carrier)
    ) STRICT;
    ALTER TABLE user_agents ADD COLUMN agent_id INTEGER NOT NULL DEFAULT -1;
    CREATE TABLE qr_code_breakdown (
      qr_code_id INTEGER NOT NULL,
      day TEXT NOT NULL,
      agent_id INTEGER NOT NULL,
      place_id INTEGER NOT NULL,
      view_number INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (qr_code_id, day, agent_id, place_id)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE user_breakdown (
      user_id INTEGER NOT NULL,
      day TEXT NOT NULL,
      agent_id INTEGER NOT NULL,
      place_id INTEGER NOT NULL,
      view_number INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (user_id, day, agent_id, place_id)
    ) STRICT, WITHOUT ROWID;
    -- Whole-service periods (administrators) read this covering index by day only.
    CREATE INDEX user_breakdown_day ON user_breakdown (day, user_id, agent_id, place_id, view_number);
    INSERT OR IGNORE INTO visit_places (country, province, city, carrier)
      SELECT country, province, city, carrier FROM ip_ranges;
    INSERT INTO qr_code_breakdown (qr_code_id, day, agent_id, place_id, view_number)
      SELECT a.qr_code_id, date(a.create_time, 'unixepoch', 'localtime'), -1, COALESCE(p.id, -1), COUNT(*)
      FROM access_records a
      LEFT JOIN ip_ranges r ON r.start = a.range_start
      LEFT JOIN visit_places p ON p.country = r.country AND p.province = r.province AND p.city = r.city AND p.carrier = r.carrier
      GROUP BY 1, 2, 3, 4;
    INSERT INTO user_breakdown (user_id, day, agent_id, place_id, view_number)
      SELECT q.user_id, b.day, b.agent_id, b.place_id, SUM(b.view_number)
      FROM qr_code_breakdown b JOIN qr_codes q ON q.id = b.qr_code_id
      GROUP BY 1, 2, 3, 4;
  `,
};
