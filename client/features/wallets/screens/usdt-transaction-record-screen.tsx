import {
  ChainTxStatus,
  ChainTxType,
  formatMoney,
  TransferOutcome,
  TransferReview,
  TransferReviewAction,
  usdtTransactionInquire,
  usdtTransactionReview,
} from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/usdt_transaction_record: USDT transactions of the simulated chain. */
export const usdtTransactionRecordResource = defineResource(usdtTransactionInquire, (r) => ({
  name: 'usdt_transaction_record',
  description: 'resources.usdt_transaction_record.description',
  columns: [
    { field: 'amount_micro', kind: 'money' },
    { field: 'block_number', kind: 'number' },
    // Narrow, the list keeps the amount, the outcome and the review (the reviewer comes for them): the hash,
    // the type and the addresses give way first, so that a phone still shows them beside the row's actions.
    { field: 'hash', kind: 'text', priority: 2 },
    { field: 'from_address', kind: 'text', priority: 3 },
    { field: 'to_address', kind: 'text', priority: 3 },
    { field: 'type', kind: 'enum', enum: ChainTxType, priority: 3 },
    { field: 'status', kind: 'enum', enum: ChainTxStatus, intentOf: (c) => (c === ChainTxStatus.values.confirmed ? 'success' : c === ChainTxStatus.values.failed ? 'danger' : 'warning') },
    { field: 'outcome', kind: 'enum', enum: TransferOutcome, intentOf: (c) => (c === TransferOutcome.values.paid ? 'success' : 'warning'), priority: 1 },
    { field: 'review', kind: 'enum', enum: TransferReview, intentOf: (c) => (c === TransferReview.values.waiting ? 'danger' : 'none'), priority: 1 },
    { field: 'order_no', kind: 'text' },
    { field: 'account', kind: 'text' },
    { field: 'review_remark', kind: 'text', hiddenByDefault: true },
    { field: 'remark', kind: 'text', hiddenByDefault: true },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['hash', 'address', 'type', 'outcome', 'review', { range: ['start_time', 'end_time'] }],
  actions: [
    // A transfer that paid nothing: credit it to a user (its order's user unless another is named) or mark it refunded.
    r.formAction(usdtTransactionReview, {
      id: 'review',
      scope: 'row',
      label: 'resources.usdt_transaction_record.review',
      icon: 'take-action',
      intent: 'warning',
      button: 'review',
      visible: (row) => row.review === TransferReview.values.waiting,
      // Credit or refund, with the amount and whom: a settled transfer cannot be reviewed again.
      confirm: {
        text: (_rows, body) => `resources.usdt_transaction_record.confirm.${body?.action === TransferReviewAction.values.credit ? 'credit' : 'refund'}`,
        undoable: false,
        // The user the reviewer named (by id) wins over the one the transfer was meant for.
        vars: ([row], body) => ({
          amount: row ? formatMoney(row.amount_micro) : '',
          account: typeof body?.user_id === 'number' ? `#${body.user_id}` : (row?.account ?? ''),
        }),
      },
      // The form is opened on one row; the transaction's id travels with the decision.
      form: { fields: ['action', 'user_id', 'remark'], fixed: (row) => (row ? { id: row.id } : {}) },
    }),
  ],
}));

export default resourceScreen(usdtTransactionRecordResource);
