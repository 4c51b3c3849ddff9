import type { Migration } from '../migration.ts';

/**
 * System tools (issue 13). log_types gain the log-type screen's show status and the log config (recorded or
 * not, retention in days, 0 = for ever); the two IP black lists (visits vs console) keep each entry as text
 * and as its numeric range [start_num, end_num] so a lookup is one indexed comparison.
 */
export const systemTools: Migration = {
  version: 14,
  name: 'system tools: log config, ip black lists, simulated database locks and slow threads, telegram bindings, servers',
  sql: `
    ALTER TABLE log_types ADD COLUMN show_status INTEGER NOT NULL DEFAULT 1 CHECK (show_status IN (1, 2));
    ALTER TABLE log_types ADD COLUMN record_status INTEGER NOT NULL DEFAULT 1 CHECK (record_status IN (1, 2));
    ALTER TABLE log_types ADD COLUMN retention_days INTEGER NOT NULL DEFAULT 0 CHECK (retention_days BETWEEN 0 AND 3650);

    CREATE TABLE ip_black (
      id INTEGER PRIMARY KEY,
      ip TEXT NOT NULL UNIQUE,
      start_num INTEGER NOT NULL,
      end_num INTEGER NOT NULL,
      remark TEXT NOT NULL DEFAULT '',
      create_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX ip_black_range ON ip_black (start_num, end_num);
    CREATE TABLE server_ip_black (
      id INTEGER PRIMARY KEY,
      ip TEXT NOT NULL UNIQUE,
      start_num INTEGER NOT NULL,
      end_num INTEGER NOT NULL,
      remark TEXT NOT NULL DEFAULT '',
      create_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX server_ip_black_range ON server_ip_black (start_num, end_num);

    -- The mock runs on SQLite: MySQL locks and slow threads are simulated rows (seeded, and created through
    -- the control API); releasing a lock deletes its row.
    CREATE TABLE mysql_locks (
      id INTEGER PRIMARY KEY,
      thread_id INTEGER NOT NULL UNIQUE,
      query TEXT NOT NULL,
      state TEXT NOT NULL,
      start_time TEXT NOT NULL
    ) STRICT;
    CREATE TABLE mysql_slow_threads (
      id INTEGER PRIMARY KEY,
      thread_id INTEGER NOT NULL,
      time INTEGER NOT NULL CHECK (time >= 0),
      db TEXT NOT NULL,
      host TEXT NOT NULL,
      command TEXT NOT NULL,
      user TEXT NOT NULL,
      sql TEXT NOT NULL
    ) STRICT;

    -- Telegram bot bindings (spec §3), simulated: made through the control API, never by the network.
    -- Issue 14 may send notifications through them (chat_id).
    CREATE TABLE telegram_bindings (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      language TEXT NOT NULL DEFAULT 'zh-CN',
      platform_account TEXT NOT NULL,
      platform_nickname TEXT NOT NULL DEFAULT '',
      chat_id INTEGER NOT NULL UNIQUE,
      binding_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX telegram_bindings_user ON telegram_bindings (user_id);

    -- The servers the script screen offers scripts on (names only: nothing connects to a host).
    CREATE TABLE servers (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      host TEXT NOT NULL,
      remark TEXT NOT NULL DEFAULT '',
      status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
      create_time TEXT NOT NULL
    ) STRICT;
  `,
};
