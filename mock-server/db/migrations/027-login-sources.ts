import type { Migration } from '../migration.ts';

/**
 * Issue 20: a failed login (or wrong old password) is counted per account AND source range (IPv4 /24, IPv6 /64),
 * so strangers elsewhere cannot lock an account's owner out (docs/decisions/2026-11-26-throttling.md). Rows from
 * before have source '' and count for no source (they age out within the failure window).
 * The IP black lists take IPv6 too: each entry's range is also kept as 32 hex digits of its 16-byte form
 * (IPv4 as ::ffff:a.b.c.d), filled here for the IPv4 entries already stored; `start_num`/`end_num` stay for
 * IPv4 entries and are -1 for IPv6 ones.
 */
export const loginSources: Migration = {
  version: 27,
  name: 'login failures per source range; IPv6 in the IP black lists',
  sql: `
    ALTER TABLE login_failures ADD COLUMN source TEXT NOT NULL DEFAULT '';
    DROP INDEX login_failures_account;
    CREATE INDEX login_failures_account ON login_failures (account, source, at_ms);
    ALTER TABLE ip_black ADD COLUMN start_hex TEXT NOT NULL DEFAULT '';
    ALTER TABLE ip_black ADD COLUMN end_hex TEXT NOT NULL DEFAULT '';
    UPDATE ip_black SET start_hex = '00000000000000000000ffff' || printf('%08x', start_num), end_hex = '00000000000000000000ffff' || printf('%08x', end_num);
    CREATE INDEX ip_black_hex ON ip_black (start_hex, end_hex);
    ALTER TABLE server_ip_black ADD COLUMN start_hex TEXT NOT NULL DEFAULT '';
    ALTER TABLE server_ip_black ADD COLUMN end_hex TEXT NOT NULL DEFAULT '';
    UPDATE server_ip_black SET start_hex = '00000000000000000000ffff' || printf('%08x', start_num), end_hex = '00000000000000000000ffff' || printf('%08x', end_num);
    CREATE INDEX server_ip_black_hex ON server_ip_black (start_hex, end_hex);
  `,
};
