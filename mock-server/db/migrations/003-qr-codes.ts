import type { Migration } from '../migration.ts';

/**
 * Secondary indexes of access_records, shared with the bulk seeder (which drops them, loads, and builds them
 * again: much faster than maintaining them row by row).
 * - by code and time: the console's access log, newest first (first page = 20 index entries + 20 row reads);
 * - by IP, code and time, covering (host_id): the public lookup counts an IP's visits per domain in a range
 *   without touching the table, and cross-code IP lookups use the prefix.
 */
export const ACCESS_RECORD_INDEXES = [
  'CREATE INDEX access_records_code_time ON access_records (qr_code_id, create_time)',
  'CREATE INDEX access_records_ip ON access_records (ip, qr_code_id, create_time, host_id)',
] as const;
export const ACCESS_RECORD_INDEX_NAMES = ['access_records_code_time', 'access_records_ip'] as const;

export const qrCodes: Migration = {
  version: 3,
  name: 'QR codes, domains, groups, rotation, short codes, access records, counters, IP ranges',
  sql: `
    CREATE TABLE qr_groups (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      remark TEXT NOT NULL DEFAULT '',
      sort INTEGER NOT NULL DEFAULT 0,
      create_time TEXT NOT NULL,
      UNIQUE (user_id, name)
    ) STRICT;

    CREATE TABLE internal_code_groups (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      remark TEXT NOT NULL DEFAULT '',
      sort INTEGER NOT NULL DEFAULT 0,
      create_time TEXT NOT NULL,
      UNIQUE (user_id, name)
    ) STRICT;

    CREATE TABLE domains (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      domain TEXT NOT NULL UNIQUE,
      display_type INTEGER NOT NULL CHECK (display_type IN (1, 2, 3)),
      group_id INTEGER REFERENCES qr_groups (id) ON DELETE SET NULL,
      shield_status INTEGER NOT NULL DEFAULT 1 CHECK (shield_status IN (1, 2, 4)),
      hold INTEGER NOT NULL DEFAULT 1 CHECK (hold IN (1, 2)),
      resolve_target TEXT NOT NULL DEFAULT '',
      remark TEXT NOT NULL DEFAULT '',
      create_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX domains_user ON domains (user_id);
    CREATE INDEX domains_group ON domains (group_id);

    CREATE TABLE qr_codes (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      file_name TEXT NOT NULL UNIQUE,
      password TEXT NOT NULL DEFAULT '',
      domain_id INTEGER REFERENCES domains (id) ON DELETE SET NULL,
      group_id INTEGER REFERENCES qr_groups (id) ON DELETE SET NULL,
      internal_code_group_id INTEGER REFERENCES internal_code_groups (id) ON DELETE SET NULL,
      short_code_type INTEGER NOT NULL DEFAULT 1 CHECK (short_code_type BETWEEN 1 AND 13),
      rotation_type INTEGER NOT NULL DEFAULT 1 CHECK (rotation_type IN (1, 2, 3)),
      visit_threshold INTEGER NOT NULL DEFAULT 100 CHECK (visit_threshold >= 1),
      jump_type INTEGER NOT NULL DEFAULT 1 CHECK (jump_type BETWEEN 1 AND 6),
      visit_method INTEGER NOT NULL DEFAULT 1 CHECK (visit_method IN (1, 2)),
      visit_restriction INTEGER NOT NULL DEFAULT 1 CHECK (visit_restriction IN (1, 2)),
      open_log INTEGER NOT NULL DEFAULT 2 CHECK (open_log IN (1, 2)),
      removed INTEGER NOT NULL DEFAULT 1 CHECK (removed IN (1, 2)),
      remove_time TEXT,
      view_number INTEGER NOT NULL DEFAULT 0,
      ip_view_number INTEGER NOT NULL DEFAULT 0,
      record_count INTEGER NOT NULL DEFAULT 0,
      remark TEXT NOT NULL DEFAULT '',
      create_time TEXT NOT NULL,
      update_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX qr_codes_user ON qr_codes (user_id, removed);
    CREATE INDEX qr_codes_domain ON qr_codes (domain_id);
    CREATE INDEX qr_codes_group ON qr_codes (group_id);
    CREATE INDEX qr_codes_internal_group ON qr_codes (internal_code_group_id);

    CREATE TABLE qr_code_children (
      id INTEGER PRIMARY KEY,
      qr_code_id INTEGER NOT NULL REFERENCES qr_codes (id) ON DELETE CASCADE,
      url TEXT NOT NULL,
      sort INTEGER NOT NULL DEFAULT 0,
      visit_threshold INTEGER NOT NULL CHECK (visit_threshold >= 1),
      remaining INTEGER NOT NULL CHECK (remaining >= 0),
      view_number INTEGER NOT NULL DEFAULT 0,
      current INTEGER NOT NULL DEFAULT 1 CHECK (current IN (1, 2)),
      create_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX qr_code_children_code ON qr_code_children (qr_code_id, sort, id);

    CREATE TABLE short_codes (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      qr_code_id INTEGER NOT NULL REFERENCES qr_codes (id) ON DELETE CASCADE,
      code TEXT NOT NULL UNIQUE,
      short_code_type INTEGER NOT NULL CHECK (short_code_type BETWEEN 1 AND 13),
      url_key_platform_id INTEGER REFERENCES url_key_platforms (id) ON DELETE SET NULL,
      remark TEXT NOT NULL DEFAULT '',
      create_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX short_codes_user ON short_codes (user_id);
    CREATE INDEX short_codes_code ON short_codes (qr_code_id);

    CREATE TABLE forwards (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      domain_id INTEGER NOT NULL UNIQUE REFERENCES domains (id) ON DELETE CASCADE,
      target_url TEXT NOT NULL,
      jump_type INTEGER NOT NULL DEFAULT 1,
      show_status INTEGER NOT NULL DEFAULT 1,
      remark TEXT NOT NULL DEFAULT '',
      create_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX forwards_user ON forwards (user_id);

    CREATE TABLE rotation_types (
      id INTEGER PRIMARY KEY,
      rotation_type INTEGER NOT NULL CHECK (rotation_type IN (1, 2, 3)),
      name TEXT NOT NULL UNIQUE,
      remark TEXT NOT NULL DEFAULT '',
      show_status INTEGER NOT NULL DEFAULT 1,
      sort INTEGER NOT NULL DEFAULT 0,
      create_time TEXT NOT NULL
    ) STRICT;

    -- IPv4 ranges (as unsigned integers) with location and carrier; lookup: greatest start <= ip, then end >= ip.
    CREATE TABLE ip_ranges (
      start INTEGER PRIMARY KEY,
      end INTEGER NOT NULL,
      country TEXT NOT NULL,
      province TEXT NOT NULL DEFAULT '',
      city TEXT NOT NULL DEFAULT '',
      carrier TEXT NOT NULL DEFAULT '' CHECK (carrier IN ('', 'mobile', 'unicom', 'telecom')),
      belong TEXT NOT NULL
    ) STRICT, WITHOUT ROWID;

    -- Dictionaries keep the 10M-row log narrow: a record stores small integers, not strings.
    CREATE TABLE visit_hosts (id INTEGER PRIMARY KEY, host TEXT NOT NULL UNIQUE) STRICT;
    CREATE TABLE user_agents (
      id INTEGER PRIMARY KEY,
      user_agent TEXT NOT NULL UNIQUE,
      source TEXT NOT NULL
    ) STRICT;

    -- create_time: Unix seconds; ip: IPv4 as an unsigned integer; range_start: ip_ranges.start or -1 (unknown).
    -- No foreign keys here on purpose: the log is written on every visit and bulk-seeded by the million; the
    -- handlers delete a code's records with the code.
    CREATE TABLE access_records (
      id INTEGER PRIMARY KEY,
      qr_code_id INTEGER NOT NULL,
      create_time INTEGER NOT NULL,
      ip INTEGER NOT NULL,
      host_id INTEGER NOT NULL,
      ua_id INTEGER NOT NULL,
      range_start INTEGER NOT NULL
    ) STRICT;
    ${ACCESS_RECORD_INDEXES.map((sql) => `${sql};`).join('\n    ')}

    -- A cleared slice of a log, kept until restored or permanently removed.
    CREATE TABLE clear_batches (
      id INTEGER PRIMARY KEY,
      qr_code_id INTEGER NOT NULL REFERENCES qr_codes (id) ON DELETE CASCADE,
      user_id INTEGER NOT NULL,
      start_time TEXT,
      end_time TEXT,
      record_count INTEGER NOT NULL,
      clear_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX clear_batches_code ON clear_batches (qr_code_id);
    CREATE INDEX clear_batches_user ON clear_batches (user_id);
    CREATE TABLE cleared_access_records (
      id INTEGER PRIMARY KEY,
      batch_id INTEGER NOT NULL,
      qr_code_id INTEGER NOT NULL,
      create_time INTEGER NOT NULL,
      ip INTEGER NOT NULL,
      host_id INTEGER NOT NULL,
      ua_id INTEGER NOT NULL,
      range_start INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX cleared_access_records_batch ON cleared_access_records (batch_id);

    -- Counters the statistics read; they survive clearing the log. day: 'YYYY-MM-DD' (server time zone).
    CREATE TABLE qr_code_daily (
      qr_code_id INTEGER NOT NULL,
      day TEXT NOT NULL,
      view_number INTEGER NOT NULL DEFAULT 0,
      ip_view_number INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (qr_code_id, day)
    ) STRICT, WITHOUT ROWID;
    -- Every IP that ever visited a code and the last day it did: exact distinct-IP counts per code and per day.
    CREATE TABLE qr_code_ips (
      qr_code_id INTEGER NOT NULL,
      ip INTEGER NOT NULL,
      last_day TEXT NOT NULL,
      PRIMARY KEY (qr_code_id, ip)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE stealing_records (
      id INTEGER PRIMARY KEY,
      qr_code_id INTEGER NOT NULL REFERENCES qr_codes (id) ON DELETE CASCADE,
      ip INTEGER NOT NULL,
      ua_id INTEGER NOT NULL,
      range_start INTEGER NOT NULL,
      reason INTEGER NOT NULL CHECK (reason IN (1, 2)),
      create_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX stealing_records_code ON stealing_records (qr_code_id, id);
  `,
};
