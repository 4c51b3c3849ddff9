import { WithdrawalStatus, type Withdrawal } from '../../../contracts/index.ts';
import type { ColumnDecl } from '../../resources/types.ts';

const intent = (c: number) => (c === WithdrawalStatus.values.approved ? 'success' : c === WithdrawalStatus.values.rejected ? 'danger' : 'warning');

export const withdrawalColumns: readonly ColumnDecl<Withdrawal>[] = [
  { field: 'id', kind: 'number', width: 64 },
  { field: 'account', kind: 'text' },
  { field: 'amount_micro', kind: 'money' },
  { field: 'address', kind: 'text' },
  { field: 'status', kind: 'enum', enum: WithdrawalStatus, intentOf: intent },
  { field: 'reason', kind: 'text' },
  { field: 'tx_hash', kind: 'text', hiddenByDefault: true },
  { field: 'create_time', kind: 'date' },
  { field: 'review_time', kind: 'date' },
];
