import type { Migration } from '../migration.ts';

/**
 * A block push records how many live QR codes stayed on the blocked domain (no spare of its kind, or moving
 * turned off), so the owner's push history says what is left to do, not only what was moved.
 */
export const shieldCodesLeft: Migration = {
  version: 41,
  name: 'shield pushes keep the codes left on the blocked domain',
  sql: `ALTER TABLE shield_pushes ADD COLUMN codes_left INTEGER NOT NULL DEFAULT 0;`,
};
