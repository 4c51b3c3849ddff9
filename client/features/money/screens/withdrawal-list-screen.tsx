import { WithdrawalStatus, withdrawalAdminInquire, withdrawalApprove, withdrawalReject, type Withdrawal } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { withdrawalColumns } from './withdrawal-columns.ts';

const pending = (row: Withdrawal) => row.status === WithdrawalStatus.values.pending;

/** /customer/withdrawal_list: review withdrawal requests; approving pays out on the (simulated) chain. */
export const withdrawalListResource = defineResource(withdrawalAdminInquire, () => ({
  name: 'withdrawal_list',
  description: 'resources.withdrawal_list.description',
  columns: withdrawalColumns,
  filters: ['account', 'status', { range: ['start_time', 'end_time'] }],
  actions: [
    {
      id: 'approve',
      kind: 'call',
      scope: 'row',
      label: 'resources.withdrawal_list.approve',
      icon: 'tick',
      intent: 'success',
      button: 'approve',
      visible: pending,
      confirm: 'normal',
      call: withdrawalApprove,
      body: (rows: Withdrawal[]) => ({ id: rows[0]!.id }),
    },
    {
      id: 'reject',
      kind: 'form',
      scope: 'row',
      label: 'resources.withdrawal_list.reject',
      icon: 'cross',
      intent: 'danger',
      button: 'reject',
      visible: pending,
      form: { call: withdrawalReject, button: 'reject', fields: ['reason'], fixed: (row) => ({ id: (row as Withdrawal).id }) },
    },
  ],
}));

export default resourceScreen(withdrawalListResource);
