import { WITHDRAWAL_MIN_MICRO, withdrawalAdd, withdrawalInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { moneyField, ownBalance } from '../../../resources/money-field.ts';
import { withdrawalColumns } from '../withdrawal-columns.ts';

/** /customer/acting_withdrawal_list: the agent's withdrawal requests; a new one reserves the amount. */
export const actingWithdrawalResource = defineResource(withdrawalInquire, (r) => ({
  name: 'acting_withdrawal_list',
  description: 'resources.acting_withdrawal_list.description',
  columns: withdrawalColumns.filter((c) => c.kind === 'custom' || c.field !== 'account'),
  filters: ['status', { range: ['start_time', 'end_time'] }],
  // The minimum and the caller's balance are said under the amount and checked as it is typed.
  create: r.form(withdrawalAdd, {
    button: 'add',
    fields: [moneyField('amount_micro', { limits: (ctx) => ({ min: WITHDRAWAL_MIN_MICRO, balance: ownBalance(ctx) }) }), 'address'],
  }),
}));

export default resourceScreen(actingWithdrawalResource);
