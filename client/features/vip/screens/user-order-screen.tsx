import { orderAdminInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { orderColumns, orderFilters } from '../../../shared/order-columns.ts';

/** /customer/user_order: every user's orders (administrators). */
export const userOrderResource = defineResource(orderAdminInquire, () => ({
  name: 'user_order',
  description: 'resources.user_order.description',
  columns: orderColumns,
  filters: ['account', ...orderFilters],
  export: {},
}));

export default resourceScreen(userOrderResource);
