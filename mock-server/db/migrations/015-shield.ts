import type { Migration } from '../migration.ts';

/**
 * WeChat block detection (issue 14): the detection settings (one row), each customer's push settings, the
 * simulated outside checker's state (driven by `/__control/shield/*`, never the network), the per-domain
 * detection state (failures in a row, next check), the check history and the pushes sent.
 */
export const shield: Migration = {
  version: 15,
  name: 'shield: detection config, push settings, simulated checker, detection state, history, pushes',
  sql: `
    CREATE TABLE shield_config (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      interval_minutes INTEGER NOT NULL DEFAULT 10 CHECK (interval_minutes BETWEEN 1 AND 1440),
      check_entry INTEGER NOT NULL DEFAULT 1 CHECK (check_entry IN (1, 2)),
      check_landing INTEGER NOT NULL DEFAULT 1 CHECK (check_landing IN (1, 2)),
      check_short INTEGER NOT NULL DEFAULT 1 CHECK (check_short IN (1, 2)),
      endpoint TEXT NOT NULL DEFAULT 'https://checker.invalid/wx',
      api_key TEXT NOT NULL DEFAULT '',
      max_retries INTEGER NOT NULL DEFAULT 3 CHECK (max_retries BETWEEN 0 AND 10),
      retry_base_seconds INTEGER NOT NULL DEFAULT 30 CHECK (retry_base_seconds BETWEEN 1 AND 3600),
      move_codes INTEGER NOT NULL DEFAULT 1 CHECK (move_codes IN (1, 2)),
      notify INTEGER NOT NULL DEFAULT 1 CHECK (notify IN (1, 2))
    ) STRICT;
    INSERT INTO shield_config (id) VALUES (1);

    CREATE TABLE shield_push_settings (
      user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      spare_domain_id INTEGER REFERENCES domains (id) ON DELETE SET NULL,
      site_message INTEGER NOT NULL DEFAULT 1 CHECK (site_message IN (1, 2)),
      realtime INTEGER NOT NULL DEFAULT 1 CHECK (realtime IN (1, 2)),
      telegram INTEGER NOT NULL DEFAULT 1 CHECK (telegram IN (1, 2))
    ) STRICT;

    CREATE TABLE shield_sim (
      domain TEXT PRIMARY KEY,
      status INTEGER NOT NULL CHECK (status IN (1, 2, 4)),
      message TEXT NOT NULL DEFAULT ''
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE shield_state (
      domain_id INTEGER PRIMARY KEY REFERENCES domains (id) ON DELETE CASCADE,
      failures INTEGER NOT NULL DEFAULT 0,
      next_check_ms INTEGER NOT NULL DEFAULT 0,
      last_check_time TEXT,
      last_message TEXT NOT NULL DEFAULT ''
    ) STRICT;

    CREATE TABLE shield_checks (
      id INTEGER PRIMARY KEY,
      domain_id INTEGER NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
      status INTEGER NOT NULL CHECK (status IN (1, 2, 4)),
      attempt INTEGER NOT NULL DEFAULT 1,
      message TEXT NOT NULL DEFAULT '',
      check_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX shield_checks_domain ON shield_checks (domain_id, id);

    CREATE TABLE shield_pushes (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      domain_id INTEGER REFERENCES domains (id) ON DELETE SET NULL,
      domain TEXT NOT NULL,
      status INTEGER NOT NULL,
      spare_domain TEXT NOT NULL DEFAULT '',
      moved INTEGER NOT NULL DEFAULT 0,
      channels TEXT NOT NULL DEFAULT '',
      create_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX shield_pushes_user ON shield_pushes (user_id, id);

    INSERT OR IGNORE INTO log_types (id, code, name) VALUES (6, 'shield', 'WeChat block action');
  `,
};
