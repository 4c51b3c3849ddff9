import { payConfig } from '../../fixtures/seed/settings.ts';
import { seededOrders, vipCombos } from '../../fixtures/seed/vip.ts';
import { SEED_TIME } from '../../fixtures/seed/time.ts';
import type { Database } from 'better-sqlite3';

/** Seed step: the VIP combos and orders of fixtures/seed/vip.ts. */
export function seedVipCombos({ db }: { readonly db: Database }): void {
  const insert = db.prepare(`INSERT INTO vip_combos (id, name, price_micro, days, domain_quota, description, show_status, sort, create_time)
    VALUES (@id, @name, @price_micro, @days, @domain_quota, @description, @show_status, @sort, '${SEED_TIME}')`);
  for (const c of vipCombos) insert.run(c);
  const order = db.prepare(`INSERT INTO orders (id, order_no, user_id, type, vip_combo_id, combo_name, amount_micro, pay_amount_micro,
    pay_type, pay_method, address, status, create_time, expire_time, pay_time) VALUES (@id, @order_no, @user_id, @type, @vip_combo_id,
    @combo_name, @amount_micro, @pay_amount_micro, 1, @pay_method, @address, @status, '${SEED_TIME}', '2026-01-01 08:30:00', @pay_time)`);
  for (const o of seededOrders) order.run({ ...o, address: payConfig.usdt_address });
}
