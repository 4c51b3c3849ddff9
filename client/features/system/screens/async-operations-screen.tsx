import {
  AsyncOperationStatus,
  AsyncOperationType,
  asyncOperationsInquire,
  type AsyncOperation,
} from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { JobLink } from '../components/job-link.tsx';

const { in_progress, completed, abnormal } = AsyncOperationStatus.values;
const statusIntent = (code: number) => (code === completed ? 'success' : code === abnormal ? 'danger' : 'primary');

/**
 * /customer/async_operations: background jobs (exports, large batch updates). A customer sees their own, an
 * administrator everyone's; rows move live with the type-20 frames (async-operations-sagas.ts).
 */
export const asyncOperationsResource = defineResource(asyncOperationsInquire, () => ({
  name: 'async_operations',
  description: 'resources.async_operations.description',
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { field: 'account', kind: 'text' },
    { field: 'type', kind: 'enum', enum: AsyncOperationType },
    { field: 'status', kind: 'enum', enum: AsyncOperationStatus, intentOf: statusIntent },
    { field: 'progress', kind: 'progress', intentOf: (row: AsyncOperation) => statusIntent(row.status), active: (row: AsyncOperation) => row.status === in_progress },
    { field: 'message', kind: 'text' },
    { kind: 'custom', id: 'link', render: (row: AsyncOperation) => <JobLink row={row} />, text: (row: AsyncOperation) => row.link },
    { field: 'create_time', kind: 'date' },
    { field: 'update_time', kind: 'date', hiddenByDefault: true },
  ],
  filters: ['type', 'status', { range: ['start_time', 'end_time'] }],
}));

export default resourceScreen(asyncOperationsResource);
