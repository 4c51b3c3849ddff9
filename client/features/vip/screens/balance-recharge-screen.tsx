import { OrderType, orderInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { PayOrderDialog, RechargeDialog } from '../components/payment-dialogs.tsx';
import { orderColumns, payable } from '../../../shared/order-columns.ts';

/** /customer/balance_recharge: recharge by USDT on chain (payment page); the list is the caller's recharges. */
export const balanceRechargeResource = defineResource(orderInquire, () => ({
  name: 'balance_recharge',
  description: 'resources.balance_recharge.description',
  columns: orderColumns.filter((c) => c.kind === 'custom' || !['type', 'combo_name', 'account'].includes(c.field)),
  fixedQuery: { type: OrderType.values.recharge },
  filters: ['status'],
  actions: [
    { id: 'recharge', kind: 'dialog', scope: 'toolbar', label: 'resources.balance_recharge.recharge', icon: 'plus', intent: 'primary', button: 'recharge', dialog: RechargeDialog },
    { id: 'pay', kind: 'dialog', scope: 'row', label: 'resources.payment.pay', icon: 'bank-account', intent: 'primary', visible: payable, dialog: PayOrderDialog },
  ],
}));

export default resourceScreen(balanceRechargeResource);
