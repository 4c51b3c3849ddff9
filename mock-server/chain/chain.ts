import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { ApiError } from '../services/errors.ts';
import { formatDateTime, type Clock } from '../services/clock.ts';

/**
 * The simulated TRON chain (docs/money-and-trust.md, "Money flows"): blocks, transactions and token balances in SQLite, nothing
 * on any network. Hashes are SHA-256 of the transaction's own fields and sequence number, so a test run with
 * a fixed clock gives the same hashes every time. Transfers wait as pending until a block is mined
 * (`mine`, or the control API); confirmed transactions are handed to the observers inside the same SQLite
 * transaction as the block, so a payment is applied exactly when its block exists, never twice.
 */
export type Token = 'USDT' | 'TRX';

export interface ChainTx {
  readonly id: number;
  readonly hash: string;
  readonly block_number: number | null;
  readonly token: Token;
  readonly from_address: string;
  readonly to_address: string;
  readonly amount_micro: number;
  readonly status: 1 | 2 | 3;
  /** 1 payment in, 2 payout, 3 collection. */
  readonly type: 1 | 2 | 3;
  readonly remark: string;
  readonly create_time: string;
}

/**
 * Called for every confirmed transaction with its block's time (also again on a replayed event: observers must
 * be idempotent). Each call runs in its own savepoint: an observer that throws loses only its own writes and
 * the block still commits (a payment must never keep a block, and every later transfer, pending).
 */
export type ChainObserver = (tx: ChainTx, blockTime: string) => void;

/** The outside world's sender for payments injected by the control API: it has no tracked balance. */
export const EXTERNAL_ADDRESS = 'TExternalSenderXXXXXXXXXXXXXXXXXXX';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

