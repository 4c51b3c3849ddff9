import { ChainTxStatus, ChainTxType, usdtTransactionInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/usdt_transaction_record: USDT transactions of the simulated chain. */
export const usdtTransactionRecordResource = defineResource(usdtTransactionInquire, () => ({
  name: 'usdt_transaction_record',
  description: 'resources.usdt_transaction_record.description',
  columns: [
    { field: 'amount_micro', kind: 'money' },
    { field: 'block_number', kind: 'number' },
    { field: 'hash', kind: 'text' },
    { field: 'from_address', kind: 'text' },
    { field: 'to_address', kind: 'text' },
    { field: 'type', kind: 'enum', enum: ChainTxType },
    { field: 'status', kind: 'enum', enum: ChainTxStatus, intentOf: (c) => (c === ChainTxStatus.values.confirmed ? 'success' : c === ChainTxStatus.values.failed ? 'danger' : 'warning') },
    { field: 'remark', kind: 'text', hiddenByDefault: true },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['hash', 'address', 'type', { range: ['start_time', 'end_time'] }],
}));

export default resourceScreen(usdtTransactionRecordResource);
