import type { Migration } from '../migration.ts';

/**
 * Audit log (issue 9 §5): logins, failed logins, logouts, registrations and administrators' successful writes,
 * one row each, written by mock-server/services/audit.ts; issue 13's log screens read it. `type` names a
 * log_types row (no foreign key: log types become editable there, and old rows must survive a deleted type).
 * `user_id` is null for a failed login of an unknown account; `account` keeps what was typed.
 */
export const auditLog: Migration = {
  version: 8,
  name: 'audit log: logs, log_types',
  sql: `
    CREATE TABLE log_types (
      id INTEGER PRIMARY KEY,
      code TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      remark TEXT NOT NULL DEFAULT ''
    ) STRICT;
    INSERT INTO log_types (id, code, name) VALUES
      (1, 'login', 'Login'), (2, 'login_failed', 'Failed login'), (3, 'logout', 'Logout'),
      (4, 'register', 'Registration'), (5, 'admin_write', 'Administrator change');

    CREATE TABLE logs (
      id INTEGER PRIMARY KEY,
      type INTEGER NOT NULL,
      user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
      account TEXT NOT NULL DEFAULT '',
      source TEXT NOT NULL,
      content TEXT NOT NULL DEFAULT '',
      target_ids TEXT NOT NULL DEFAULT '',
      ip TEXT NOT NULL DEFAULT '',
      ua TEXT NOT NULL DEFAULT '',
      at_ms INTEGER NOT NULL,
      create_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX logs_type_time ON logs (type, at_ms);
    CREATE INDEX logs_user_time ON logs (user_id, at_ms);
    CREATE INDEX logs_time ON logs (at_ms);
  `,
};
