import type { Database } from 'better-sqlite3';
import { BillType, billRemark } from '../../contracts/index.ts';
import { languages, mallCategories, urlKeyPlatforms } from '../../fixtures/seed/catalog.ts';
import { mysqlLocks, mysqlSlowThreads, servers, telegramBindings } from '../../fixtures/seed/database-tools.ts';
import { buildMenus } from '../../fixtures/seed/menus.ts';
import { messages } from '../../fixtures/seed/messages.ts';
import { roles } from '../../fixtures/seed/roles.ts';
import { payConfig, subscriberConfigDefault, websiteInfo } from '../../fixtures/seed/settings.ts';
import { SEED_TIME } from '../../fixtures/seed/time.ts';
import { users } from '../../fixtures/seed/users.ts';
import type { Services } from '../compose.ts';
import { seedLogTypes } from '../services/audit.ts';
import type { Ledger } from '../services/ledger.ts';
import { hashPasswordSync } from '../services/passwords.ts';
import { seedAsyncOperations } from './jobs.ts';
import { seedMall } from './mall.ts';
import { seedQrCodes } from './qr-codes.ts';
import { seedShield } from './shield.ts';
import { seedVipCombos } from './vip.ts';

/**
 * THE place that fills a database: the core rows, then each area's seed step (this folder holds them all, so
 * it alone knows every area's tables and fixtures; db/ only opens and migrates). app.ts seeds an empty
 * database, the control API resets one, the bulk seeder (bulk.ts) adds volume on top.
 */

