import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, emptyRequest, id, listRequest, pageOf } from '../envelope.ts';
import { CollectionStatus } from '../enums.ts';
import { defineEnum } from '../enum.ts';
import { microAmount } from '../money.ts';

/** Removed flag of a wallet (spec §3): 1 in use, 2 removed. */
export const WalletRemoved = defineEnum('wallet_removed', { active: 1, removed: 2 });
/** Kind of a chain transaction (usdt_transaction_record). */
export const ChainTxType = defineEnum('chain_tx_type', { payment_in: 1, payout: 2, collection: 3 });
export const ChainTxStatus = defineEnum('chain_tx_status', { pending: 1, confirmed: 2, failed: 3 });
/**
 * What became of an incoming transfer to the receiving address (docs/decisions/2026-11-26-money-matching.md):
 * each transaction hash is consumed once, with one of these. Only `paid` moved money by itself; every other
 * outcome waits for an administrator's review (`usdt_transaction/review`).
 */
export const TransferOutcome = defineEnum('transfer_outcome', {
  /** Paid the one order that carried its amount and was open at its block time. */
  paid: 1,
  /** Its amount belonged to an order that had timed out (unpaid) before the block. */
  late: 2,
  /** No order ever carried its amount before the block. */
  unknown_amount: 3,
  /** Its amount belonged to an order another transfer had paid already. */
  duplicate: 4,
  /** It matched an open order whose user had been removed. */
  user_removed: 5,
  /** It matched an open order that could not be booked (a balance limit or another rule refused it). */
  not_booked: 6,
});
/** Review of a transfer that paid nothing: waiting, credited to a user's balance, or marked refunded to its sender. */
export const TransferReview = defineEnum('transfer_review', { waiting: 1, credited: 2, refunded: 3 });
/** What the reviewer does with it. */
export const TransferReviewAction = defineEnum('transfer_review_action', { credit: 1, refund: 2 });

/** A wallet as lists show it: never its private key (`wallet/reveal_key`, confirmed and audited). */
export const wallet = z.object({
  id,
  address: z.string(),
  hex_address: z.string(),
  public_key: z.string(),
  account: z.string(),
  trx_micro: microAmount,
  usdt_micro: microAmount,
  balance_time: dateTime.nullable(),
  removed: WalletRemoved.schema,
  remove_time: dateTime.nullable(),
  create_time: dateTime,
});

export const walletInquire = defineCall({
  path: 'wallet/inquire',
  summary: 'Wallets of the simulated chain, newest first, without private keys (super administrators).',
  access: permission('tron'),
  request: listRequest({ address: z.string().max(64).optional(), removed: WalletRemoved.schema.optional() }),
  response: pageOf(wallet),
});

export const walletAdd = defineCall({
  path: 'wallet/add',
  summary: 'Generate a key pair, or import one from its private key (64 hex characters).',
  access: permission('tron', 'add'),
  request: z.strictObject({ private_key: z.string().regex(/^[0-9a-fA-F]{64}$/, 'validation.private_key').optional() }),
  response: wallet,
});

export const walletRevealKey = defineCall({
  path: 'wallet/reveal_key',
  summary: "A wallet's private key, on demand: `confirm` must be true; every reveal is written to the audit log.",
  access: permission('tron', 'reveal_key'),
  // A read that must leave a trace: who saw which key, when.
  audit: true,
  request: z.strictObject({ id, confirm: z.literal(true, { error: 'validation.confirm_required' }) }),
  response: z.object({ id, address: z.string(), private_key: z.string() }),
});

export const walletRemove = defineCall({
  path: 'wallet/remove',
  summary: 'Mark wallets removed (kept with their history; not collected or synced any more).',
  access: permission('tron', 'remove'),
  request: z.strictObject({ ids: z.array(id).min(1).max(500) }),
  response: z.object({ removed: z.int() }),
});

const jobRequest = z.strictObject({ ids: z.array(id).min(1).max(10_000).optional().describe('absent: every wallet in use') });
const jobAnswer = z.object({ job_id: id, wallets: z.int() });

export const walletCollect = defineCall({
  path: 'wallet/collect',
  summary: "Collect wallets' USDT into the receiving address, as a job (progress in async_operations, one record per wallet).",
  access: permission('tron', 'collect'),
  audit: true,
  request: jobRequest,
  response: jobAnswer,
});

