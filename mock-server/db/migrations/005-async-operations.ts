import type { Migration } from '../migration.ts';

/**
 * Background jobs (spec §3 "async operations"). `params` is the job kind's input (JSON), `cursor` where its
 * next step starts (JSON); both are written in the same transaction as the step's own rows, so a crash leaves
 * the row at a consistent step. `message` holds an i18n key and `message_vars` its values (the answer is in
 * the reader's language; pushed frames use `locale`, the language the job was started in).
 */
export const asyncOperations: Migration = {
  version: 5,
  name: 'async operations',
  sql: `
    CREATE TABLE async_operations (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      type INTEGER NOT NULL,
      status INTEGER NOT NULL DEFAULT 1,
      progress INTEGER NOT NULL DEFAULT 0,
      link TEXT NOT NULL DEFAULT '',
      message TEXT NOT NULL DEFAULT '',
      message_vars TEXT NOT NULL DEFAULT '{}',
      locale TEXT NOT NULL DEFAULT 'zh-CN',
      params TEXT NOT NULL DEFAULT '{}',
      cursor TEXT NOT NULL DEFAULT '{}',
      file TEXT NOT NULL DEFAULT '',
      create_time TEXT NOT NULL,
      update_time TEXT NOT NULL
    );
    CREATE INDEX async_operations_user ON async_operations (user_id, id);
    CREATE INDEX async_operations_status ON async_operations (status);
  `,
};
