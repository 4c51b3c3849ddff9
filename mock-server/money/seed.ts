import { vipCombos } from '../../fixtures/seed/vip.ts';
import { SEED_TIME } from '../../fixtures/seed/time.ts';
import type { Services } from '../services/index.ts';

/** Seed step: the VIP combos of fixtures/seed/vip.ts. */
export function seedVipCombos({ db }: Services): void {
  const insert = db.prepare(`INSERT INTO vip_combos (id, name, price_micro, days, domain_quota, description, show_status, sort, create_time)
    VALUES (@id, @name, @price_micro, @days, @domain_quota, @description, @show_status, @sort, '${SEED_TIME}')`);
  for (const c of vipCombos) insert.run(c);
}
