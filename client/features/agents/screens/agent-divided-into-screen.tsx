import { commissionInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/agent_divided_into: commission on the paid orders of the agent's customers. */
export const agentDividedIntoResource = defineResource(commissionInquire, () => ({
  name: 'agent_divided_into',
  description: 'resources.agent_divided_into.description',
  columns: [
    { field: 'order_no', kind: 'text' },
    { field: 'account', kind: 'text' },
    { field: 'order_amount_micro', kind: 'money' },
    { field: 'share_ratio', kind: 'number' },
    { field: 'amount_micro', kind: 'money' },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['account', { range: ['start_time', 'end_time'] }],
}));

export default resourceScreen(agentDividedIntoResource);
