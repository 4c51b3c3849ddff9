import { shieldChecks, shieldPushes } from '../../fixtures/seed/shield.ts';
import type { Database } from 'better-sqlite3';

/** Seed step: the detection settings row and the demo history (fixtures/seed/shield.ts). */
export function seedShield({ db }: { readonly db: Database }): void {
  db.prepare('INSERT OR IGNORE INTO shield_config (id) VALUES (1)').run();
  const check = db.prepare('INSERT INTO shield_checks (domain_id, status, attempt, message, check_time) VALUES (@domain_id, @status, @attempt, @message, @check_time)');
  for (const c of shieldChecks) check.run(c);
  const push = db.prepare(`INSERT INTO shield_pushes (user_id, domain_id, domain, status, spare_domain, moved, channels, create_time)
    VALUES (@user_id, @domain_id, @domain, @status, @spare_domain, @moved, @channels, @create_time)`);
  for (const p of shieldPushes) push.run(p);
}
