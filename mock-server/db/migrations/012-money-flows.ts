import type { Migration } from '../migration.ts';

/**
 * Money flows (issue 11): VIP combos, orders, commissions, withdrawals, and the simulated TRON chain
 * (docs/decisions/2026-11-23-money-flows.md). Amounts are integer micro-units like the ledger's.
 * The chain tables are the whole "outside system": blocks, transactions and token balances by address.
 */
export const moneyFlows: Migration = {
  version: 12,
  name: 'money flows: vip combos, orders, commissions, withdrawals, simulated chain',
  sql: `
    CREATE TABLE chain_blocks (
      number INTEGER PRIMARY KEY,
      hash TEXT NOT NULL UNIQUE,
      parent_hash TEXT NOT NULL,
      time TEXT NOT NULL
    ) STRICT;
    CREATE TABLE chain_transactions (
      id INTEGER PRIMARY KEY,
      hash TEXT NOT NULL UNIQUE,
      block_number INTEGER REFERENCES chain_blocks (number),
      token TEXT NOT NULL CHECK (token IN ('USDT', 'TRX')),
      from_address TEXT NOT NULL,
      to_address TEXT NOT NULL,
      amount_micro INTEGER NOT NULL CHECK (amount_micro > 0),
      -- 1 pending (not in a block yet), 2 confirmed, 3 failed
      status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
      -- 1 payment in (from outside), 2 payout (withdrawal), 3 collection (wallet → receiving address)
      type INTEGER NOT NULL DEFAULT 1 CHECK (type IN (1, 2, 3)),
      remark TEXT NOT NULL DEFAULT '',
      create_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX chain_transactions_to ON chain_transactions (to_address, id);
    CREATE INDEX chain_transactions_pending ON chain_transactions (status) WHERE status = 1;
    CREATE TABLE chain_balances (
      address TEXT NOT NULL,
      token TEXT NOT NULL,
      amount_micro INTEGER NOT NULL CHECK (amount_micro >= 0),
      PRIMARY KEY (address, token)
    ) STRICT;
    CREATE TABLE chain_state (key TEXT PRIMARY KEY, value INTEGER NOT NULL) STRICT;

    CREATE TABLE vip_combos (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      price_micro INTEGER NOT NULL CHECK (price_micro > 0),
      days INTEGER NOT NULL CHECK (days > 0),
      domain_quota INTEGER NOT NULL CHECK (domain_quota >= 0),
      description TEXT NOT NULL DEFAULT '',
      show_status INTEGER NOT NULL DEFAULT 1 CHECK (show_status IN (1, 2)),
      sort INTEGER NOT NULL DEFAULT 0,
      create_time TEXT NOT NULL
    ) STRICT;

    CREATE TABLE orders (
      id INTEGER PRIMARY KEY,
      order_no TEXT NOT NULL UNIQUE,
      user_id INTEGER NOT NULL REFERENCES users (id),
      -- 1 VIP combo, 2 balance recharge
      type INTEGER NOT NULL CHECK (type IN (1, 2)),
      -- no foreign key: a combo with orders is refused removal by the rule (409), orders keep its name
      vip_combo_id INTEGER,
      combo_name TEXT NOT NULL DEFAULT '',
      amount_micro INTEGER NOT NULL CHECK (amount_micro > 0),
      -- what the chain payment must carry exactly (amount + a unique offset); equals amount for balance payments
      pay_amount_micro INTEGER NOT NULL CHECK (pay_amount_micro >= amount_micro),
      pay_type INTEGER NOT NULL DEFAULT 1,
      -- 1 balance, 2 chain
      pay_method INTEGER NOT NULL CHECK (pay_method IN (1, 2)),
      address TEXT NOT NULL DEFAULT '',
      status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
      tx_hash TEXT UNIQUE,
      create_time TEXT NOT NULL,
      expire_time TEXT NOT NULL,
      pay_time TEXT
    ) STRICT;
    CREATE INDEX orders_user ON orders (user_id, id);
    CREATE INDEX orders_unpaid ON orders (address, pay_amount_micro) WHERE status = 1;

    CREATE TABLE commissions (
      id INTEGER PRIMARY KEY,
      order_id INTEGER NOT NULL UNIQUE REFERENCES orders (id),
      agent_id INTEGER NOT NULL REFERENCES users (id),
      user_id INTEGER NOT NULL REFERENCES users (id),
      order_amount_micro INTEGER NOT NULL,
      share_ratio REAL NOT NULL,
      amount_micro INTEGER NOT NULL CHECK (amount_micro > 0),
      create_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX commissions_agent ON commissions (agent_id, id);

    CREATE TABLE withdrawals (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id),
      amount_micro INTEGER NOT NULL CHECK (amount_micro > 0),
      address TEXT NOT NULL,
      -- 1 pending review, 2 approved, 3 rejected (spec §4)
      status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
      reason TEXT NOT NULL DEFAULT '',
      tx_hash TEXT,
      reviewer_id INTEGER REFERENCES users (id),
      create_time TEXT NOT NULL,
      review_time TEXT
    ) STRICT;
    -- One pending request per user, enforced by the database itself (two at once: the second is refused).
    CREATE UNIQUE INDEX withdrawals_one_pending ON withdrawals (user_id) WHERE status = 1;

    -- Wallets of the simulated chain (super administrators). The private key is never selected by a list.
    CREATE TABLE wallets (
      id INTEGER PRIMARY KEY,
      address TEXT NOT NULL UNIQUE,
      hex_address TEXT NOT NULL,
      public_key TEXT NOT NULL,
      private_key TEXT NOT NULL,
      user_id INTEGER NOT NULL REFERENCES users (id),
      trx_micro INTEGER NOT NULL DEFAULT 0,
      usdt_micro INTEGER NOT NULL DEFAULT 0,
      balance_time TEXT,
      removed INTEGER NOT NULL DEFAULT 1 CHECK (removed IN (1, 2)),
      remove_time TEXT,
      create_time TEXT NOT NULL
    ) STRICT;
    -- Collection records (spec §3): one per wallet and collection, success 1 / fail 2.
    CREATE TABLE collections (
      id INTEGER PRIMARY KEY,
      serial_no TEXT NOT NULL UNIQUE,
      wallet_id INTEGER NOT NULL REFERENCES wallets (id),
      sender TEXT NOT NULL,
      receiver TEXT NOT NULL,
      tx_hash TEXT,
      amount_micro INTEGER NOT NULL,
      status INTEGER NOT NULL CHECK (status IN (1, 2)),
      remark TEXT NOT NULL DEFAULT '',
      create_time TEXT NOT NULL
    ) STRICT;
  `,
};
