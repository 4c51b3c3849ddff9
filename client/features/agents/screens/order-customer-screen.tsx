import { orderCustomerInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { orderColumns, orderFilters } from '../../../shared/order-columns.ts';

/** /customer/order_customer: orders of the agent's customers. */
export const orderCustomerResource = defineResource(orderCustomerInquire, () => ({
  name: 'order_customer',
  description: 'resources.order_customer.description',
  columns: orderColumns,
  filters: ['account', ...orderFilters],
}));

export default resourceScreen(orderCustomerResource);
