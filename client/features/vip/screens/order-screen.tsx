import { orderInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { PayOrderDialog } from '../components/payment-dialogs.tsx';
import { orderColumns, orderFilters, payable } from '../../../shared/order-columns.ts';

/** /customer/order: the caller's own orders; an unpaid chain order opens its payment page again. */
export const orderResource = defineResource(orderInquire, () => ({
  name: 'order',
  description: 'resources.order.description',
  columns: orderColumns,
  filters: [...orderFilters],
  actions: [{ id: 'pay', kind: 'dialog', scope: 'row', label: 'resources.payment.pay', icon: 'bank-account', intent: 'primary', visible: payable, dialog: PayOrderDialog }],
}));

export default resourceScreen(orderResource);
