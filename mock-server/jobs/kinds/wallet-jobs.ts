import { AsyncOperationType, formatMoney } from '../../../contracts/index.ts';
import { formatDateTime } from '../../services/clock.ts';
import type { JobKind, JobServices, StepOutcome } from '../kind.ts';

/** `wallet/collect` and `wallet/sync_balance`: one wallet per step, its result committed with the job's cursor. */
interface Params {
  ids: number[];
}
interface Cursor {
  offset: number;
  done: number;
  failed: number;
  amount: number;
}

type Wallet = { id: number; address: string; removed: number };
function stepOver(services: JobServices, params: Params, cursor: Cursor, work: (w: Wallet, c: Cursor) => void, message: string): StepOutcome {
  const id = params.ids[cursor.offset];
  const next: Cursor = { ...cursor, offset: cursor.offset + 1 };
  const write = () => {
    const w = id === undefined ? undefined : services.db.prepare<[number], Wallet>('SELECT id, address, removed FROM wallets WHERE id = ?').get(id);
    if (w && w.removed === 1) work(w, next);
  };
  if (next.offset >= params.ids.length)
    return {
      done: true,
      write,
      message,
      get vars() {
        return { done: next.done, failed: next.failed, amount: formatMoney(next.amount) };
      },
    };
  return {
    done: false,
    write,
    progress: (next.offset * 100) / params.ids.length,
    get cursor() {
      return next;
    },
  };
}

/** Kind 3: move a wallet's whole USDT balance to the receiving address; a collection record either way. */
export const walletCollectKind: JobKind = {
  type: AsyncOperationType.values.wallet_collect,
  step({ services }, job) {
    const params = JSON.parse(job.params) as Params;
    const cursor = JSON.parse(job.cursor) as Cursor;
    return stepOver(
      services,
      params,
      cursor,
      (w, c) => {
        const to = services.settings.require('pay_config').usdt_address;
        const amount = services.chain.balanceOf(w.address, 'USDT');
        const at = formatDateTime(services.clock.now());
        if (amount === 0) return;
        const tx = services.chain.transfer(w.address, to, amount, 'USDT', `collect wallet #${w.id}`, 3);
        const ok = tx.status === 2;
        services.db
          .prepare(`INSERT INTO collections (serial_no, wallet_id, sender, receiver, tx_hash, amount_micro, status, remark, create_time)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
          .run(`C${job.id}-${w.id}`, w.id, w.address, to, tx.hash, amount, ok ? 1 : 2, ok ? '' : 'transfer failed', at);
        services.db.prepare('UPDATE wallets SET usdt_micro = ?, balance_time = ? WHERE id = ?').run(services.chain.balanceOf(w.address, 'USDT'), at, w.id);
        if (ok) {
          c.done += 1;
          c.amount += amount;
        } else c.failed += 1;
      },
      'jobs.collected',
    );
  },
};

/** Kind 4: read a wallet's TRX and USDT balances from the chain. */
export const walletSyncKind: JobKind = {
  type: AsyncOperationType.values.wallet_sync,
  step({ services }, job) {
    return stepOver(
      services,
      JSON.parse(job.params) as Params,
      JSON.parse(job.cursor) as Cursor,
      (w, c) => {
        services.db
          .prepare('UPDATE wallets SET usdt_micro = ?, trx_micro = ?, balance_time = ? WHERE id = ?')
          .run(services.chain.balanceOf(w.address, 'USDT'), services.chain.balanceOf(w.address, 'TRX'), formatDateTime(services.clock.now()), w.id);
        c.done += 1;
      },
      'jobs.synced',
    );
  },
};
