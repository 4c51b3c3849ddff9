import type { Migration } from '../migration.ts';

/**
 * A message the server writes itself (a WeChat block, a recovery) keeps its text key and figures, so each
 * reader gets it in their own language; title and content keep the default language's text for every other
 * reader of the table. A message an administrator sends has neither: it is what they typed.
 */
export const messageTexts: Migration = {
  version: 46,
  name: 'messages the server writes keep their text key and figures',
  sql: `ALTER TABLE messages ADD COLUMN text_key TEXT;
ALTER TABLE messages ADD COLUMN text_vars TEXT;`,
};
