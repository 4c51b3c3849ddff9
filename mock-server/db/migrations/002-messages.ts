import type { Migration } from '../migration.ts';

/**
 * Messages (spec §3 "Message": id, title, content, notify_status, send time, check time) and the per-session
 * real-time keys. A key row dies with its session (logout, password change, expiry) through the cascade.
 */
export const messages: Migration = {
  version: 2,
  name: 'realtime and messages: messages, realtime_keys',
  sql: `
    CREATE TABLE messages (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      sender_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
      title TEXT NOT NULL,
      content TEXT NOT NULL,
      notify_status INTEGER NOT NULL DEFAULT 1 CHECK (notify_status IN (1, 2)),
      send_time TEXT NOT NULL,
      check_time TEXT
    ) STRICT;
    CREATE INDEX messages_user ON messages (user_id, notify_status, id);

    CREATE TABLE realtime_keys (
      token_hash TEXT PRIMARY KEY REFERENCES sessions (token_hash) ON DELETE CASCADE,
      sid TEXT NOT NULL UNIQUE,
      key TEXT NOT NULL,
      last_login_ts INTEGER NOT NULL DEFAULT 0
    ) STRICT, WITHOUT ROWID;
  `,
};