export function createChain(db: Database, clock: Clock, log: (line: string) => void = () => {}) {
  const observers: ChainObserver[] = [];
  const notify = (tx: ChainTx, blockTime: string) => {
    for (const observe of observers) {
      try {
        db.transaction(() => observe(tx, blockTime))();
      } catch (e) {
        log(`chain: observer failed on ${tx.hash}, the block commits without its writes: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      }
    }
  };
  const q = {
    tx: db.prepare<[string], ChainTx>('SELECT * FROM chain_transactions WHERE hash = ?'),
    insertTx: db.prepare(`INSERT INTO chain_transactions (hash, token, from_address, to_address, amount_micro, status, type, remark, create_time)
      VALUES (@hash, @token, @from, @to, @amount, @status, @type, @remark, @at)`),
    nextId: db.prepare<[], { n: number }>('SELECT coalesce(max(id), 0) + 1 AS n FROM chain_transactions'),
    pending: db.prepare<[], ChainTx>('SELECT * FROM chain_transactions WHERE status = 1 ORDER BY id'),
    blockTime: db.prepare<[number], { time: string }>('SELECT time FROM chain_blocks WHERE number = ?'),
    head: db.prepare<[], { number: number; hash: string }>('SELECT number, hash FROM chain_blocks ORDER BY number DESC LIMIT 1'),
    insertBlock: db.prepare('INSERT INTO chain_blocks (number, hash, parent_hash, time) VALUES (?, ?, ?, ?)'),
    confirm: db.prepare('UPDATE chain_transactions SET status = 2, block_number = ? WHERE id = ?'),
    fail: db.prepare('UPDATE chain_transactions SET status = 3, block_number = ? WHERE id = ?'),
    balance: db.prepare<[string, string], { amount_micro: number }>('SELECT amount_micro FROM chain_balances WHERE address = ? AND token = ?'),
    credit: db.prepare(`INSERT INTO chain_balances (address, token, amount_micro) VALUES (?, ?, ?)
      ON CONFLICT (address, token) DO UPDATE SET amount_micro = amount_micro + excluded.amount_micro`),
    debit: db.prepare('UPDATE chain_balances SET amount_micro = amount_micro - ? WHERE address = ? AND token = ? AND amount_micro >= ?'),
    state: db.prepare<[string], { value: number }>('SELECT value FROM chain_state WHERE key = ?'),
    setState: db.prepare('INSERT INTO chain_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
  };

  const balanceOf = (address: string, token: Token = 'USDT') => q.balance.get(address, token)?.amount_micro ?? 0;
  const stateOf = (key: string) => q.state.get(key)?.value ?? 0;

  function record(from: string, to: string, amount: number, token: Token, remark: string, status: 1 | 3, type: 1 | 2 | 3 = 1): ChainTx {
    const n = q.nextId.get()!.n;
    const hash = sha(`tx:${n}:${token}:${from}:${to}:${amount}`);
    q.insertTx.run({ hash, token, from, to, amount, status, type, remark, at: formatDateTime(clock.now()) });
    return q.tx.get(hash)!;
  }

  /** Mine one block holding every pending transaction; a transfer the sender cannot cover fails in it. */
  const mineOne = (): { number: number; confirmed: ChainTx[] } => {
    const head = q.head.get() ?? { number: 0, hash: '0'.repeat(64) };
    const txs = q.pending.all();
    const number = head.number + 1;
    const hash = sha(`block:${number}:${head.hash}:${txs.map((t) => t.hash).join(',')}`);
    const time = formatDateTime(clock.now());
    q.insertBlock.run(number, hash, head.hash, time);
    const confirmed: ChainTx[] = [];
    for (const t of txs) {
      const external = t.from_address === EXTERNAL_ADDRESS;
      if (!external && q.debit.run(t.amount_micro, t.from_address, t.token, t.amount_micro).changes === 0) {
        q.fail.run(number, t.id);
        continue;
      }
      q.credit.run(t.to_address, t.token, t.amount_micro);
      q.confirm.run(number, t.id);
      const done = q.tx.get(t.hash)!;
      confirmed.push(done);
      notify(done, time);
    }
    return { number, confirmed };
  };

  return {
    observe(fn: ChainObserver): void {
      observers.push(fn);
    },
    balanceOf,
    height: () => q.head.get()?.number ?? 0,
    pendingCount: () => q.pending.all().length,
    byHash: (hash: string) => q.tx.get(hash),
    /** A payment from outside (control API): pending until mined. */
    receive: (to: string, amountMicro: number, token: Token = 'USDT', remark = '') =>
      record(EXTERNAL_ADDRESS, to, amountMicro, token, remark, 1),
    /**
     * Our own transfer (payout, collection), mined at once. The control API's `fail_next` makes the next
     * ones fail (recorded as failed, nothing moves); a sender short of funds fails too. Answers the
     * transaction; the caller decides what a failure means.
     */
    transfer: db.transaction((from: string, to: string, amountMicro: number, token: Token = 'USDT', remark = '', type: 2 | 3 = 2): ChainTx => {
      const failing = stateOf('fail_next');
      if (failing > 0) {
        q.setState.run('fail_next', failing - 1);
        return record(from, to, amountMicro, token, remark, 3, type);
      }
      const t = record(from, to, amountMicro, token, remark, 1, type);
      mineOne();
      return q.tx.get(t.hash)!;
    }),
    mine: db.transaction((count: number) => {
      const blocks = [];
      for (let i = 0; i < count; i++) blocks.push(mineOne());
      return blocks;
    }),
    failNext: (count: number) => q.setState.run('fail_next', stateOf('fail_next') + count),
    /** Hand a confirmed transaction to the observers again (a duplicate event, as real watchers see). */
    replay: db.transaction((hash: string) => {
      const t = q.tx.get(hash);
      if (!t || t.status !== 2) throw new ApiError(404, 'errors.not_found', { field: 'hash' });
      notify(t, q.blockTime.get(t.block_number!)?.time ?? t.create_time);
      return t;
    }),
  };
}
export type Chain = ReturnType<typeof createChain>;
