import type { Migration } from '../migration.ts';

/**
 * Money as integer micro-units (1 USDT = 1,000,000) and the bills that explain every balance
 * (docs/decisions/2026-11-23-money.md). `users.balance` (REAL) becomes `users.balance_micro` (INTEGER); a
 * balance that existed before gets an opening bill, so balance = sum of bills holds from this version on.
 * Triggers make the database itself refuse a balance that no bill explains: a bill must start from the
 * current balance, and a balance may only become the latest bill's result. Bills are never edited.
 */
export const ledger: Migration = {
  version: 6,
  name: 'ledger: users.balance_micro (integer), bills',
  sql: `
    CREATE TABLE bills (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id),
      type INTEGER NOT NULL CHECK (type > 0),
      amount_micro INTEGER NOT NULL CHECK (amount_micro <> 0),
      balance_before_micro INTEGER NOT NULL CHECK (balance_before_micro >= 0),
      balance_after_micro INTEGER NOT NULL
        CHECK (balance_after_micro >= 0 AND balance_after_micro = balance_before_micro + amount_micro),
      remark TEXT NOT NULL DEFAULT '',
      operator_id INTEGER REFERENCES users (id),
      create_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX bills_user ON bills (user_id, id);
    CREATE INDEX bills_type ON bills (type, id);
    CREATE INDEX bills_time ON bills (create_time, id);

    ALTER TABLE users ADD COLUMN balance_micro INTEGER NOT NULL DEFAULT 0 CHECK (balance_micro >= 0);
    UPDATE users SET balance_micro = CAST(round(max(balance, 0) * 1000000) AS INTEGER);
    INSERT INTO bills (user_id, type, amount_micro, balance_before_micro, balance_after_micro, remark, create_time)
      SELECT id, 7, balance_micro, 0, balance_micro, 'opening balance', strftime('%Y-%m-%d %H:%M:%S', 'now', 'localtime')
      FROM users WHERE balance_micro > 0 ORDER BY id;
    ALTER TABLE users DROP COLUMN balance;

    CREATE TRIGGER users_balance_new BEFORE INSERT ON users WHEN NEW.balance_micro <> 0
    BEGIN SELECT RAISE(ABORT, 'a new user starts at balance 0; money arrives through the ledger'); END;

    CREATE TRIGGER users_balance_from_bill BEFORE UPDATE OF balance_micro ON users
    WHEN NEW.balance_micro IS NOT coalesce(
      (SELECT balance_after_micro FROM bills WHERE user_id = NEW.id ORDER BY id DESC LIMIT 1), 0)
    BEGIN SELECT RAISE(ABORT, 'users.balance_micro changes only with a bill (mock-server/services/ledger.ts)'); END;

    CREATE TRIGGER bills_chain BEFORE INSERT ON bills
    WHEN NEW.balance_before_micro IS NOT (SELECT balance_micro FROM users WHERE id = NEW.user_id)
    BEGIN SELECT RAISE(ABORT, 'a bill starts from the user''s current balance'); END;

    CREATE TRIGGER bills_immutable BEFORE UPDATE ON bills
    BEGIN SELECT RAISE(ABORT, 'bills are never edited'); END;
  `,
};
