import type { Migration } from '../migration.ts';

/**
 * Money matching (issue 21, docs/decisions/2026-11-26-money-matching.md).
 *
 * `chain_receipts`: every incoming USDT transfer to an order address, consumed once (the hash is unique), with
 * what became of it: paid an order, or waits for review (late, unknown amount, duplicate, user removed, not
 * booked) until an administrator credits it to a user or marks it refunded. Existing paid chain orders are
 * carried over as `paid` receipts, so a replay of their transactions finds them consumed.
 *
 * `orders_amount`: the unique-amount search looks at every order of an amount (paid or timed out within the
 * grace period), not only unpaid ones.
 *
 * `async_operations.steps`: how many steps a job has committed; 0 after a restart means it never started
 * (it is resumed, not marked interrupted).
 *
 * Numbered 031, not 024: several branches of this wave add migrations at once.
 */
export const moneyMatching: Migration = {
  version: 31,
  name: 'money matching: chain receipts, order amount index, job steps',
  sql: `
    CREATE TABLE chain_receipts (
      id INTEGER PRIMARY KEY,
      hash TEXT NOT NULL UNIQUE REFERENCES chain_transactions (hash),
      amount_micro INTEGER NOT NULL CHECK (amount_micro > 0),
      to_address TEXT NOT NULL,
      -- the time of the block holding the transfer: what the order had to be open at
      block_time TEXT NOT NULL,
      -- 1 paid, 2 late, 3 unknown amount, 4 duplicate, 5 user removed, 6 not booked (TransferOutcome)
      outcome INTEGER NOT NULL CHECK (outcome BETWEEN 1 AND 6),
      -- the order it paid, or was meant for; NULL for an unknown amount
      order_id INTEGER REFERENCES orders (id),
      -- whom it was meant for (the order's user), then whom a review credited
      user_id INTEGER REFERENCES users (id),
      -- NULL paid (nothing to review), 1 waiting, 2 credited, 3 refunded (TransferReview)
      review INTEGER CHECK (review IN (1, 2, 3)),
      review_remark TEXT,
      reviewer_id INTEGER REFERENCES users (id),
      review_time TEXT,
      create_time TEXT NOT NULL,
      CHECK ((outcome = 1) = (review IS NULL))
    ) STRICT;
    CREATE INDEX chain_receipts_review ON chain_receipts (review, id) WHERE review IS NOT NULL;
    CREATE INDEX chain_receipts_order ON chain_receipts (order_id);
    INSERT INTO chain_receipts (hash, amount_micro, to_address, block_time, outcome, order_id, user_id, create_time)
      SELECT t.hash, t.amount_micro, t.to_address, coalesce(b.time, t.create_time), 1, o.id, o.user_id, coalesce(o.pay_time, t.create_time)
      FROM orders o JOIN chain_transactions t ON t.hash = o.tx_hash LEFT JOIN chain_blocks b ON b.number = t.block_number;

    CREATE INDEX orders_amount ON orders (address, pay_amount_micro);

    ALTER TABLE async_operations ADD COLUMN steps INTEGER NOT NULL DEFAULT 0;
    -- Rows of a database from before this column: anything past its first step shows it.
    UPDATE async_operations SET steps = 1 WHERE progress > 0 OR file <> '' OR status <> 1;
  `,
};
