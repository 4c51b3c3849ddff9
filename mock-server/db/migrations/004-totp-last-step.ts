import type { Migration } from '../migration.ts';

/**
 * The last TOTP time step (unix time / 30 s) accepted for each user: RFC 6238 §5.2 says a verifier must not
 * accept the same code twice, so a login needs a step later than this one (a code seen over a shoulder or in
 * a log cannot be replayed within its 30 to 90 s of validity).
 */
export const totpLastStep: Migration = {
  version: 4,
  name: 'two-factor: users.totp_last_step',
  sql: `ALTER TABLE users ADD COLUMN totp_last_step INTEGER NOT NULL DEFAULT 0;`,
};