export const walletSyncBalance = defineCall({
  path: 'wallet/sync_balance',
  summary: "Read wallets' TRX and USDT balances from the chain, as a job.",
  access: permission('tron', 'sync_balance'),
  audit: true,
  request: jobRequest,
  response: jobAnswer,
});

export const collection = z.object({
  id,
  serial_no: z.string(),
  sender: z.string(),
  receiver: z.string(),
  tx_hash: z.string().nullable(),
  amount_micro: microAmount,
  status: CollectionStatus.schema,
  remark: z.string(),
  create_time: dateTime,
});

export const collectionInquire = defineCall({
  path: 'wallet/collection_inquire',
  summary: 'Collection records (tron_transaction_summary): one per wallet per collection, newest first.',
  access: permission('tron_transaction_summary'),
  request: listRequest({ sender: z.string().max(64).optional(), status: CollectionStatus.schema.optional(), start_time: dateTime.optional(), end_time: dateTime.optional() }),
  response: pageOf(collection),
});

export const usdtTransaction = z.object({
  id,
  hash: z.string(),
  block_number: z.int().nullable(),
  from_address: z.string(),
  to_address: z.string(),
  amount_micro: microAmount,
  type: ChainTxType.schema,
  status: ChainTxStatus.schema,
  remark: z.string(),
  create_time: dateTime,
  /** Incoming transfers to the receiving address only (null for payouts, collections, pending ones). */
  outcome: TransferOutcome.schema.nullable(),
  /** null when nothing is to review (paid, or not an incoming transfer). */
  review: TransferReview.schema.nullable(),
  /** The order it paid, or the order it was meant for (late, duplicate, not booked). */
  order_no: z.string().nullable(),
  /** The user of that order: whom the transfer was meant for; after a credit, the user credited. */
  account: z.string().nullable(),
  /** The reviewer's remark. */
  review_remark: z.string().nullable(),
});

export type UsdtTransaction = z.infer<typeof usdtTransaction>;

export const usdtTransactionInquire = defineCall({
  path: 'usdt_transaction/inquire',
  summary: 'USDT transactions of the simulated chain, newest first.',
  access: permission('usdt_transaction_record'),
  request: listRequest({
    hash: z.string().max(64).optional(),
    address: z.string().max(64).optional(),
    type: ChainTxType.schema.optional(),
    outcome: TransferOutcome.schema.optional(),
    review: TransferReview.schema.optional(),
    start_time: dateTime.optional(),
    end_time: dateTime.optional(),
  }),
  response: pageOf(usdtTransaction),
});

export const usdtTransactionReview = defineCall({
  path: 'usdt_transaction/review',
  summary:
    'Settle an incoming transfer that paid nothing (outcome late, unknown amount, duplicate, user removed, not booked): ' +
    "credit its amount to a user's balance (a recharge bill; `user_id` defaults to the user of the order it was meant " +
    'for) or mark it refunded to its sender. Once per transfer (409 otherwise); written to the audit log.',
  access: permission('usdt_transaction_record', 'review'),
  // Crediting is creating money on a user's balance: the rank and four-eyes rule of user/change_balance.
  target: { field: 'user_id', action: 'money' },
  audit: true,
  request: z.strictObject({
    id: id.describe('the transaction (usdt_transaction/inquire row id)'),
    action: TransferReviewAction.schema,
    user_id: id.optional(),
    remark: z.string().trim().min(1, 'validation.reason_required').max(255),
  }),
  response: usdtTransaction,
});

/**
 * What "collect all" and "sync all balances" would act on, for their confirmations (spec §6, §8): the wallets
 * in use, their USDT and TRX as last synced, and the oldest sync (null when one was never synced).
 */
export const walletSummary = defineCall({
  path: 'wallet/summary',
  summary:
    'Wallets in use: how many, their USDT and TRX as last synced, the oldest sync time (null if one never was), and the collect / sync job still running (one per kind at a time).',
  access: permission('tron'),
  audit: false,
  request: emptyRequest,
  response: z.object({ wallets: z.int().min(0), usdt_micro: microAmount, trx_micro: microAmount, oldest_sync: dateTime.nullable(), collect_job_id: id.nullable(), sync_job_id: id.nullable() }),
});

export const walletCalls = [walletInquire, walletAdd, walletRevealKey, walletRemove, walletCollect, walletSyncBalance, collectionInquire, usdtTransactionInquire, usdtTransactionReview, walletSummary] as const;
