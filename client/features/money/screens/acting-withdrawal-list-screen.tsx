import { withdrawalAdd, withdrawalInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { moneyField } from '../../../resources/money-field.ts';
import { withdrawalColumns } from './withdrawal-columns.ts';

/** /customer/acting_withdrawal_list: the agent's withdrawal requests; a new one reserves the amount. */
export const actingWithdrawalResource = defineResource(withdrawalInquire, (r) => ({
  name: 'acting_withdrawal_list',
  description: 'resources.acting_withdrawal_list.description',
  columns: withdrawalColumns.filter((c) => c.kind === 'custom' || c.field !== 'account'),
  filters: ['status', { range: ['start_time', 'end_time'] }],
  create: r.form(withdrawalAdd, { button: 'add', fields: [moneyField('amount_micro'), 'address'] }),
}));

export default resourceScreen(actingWithdrawalResource);
