import { chainControlActions } from '../chain/control.ts';
import { bulkSeed } from '../seed/bulk.ts';
import type { Services } from '../compose.ts';
import { formatDateTime } from '../services/clock.ts';
import { BillType, billRemark } from '../../contracts/index.ts';

/**
 * The named states QA loads in one step (`/__control/state/load`, `npm run mock -- --state NAME`). Each is
 * built from the seed by code here, never kept as a binary file in git: `build` runs on a freshly seeded
 * database. What a state promises is said in `promise` and checked by tests/api/qa-states.test.ts.
 */
export interface ShippedState {
  readonly promise: string;
  readonly build: (services: Services) => void;
}

/** Business rows `empty` removes, children before parents. Accounts, roles, menus, settings and money stay. */
const BUSINESS_TABLES = [
  'access_records', 'cleared_access_records', 'clear_batches', 'stealing_records', 'qr_code_daily', 'qr_code_hourly',
  'qr_code_ips', 'qr_code_domain_daily', 'qr_code_breakdown', 'user_breakdown', 'user_daily', 'visitors',
  'visit_agents', 'visit_places', 'qr_code_children', 'short_codes', 'forwards', 'qr_codes', 'qr_groups',
  'internal_code_groups', 'shield_checks', 'shield_pushes', 'shield_state', 'shield_sim', 'domains', 'messages',
  'async_operations', 'logs', 'telegram_outbox', 'telegram_bindings', 'mysql_locks', 'mysql_slow_threads', 'servers',
  'pictures', 'documents', 'mall_products', 'mall_brands', 'files',
] as const;

const userId = (s: Services, account: string) => {
  const u = s.users.byAccount(account);
  if (!u) throw new Error(`shipped state: the seed has no ${account}`);
  return u.id;
};

export const SHIPPED_STATES: Readonly<Record<string, ShippedState>> = {
  seed: {
    promise: 'the seed exactly as a fresh start makes it',
    build: () => {},
  },
  empty: {
    promise: 'every seeded account logs in; no QR codes, domains, visits, messages, jobs, logs or mall items (money and settings as seeded)',
    build: ({ db }) => {
      db.transaction(() => {
        for (const t of BUSINESS_TABLES) db.prepare(`DELETE FROM "${t}"`).run();
      })();
    },
  },
  busy: {
    promise: 'customer01 owns over 2,000 QR codes with 60,000 visits spread over the last 90 days, counters consistent',
    build: (s) => {
      bulkSeed(s.db, {
        records: 60_000,
        bigRecords: 6_000,
        codes: 2000,
        days: 90,
        userId: userId(s, 'customer01'),
        domainId: 1,
        now: s.clock.now(),
        seed: 24,
        log: () => {},
      });
    },
  },
  'expired-membership': {
    promise: "customer01's membership ended yesterday: member-only calls (adding codes, domains) answer 402 until it is renewed",
    build: (s) => {
      const yesterday = formatDateTime(s.clock.now() - 86_400_000);
      s.db.prepare('UPDATE users SET member_expire_time = ? WHERE id = ?').run(yesterday, userId(s, 'customer01'));
    },
  },
  'blocked-domain': {
    promise: "customer01's entry domain entry1.example.com is found blocked by a detection round (status 2, owner notified)",
    build: (s) => {
      s.db.prepare("INSERT INTO shield_sim (domain, status, message) VALUES ('entry1.example.com', 2, 'blocked by WeChat')").run();
      const domain = s.db.prepare("SELECT id FROM domains WHERE domain = 'entry1.example.com'").pluck().get() as number;
      s.shield.detector.check(domain);
    },
  },
  'pending-payout': {
    promise: "agent01 has a 25 USDT withdrawal waiting for review (reserved from the balance by a withdrawal bill)",
    build: (s) => {
      const agent = userId(s, 'agent01');
      const at = formatDateTime(s.clock.now());
      const address = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
      s.db.transaction(() => {
        const id = s.db
          .prepare('INSERT INTO withdrawals (user_id, amount_micro, address, status, create_time) VALUES (?, ?, ?, 1, ?)')
          .run(agent, 25_000_000, address, at).lastInsertRowid;
        s.ledger.change(agent, -25_000_000, BillType.values.withdrawal, billRemark('withdrawal', { id: Number(id), address }));
      })();
    },
  },
  'unmatched-transfer': {
    promise: 'a confirmed 7.654321 USDT payment to the receiving address that matches no order (no order turned paid)',
    build: (s) => {
      // Today's notion: a chain payment in whose amount no unpaid order carries. The money branch may add an
      // explicit "unmatched transfer" record; this state then still holds the transfer it would be made from.
      chainControlActions(s)['chain/send']({ amount_micro: 7_654_321, mine: true });
    },
  },
};
