import type {
  walletCollect,
  walletSyncBalance} from '../../contracts/index.ts';
import {
  AsyncOperationStatus,
  AsyncOperationType,
  collection,
  collectionInquire,
  usdtTransaction,
  usdtTransactionInquire,
  wallet,
  walletInquire,
  walletRemove
} from '../../contracts/index.ts';
import { keyPair, validPrivateKey } from '../chain/keys.ts';
import { ApiError } from '../http/errors.ts';
import { defineHandlers, type HandlerContext } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Services } from '../compose.ts';
import { reviewTransfer } from '../money/transfer-review.ts';

/** `tron`: wallets; the select list leaves the private key out, so no list answer can carry it. */
const wallets = defineResource({
  calls: { inquire: walletInquire, remove: walletRemove },
  row: wallet,
  table: 'wallets',
  alias: 'w',
  select: `w.id, w.address, w.hex_address, w.public_key, u.account, w.trx_micro, w.usdt_micro, w.balance_time, w.removed,
    w.remove_time, w.create_time`,
  joins: 'JOIN users u ON u.id = w.user_id',
  filters: { address: 'like', removed: 'eq' },
  orderBy: 'w.id DESC',
  softDelete: { column: 'removed', live: 1, removed: 2, time: 'remove_time', notRemoved: 'errors.not_found' },
});

const collections = defineResource({
  calls: { inquire: collectionInquire },
  row: collection,
  table: 'collections',
  alias: 'c',
  select: 'c.id, c.serial_no, c.sender, c.receiver, c.tx_hash, c.amount_micro, c.status, c.remark, c.create_time',
  filters: { sender: 'like', status: 'eq', start_time: { op: 'gte', column: 'create_time' }, end_time: { op: 'lte', column: 'create_time' } },
  orderBy: 'c.id DESC',
});

/** `usdt_transaction_record`: the chain's USDT transactions, each incoming one with what became of it (chain_receipts). */
const usdtTransactions = defineResource({
  calls: { inquire: usdtTransactionInquire },
  row: usdtTransaction,
  table: 'chain_transactions',
  alias: 't',
  select: `t.id, t.hash, t.block_number, t.from_address, t.to_address, t.amount_micro, t.type, t.status, t.remark, t.create_time,
    r.outcome, r.review, o.order_no, u.account, r.review_remark`,
  joins: 'LEFT JOIN chain_receipts r ON r.hash = t.hash LEFT JOIN orders o ON o.id = r.order_id LEFT JOIN users u ON u.id = r.user_id',
  where: "t.token = 'USDT'",
  filters: {
    hash: 'eq',
    address: { op: 'like', column: 'to_address' },
    type: 'eq',
    outcome: { op: 'eq', column: 'r.outcome' },
    review: { op: 'eq', column: 'r.review' },
    start_time: { op: 'gte', column: 'create_time' },
    end_time: { op: 'lte', column: 'create_time' },
  },
  orderBy: 't.id DESC',
});

type JobContext = HandlerContext<typeof walletCollect> | HandlerContext<typeof walletSyncBalance>;

/** The ids a collect/sync job walks: those named (each must exist, all or none), else every wallet in use. */
function jobIds({ body, services }: JobContext): number[] {
  const ids = body.ids
    ? wallets.findAll(services.db, body.ids, undefined).map((f) => f.id)
    : (services.db.prepare('SELECT id FROM wallets WHERE removed = 1 ORDER BY id').pluck().all() as number[]);
  if (!ids.length) throw new ApiError(409, 'errors.no_wallets', { field: 'ids' });
  return ids;
}
/**
 * One job per kind at a time, decided here on the server (a double click, a second tab, a second administrator
 * all get 409 naming the running job). The check and the insert run in one synchronous handler on the one
 * SQLite connection, so two requests cannot both pass it.
 */
function runningJob(services: Services, type: number): { id: number; progress: number } | undefined {
  return services.db
    .prepare<[number, number], { id: number; progress: number }>('SELECT id, progress FROM async_operations WHERE type = ? AND status = ? ORDER BY id LIMIT 1')
    .get(type, AsyncOperationStatus.values.in_progress);
}
function startJob(ctx: JobContext, type: number) {
  const running = runningJob(ctx.services, type);
  if (running)
    throw new ApiError(409, type === AsyncOperationType.values.wallet_collect ? 'errors.wallet_collect_running' : 'errors.wallet_sync_running', running);
  const ids = jobIds(ctx);
  const job = ctx.services.jobs.enqueue(ctx.me().id, type, { ids }, { offset: 0, done: 0, failed: 0, amount: 0 }, ctx.locale);
  return { job_id: job.id, wallets: ids.length };
}

export const walletHandlers = defineHandlers({
  ...wallets.handlers,
  ...collections.handlers,
  ...usdtTransactions.handlers,
  'wallet/add': ({ body, services, me }) => {
    if (body.private_key !== undefined && !validPrivateKey(body.private_key)) throw new ApiError(400, 'errors.private_key_invalid', { field: 'private_key' });
    const pair = keyPair(body.private_key?.toLowerCase());
    if (services.db.prepare('SELECT 1 FROM wallets WHERE address = ?').get(pair.address)) throw new ApiError(409, 'errors.value_taken', { field: 'private_key' });
    const id = Number(
      services.db
        .prepare('INSERT INTO wallets (address, hex_address, public_key, private_key, user_id, create_time) VALUES (?, ?, ?, ?, ?, ?)')
        .run(pair.address, pair.hex_address, pair.public_key, pair.private_key, me().id, formatDateTime(services.clock.now())).lastInsertRowid,
    );
    return wallets.get(services.db, id);
  },
  'wallet/reveal_key': ({ body, services }) => {
    const found = wallets.find(services.db, body.id, undefined);
    const key = services.db.prepare('SELECT private_key FROM wallets WHERE id = ?').pluck().get(found.id) as string;
    return { id: found.id, address: (found.row as { address: string }).address, private_key: key };
  },
  // What "collect all" / "sync all" would act on (the set they walk when no ids are named) and the job running.
  'wallet/summary': ({ services }) => {
    const totals = services.db
      .prepare<[], { wallets: number; usdt: number | null; trx: number | null; oldest_sync: string | null }>(
        `SELECT COUNT(*) AS wallets, SUM(usdt_micro) AS usdt, SUM(trx_micro) AS trx,
          CASE WHEN COUNT(*) = COUNT(balance_time) THEN MIN(balance_time) END AS oldest_sync
         FROM wallets WHERE removed = 1`,
      )
      .get()!;
    return {
      wallets: totals.wallets,
      usdt_micro: totals.usdt ?? 0,
      trx_micro: totals.trx ?? 0,
      oldest_sync: totals.oldest_sync,
      collect_job_id: runningJob(services, AsyncOperationType.values.wallet_collect)?.id ?? null,
      sync_job_id: runningJob(services, AsyncOperationType.values.wallet_sync)?.id ?? null,
    };
  },
  'usdt_transaction/review': ({ body, services, me }) =>
    services.db.transaction(() => {
      const tx = usdtTransactions.get(services.db, body.id);
      reviewTransfer(services, tx.hash, body, me().id);
      return usdtTransactions.get(services.db, body.id);
    }).immediate(),
  'wallet/collect': (ctx) => startJob(ctx, AsyncOperationType.values.wallet_collect),
  'wallet/sync_balance': (ctx) => startJob(ctx, AsyncOperationType.values.wallet_sync),
});
