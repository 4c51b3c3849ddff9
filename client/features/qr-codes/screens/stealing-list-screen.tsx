import { stealingInquire, StealingReason, stealingRemove } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/stealing_list: visits refused by a QR code's restriction or scan-only rule (link abuse). */
export const stealingListResource = defineResource(stealingInquire, (r) => ({
  name: 'stealing_list',
  description: 'resources.stealing_list.description',
  columns: [
    { field: 'create_time', kind: 'date' },
    { field: 'file_name', kind: 'text' },
    { field: 'ip', kind: 'text' },
    { field: 'ip_belong', kind: 'place' },
    { field: 'reason', kind: 'enum', enum: StealingReason, intentOf: () => 'warning' },
    { field: 'user_agent', kind: 'text' },
  ],
  filters: ['ip', 'reason'],
  remove: r.remove(stealingRemove),
  export: {},
}));

export default resourceScreen(stealingListResource);
