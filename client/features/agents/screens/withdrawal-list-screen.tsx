import { formatMoney, WithdrawalStatus, withdrawalAdminInquire, withdrawalApprove, withdrawalReject, type Withdrawal } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { keyMessage } from '../../../state/message.ts';
import { withdrawalColumns } from '../withdrawal-columns.ts';

const pending = (row: Withdrawal) => row.status === WithdrawalStatus.values.pending;
/** Who asked for how much, and where to: what a reviewer must see before paying out or refusing. */
const request = (row: Withdrawal | undefined) => ({ account: row?.account ?? '', amount: row ? formatMoney(row.amount_micro) : '', address: row?.address ?? '' });

/** /customer/withdrawal_list: review withdrawal requests; approving pays out on the (simulated) chain. */
export const withdrawalListResource = defineResource(withdrawalAdminInquire, (r) => ({
  name: 'withdrawal_list',
  description: 'resources.withdrawal_list.description',
  columns: withdrawalColumns,
  filters: ['account', 'status', { range: ['start_time', 'end_time'] }],
  actions: [
    r.action(withdrawalApprove, {
      id: 'approve',
      scope: 'row',
      label: 'resources.withdrawal_list.approve',
      icon: 'tick',
      intent: 'success',
      button: 'approve',
      visible: pending,
      // A payout on chain cannot be called back.
      confirm: { text: 'resources.withdrawal_list.approve_confirm', undoable: false, vars: ([row]) => request(row) },
      body: ([row]) => ({ id: row!.id }),
    }),
    r.formAction(withdrawalReject, {
      id: 'reject',
      scope: 'row',
      label: 'resources.withdrawal_list.reject',
      icon: 'cross',
      intent: 'danger',
      button: 'reject',
      visible: pending,
      // The form is the question (who, how much, where, what happens, for good) and its button is "Reject":
      // asked once, not again after the reason is typed.
      lead: ([row]) => keyMessage('resources.withdrawal_list.reject_lead', request(row)),
      submitAsAction: true,
      // The form is opened on one row; the id travels with the reason.
      form: { fields: ['reason'], fixed: (row) => (row ? { id: row.id } : {}) },
    }),
  ],
}));

export default resourceScreen(withdrawalListResource);
