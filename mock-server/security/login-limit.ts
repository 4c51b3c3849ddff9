import type { Database } from 'better-sqlite3';
import { tooMany } from '../http/errors.ts';
import type { Services } from '../compose.ts';
import { perDatabase } from '../services/scope.ts';
import { sourceRangeOf } from './ip-address.ts';

const statementsOf = perDatabase((db: Database) => ({
  count: db.prepare<[string, string, number], number>('SELECT COUNT(*) FROM login_failures WHERE account = ? AND source = ? AND at_ms > ?').pluck(),
  add: db.prepare<[string, string, number]>('INSERT INTO login_failures (account, source, at_ms) VALUES (?, ?, ?)'),
  forgive: db.prepare<[number | bigint]>('DELETE FROM login_failures WHERE rowid = ?'),
  clear: db.prepare<[string, string]>('DELETE FROM login_failures WHERE account = ? AND source = ?'),
}));

/**
 * The per-account failure limit (subscriber config: `failed_login_limit` in `failure_window_minutes`), counted
 * per account AND source range (issue 20): failures from one network lock the account only for that network,
 * so strangers cannot lock its owner out from elsewhere. Shared by login and the old-password check of
 * `admin/update_password`. docs/decisions/2026-11-26-throttling.md.
 */
export function accountLimit(services: Services, account: string, ip: string | undefined) {
  const s = statementsOf(services.db);
  const source = sourceRangeOf(ip);
  const { failed_login_limit, failure_window_minutes } = services.settings.require('subscriber_config_default');
  return {
    /** The 429 to answer when the account is locked for this source, else null. */
    locked() {
      const since = services.clock.now() - failure_window_minutes * 60_000;
      return s.count.get(account, source, since)! >= failed_login_limit ? tooMany('errors.too_many_failures', { minutes: failure_window_minutes }) : null;
    },
    /** Count an attempt as a failure now (before any await); answers how to take it back. */
    attempt(): () => void {
      const rowid = s.add.run(account, source, services.clock.now()).lastInsertRowid;
      return () => void s.forgive.run(rowid);
    },
    /** A success from this source: its failures are forgotten (other sources' stay). */
    clear: () => void s.clear.run(account, source),
  };
}
