import type { Migration } from '../migration.ts';

/**
 * Where each order was placed from: its source range (IPv4 /24, IPv6 /64, as the throttles count,
 * mock-server/security/ip-address.ts), so unpaid chain orders of one price can be capped per source across
 * accounts (docs/decisions/2026-11-29-abuse-left.md): throw-away accounts from one network no longer multiply
 * the per-account cap. Orders from before have source '' and count for no source. The partial index serves
 * the cap's count (unpaid orders of one source and price) and stays as small as the unpaid orders.
 * Numbered 040: several branches of this wave add migrations at once.
 */
export const orderSources: Migration = {
  version: 40,
  name: 'orders: the source range each was placed from',
  sql: `
    ALTER TABLE orders ADD COLUMN source TEXT NOT NULL DEFAULT '';
    CREATE INDEX orders_source_unpaid ON orders (source, amount_micro, expire_time) WHERE status = 1;
  `,
};
