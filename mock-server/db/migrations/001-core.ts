import type { Migration } from '../migration.ts';

export const core: Migration = {
  version: 1,
  name: 'core: settings, roles, menus, users, sessions, languages, mall categories, url key platforms',
  sql: `
    CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

    CREATE TABLE roles (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL CHECK (kind IN ('super_admin', 'admin', 'agent', 'customer')),
      remarks TEXT NOT NULL DEFAULT '',
      create_time TEXT NOT NULL
    ) STRICT;

    CREATE TABLE menus (
      id INTEGER PRIMARY KEY,
      parent_id INTEGER NOT NULL DEFAULT 0,
      name TEXT NOT NULL,
      path TEXT NOT NULL,
      type INTEGER NOT NULL CHECK (type IN (1, 2)),
      platform INTEGER NOT NULL DEFAULT 1,
      icon TEXT NOT NULL DEFAULT '',
      sort INTEGER NOT NULL DEFAULT 0,
      show_headshot INTEGER NOT NULL DEFAULT 1,
      allow_select INTEGER NOT NULL DEFAULT 1,
      language_variables TEXT NOT NULL DEFAULT ''
    ) STRICT;
    CREATE INDEX menus_parent ON menus (parent_id);

    CREATE TABLE role_menus (
      role_id INTEGER NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
      menu_id INTEGER NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
      PRIMARY KEY (role_id, menu_id)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE users (
      id INTEGER PRIMARY KEY,
      account TEXT NOT NULL UNIQUE COLLATE NOCASE,
      name TEXT NOT NULL DEFAULT '',
      password_hash TEXT NOT NULL,
      role_id INTEGER NOT NULL REFERENCES roles (id),
      phone TEXT NOT NULL DEFAULT '',
      superior_id INTEGER REFERENCES users (id),
      invitation_code TEXT NOT NULL UNIQUE,
      balance REAL NOT NULL DEFAULT 0,
      share_ratio REAL NOT NULL DEFAULT 0,
      domain_limit INTEGER NOT NULL DEFAULT 10,
      member_expire_time TEXT,
      online_status INTEGER NOT NULL DEFAULT 1,
      online_update_time TEXT,
      disable INTEGER NOT NULL DEFAULT 1 CHECK (disable IN (1, 2)),
      status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
      totp_secret TEXT,
      create_time TEXT NOT NULL,
      register_ip TEXT NOT NULL DEFAULT '',
      login_ip TEXT NOT NULL DEFAULT '',
      login_time TEXT
    ) STRICT;
    CREATE INDEX users_superior ON users (superior_id);

    CREATE TABLE sessions (
      token_hash TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_ms INTEGER NOT NULL,
      last_seen_ms INTEGER NOT NULL,
      ip TEXT NOT NULL DEFAULT ''
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX sessions_user ON sessions (user_id);

    CREATE TABLE login_failures (account TEXT NOT NULL COLLATE NOCASE, at_ms INTEGER NOT NULL) STRICT;
    CREATE INDEX login_failures_account ON login_failures (account, at_ms);

    CREATE TABLE languages (
      id INTEGER PRIMARY KEY,
      code TEXT NOT NULL UNIQUE,
      title TEXT NOT NULL,
      abbreviation TEXT NOT NULL DEFAULT '',
      country TEXT NOT NULL DEFAULT '',
      phone_area_code TEXT NOT NULL DEFAULT '',
      icon TEXT NOT NULL DEFAULT '',
      show_status INTEGER NOT NULL DEFAULT 1,
      default_language INTEGER NOT NULL DEFAULT 1
    ) STRICT;

    CREATE TABLE mall_categories (
      id INTEGER PRIMARY KEY,
      parent_id INTEGER NOT NULL DEFAULT 0,
      title TEXT NOT NULL,
      icon TEXT NOT NULL DEFAULT '',
      language TEXT NOT NULL DEFAULT 'zh-CN',
      show_status INTEGER NOT NULL DEFAULT 1,
      sort INTEGER NOT NULL DEFAULT 0,
      create_time TEXT NOT NULL
    ) STRICT;

    CREATE TABLE url_key_platforms (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      url TEXT NOT NULL,
      key TEXT NOT NULL DEFAULT '',
      short_code_type INTEGER NOT NULL,
      show_status INTEGER NOT NULL DEFAULT 1,
      sort INTEGER NOT NULL DEFAULT 0,
      remark TEXT NOT NULL DEFAULT '',
      create_time TEXT NOT NULL
    ) STRICT;
  `,
};