/** Simulated database locks and slow threads (issue 13). */
function seedDatabaseTools({ db }: Services): void {
  const lock = db.prepare('INSERT INTO mysql_locks (thread_id, query, state, start_time) VALUES (?, ?, ?, ?)');
  for (const l of mysqlLocks) lock.run(l.thread_id, l.query, l.state, l.start_time);
  const slow = db.prepare('INSERT INTO mysql_slow_threads (thread_id, time, db, host, command, user, sql) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const s of mysqlSlowThreads) slow.run(s.thread_id, s.time, s.db, s.host, s.command, s.user, s.sql);
  const bind = db.prepare(`INSERT INTO telegram_bindings (user_id, language, platform_account, platform_nickname, chat_id, binding_time)
    SELECT id, ?, ?, ?, ?, ? FROM users WHERE account = ?`);
  for (const b of telegramBindings) bind.run(b.language, b.platform_account, b.platform_nickname, b.chat_id, b.binding_time, b.account);
  const server = db.prepare('INSERT INTO servers (name, host, remark, status, create_time) VALUES (?, ?, ?, ?, ?)');
  for (const s of servers) server.run(s.name, s.host, s.remark, s.status, SEED_TIME);
}

/** The default upload config row (migration 007 inserts it too; a reset empties the table). */
function seedUploadConfig({ db }: Services): void {
  db.prepare('INSERT OR IGNORE INTO upload_config (id) VALUES (1)').run();
}

/** The messages of fixtures/seed/messages.ts. */
function seedMessages(services: Services): void {
  const insert = services.db.prepare(
    `INSERT INTO messages (user_id, title, content, notify_status, send_time, check_time) SELECT id, ?, ?, ?, ?, ? FROM users WHERE account = ?`,
  );
  for (const m of messages) insert.run(m.title, m.content, m.notify_status, m.send_time, m.check_time, m.account);
}

/** Seed step: each seeded user's opening balance (fixtures/seed/users.ts) as an opening bill. */
export function seedOpeningBalances(services: { readonly ledger: Ledger }, at: string): void {
  for (const u of users) {
    if (u.balance_micro > 0)
      services.ledger.change(u.id, u.balance_micro, BillType.values.opening_balance, billRemark('opening_balance'), {
        at,
      });
  }
}

/** Seed steps of the areas (realtime, QR codes, ...), run in this order after the core rows. Add yours here. */
export type SeedStep = (services: Services) => void;
const AREA_SEEDS: readonly SeedStep[] = [
  seedMessages,
  seedQrCodes,
  (services) => seedOpeningBalances(services, SEED_TIME),
  seedUploadConfig,
  seedLogTypes,
  seedAsyncOperations,
  seedShield,
  seedMall,
  seedDatabaseTools,
  seedVipCombos,
];

/**
 * Outside production a process hashes each seeded password once and reuses the hash in every database it seeds:
 * the tests start hundreds of servers, and scrypt made a sixth of a test server's start. Still a fresh salt per
 * password and process; production hashes anew each time.
 */
const seedHashes = new Map<string, string>();
function seedPasswordHash(password: string, config: Services['config']): string {
  if (config.mode === 'production') return hashPasswordSync(password, config.scrypt);
  const key = JSON.stringify([password, config.scrypt]);
  let hash = seedHashes.get(key);
  if (!hash) seedHashes.set(key, (hash = hashPasswordSync(password, config.scrypt)));
  return hash;
}

export function isSeeded(db: Database): boolean {
  return (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n > 0;
}

/** Fill an empty database from fixtures/, in dependency order, in one transaction. */
export function seedDatabase(services: Services, steps: readonly SeedStep[] = AREA_SEEDS): void {
  const { db, settings, config } = services;
  db.transaction(() => {
    settings.set('website_info', websiteInfo);
    settings.set('pay_config', payConfig);
    settings.set('subscriber_config_default', subscriberConfigDefault);

    const insertRole = db.prepare('INSERT INTO roles (id, name, kind, remarks, create_time) VALUES (?, ?, ?, ?, ?)');
    for (const r of roles) insertRole.run(r.id, r.name, r.kind, r.remarks, SEED_TIME);

    const insertMenu = db.prepare(
      `INSERT INTO menus (id, parent_id, name, path, type, icon, sort, language_variables) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const grant = db.prepare('INSERT INTO role_menus (role_id, menu_id) VALUES (?, ?)');
    for (const m of buildMenus()) {
      insertMenu.run(m.id, m.parent_id, m.name, m.path, m.type, m.icon, m.sort, m.language_variables);
      for (const kind of m.roles) grant.run(roles.find((r) => r.kind === kind)!.id, m.id);
    }

    const insertUser = db.prepare(`
      INSERT INTO users (id, account, name, password_hash, role_id, phone, superior_id, invitation_code,
        share_ratio, member_expire_time, disable, totp_secret, create_time, register_ip)
      VALUES (@id, @account, @name, @password_hash, @role_id, @phone, @superior_id, @invitation_code,
        @share_ratio, @member_expire_time, @disable, @totp_secret, @create_time, '127.0.0.1')`);
    // Balances arrive afterwards as opening bills (seedOpeningBalances): balance = sum of bills from the start.
    for (const { password, role, balance_micro: _opening, ...u } of users) {
      insertUser.run({
        ...u,
        password_hash: seedPasswordHash(password, config),
        role_id: roles.find((r) => r.kind === role)!.id,
        create_time: SEED_TIME,
      });
    }

    const insertLanguage = db.prepare(`INSERT INTO languages (id, code, title, abbreviation, country, phone_area_code, icon,
      show_status, default_language) VALUES (@id, @code, @title, @abbreviation, @country, @phone_area_code, @icon,
      @show_status, @default_language)`);
    for (const l of languages) insertLanguage.run(l);
    const insertCategory = db.prepare(`INSERT INTO mall_categories (id, parent_id, title, icon, language, show_status, sort,
      create_time) VALUES (@id, @parent_id, @title, @icon, @language, @show_status, @sort, '${SEED_TIME}')`);
    for (const c of mallCategories) insertCategory.run(c);
    const insertPlatform = db.prepare(`INSERT INTO url_key_platforms (id, name, url, key, short_code_type, show_status, sort,
      remark, create_time) VALUES (@id, @name, @url, @key, @short_code_type, @show_status, @sort, @remark, '${SEED_TIME}')`);
    for (const p of urlKeyPlatforms) insertPlatform.run(p);

    for (const step of steps) step(services);
  })();
}

/** The tables that hold who is signed in: a session, and the socket key made for it (realtime/keys.ts). */
const SESSION_TABLES = ['sessions', 'realtime_keys'];

/**
 * Empty every table and seed again (control API and tests). With `keepSessions` the sessions and their socket
 * keys stay: the seed gives its users fixed ids, so a session of a seeded user still names the same account;
 * one whose user the seed does not hold under that id and account (a user added or renamed since) is ended.
 */
export function resetDatabase(services: Services, { keepSessions = false }: { keepSessions?: boolean } = {}): void {
  const { db } = services;
  const tables = (
    db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'settings'`)
      .pluck()
      .all() as string[]
  ).filter((t) => !keepSessions || !SESSION_TABLES.includes(t));
  const keep = services.settings.get('rsa_private_pem');
  const signedIn = keepSessions
    ? (db.prepare('SELECT s.token_hash, s.user_id, u.account FROM sessions s JOIN users u ON u.id = s.user_id').all() as {
        token_hash: string;
        user_id: number;
        account: string;
      }[])
    : [];
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      for (const t of tables) db.prepare(`DELETE FROM "${t}"`).run();
      db.prepare(`DELETE FROM settings WHERE key <> 'rsa_private_pem'`).run();
      if (keep) services.settings.set('rsa_private_pem', keep);
    })();
  } finally {
    db.pragma('foreign_keys = ON');
  }
  seedDatabase(services);
  if (!keepSessions) return;
  // Foreign keys are on again: ending a session takes its socket key with it (ON DELETE CASCADE).
  const accountOf = db.prepare('SELECT account FROM users WHERE id = ?').pluck();
  db.transaction(() => {
    for (const s of signedIn) if (accountOf.get(s.user_id) !== s.account) services.sessions.end(s.token_hash);
  })();
}
