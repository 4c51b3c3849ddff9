import { CollectionStatus, collectionInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/tron_transaction_summary: collection records (spec §3), one per wallet and collection. */
export const tronTransactionSummaryResource = defineResource(collectionInquire, () => ({
  name: 'tron_transaction_summary',
  description: 'resources.tron_transaction_summary.description',
  columns: [
    { field: 'serial_no', kind: 'text' },
    { field: 'sender', kind: 'text' },
    { field: 'receiver', kind: 'text' },
    { field: 'tx_hash', kind: 'text' },
    { field: 'amount_micro', kind: 'money' },
    { field: 'status', kind: 'enum', enum: CollectionStatus, intentOf: (c) => (c === CollectionStatus.values.success ? 'success' : 'danger') },
    { field: 'remark', kind: 'text' },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['sender', 'status', { range: ['start_time', 'end_time'] }],
}));

export default resourceScreen(tronTransactionSummaryResource);
