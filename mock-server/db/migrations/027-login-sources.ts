import type { Migration } from '../migration.ts';

/**
 * Issue 20: a failed login (or wrong old password) is counted per account AND source range (IPv4 /24, IPv6 /64),
 * so strangers elsewhere cannot lock an account's owner out (docs/decisions/2026-11-26-throttling.md). Rows from
 * before have source '' and count for no source (they age out within the failure window).
 */
export const loginSources: Migration = {
  version: 27,
  name: 'login failures per source range',
  sql: `
    ALTER TABLE login_failures ADD COLUMN source TEXT NOT NULL DEFAULT '';
    DROP INDEX login_failures_account;
    CREATE INDEX login_failures_account ON login_failures (account, source, at_ms);
  `,
};
