import type { Migration } from '../migration.ts';

/**
 * What the simulated Telegram bot "sent": one row per message and bound chat (no network). Block pushes of
 * issue 14 go here when the owner has a binding (issue 13's telegram_bindings); QA reads it through the
 * control API (`telegram_sent`).
 */
export const telegramOutbox: Migration = {
  version: 17,
  name: 'simulated telegram bot: sent messages',
  sql: `
    CREATE TABLE telegram_outbox (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      chat_id INTEGER NOT NULL,
      text TEXT NOT NULL,
      send_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX telegram_outbox_user ON telegram_outbox (user_id, id);
  `,
};
