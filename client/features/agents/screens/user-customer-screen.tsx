import { customerInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/user_customer: the agent's customers (users whose superior is the agent). */
export const userCustomerResource = defineResource(customerInquire, () => ({
  name: 'user_customer',
  description: 'resources.user_customer.description',
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { field: 'account', kind: 'text' },
    { field: 'name', kind: 'text' },
    { field: 'balance_micro', kind: 'money' },
    { field: 'member_expire_time', kind: 'date' },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['account'],
}));

export default resourceScreen(userCustomerResource);
