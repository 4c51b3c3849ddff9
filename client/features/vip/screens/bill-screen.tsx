import { useTranslation } from 'react-i18next';
import { BillType, billInquire, formatMoney, readBillRemark } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** A remark the ledger worded, in the user's language; an administrator's own remark as written. */
function Remark({ remark }: { remark: string }) {
  const { t } = useTranslation();
  const read = readBillRemark(remark);
  return <>{read ? t(`resources.bill.remarks.${read.kind}`, read.vars) : remark}</>;
}

/** /customer/bill: the ledger's rows; administrators see everyone's, anyone else their own (server scope). */
export const billResource = defineResource(billInquire, () => ({
  name: 'bill',
  description: 'resources.bill.description',
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { field: 'account', kind: 'text' },
    { field: 'phone', kind: 'text' },
    { field: 'type', kind: 'enum', enum: BillType },
    { kind: 'custom', id: 'amount', render: (row) => (row.amount_micro > 0 ? '+' : '') + formatMoney(row.amount_micro), text: (row) => formatMoney(row.amount_micro) },
    { kind: 'custom', id: 'balance_before', render: (row) => formatMoney(row.balance_before_micro), text: (row) => formatMoney(row.balance_before_micro) },
    { kind: 'custom', id: 'balance_after', render: (row) => formatMoney(row.balance_after_micro), text: (row) => formatMoney(row.balance_after_micro) },
    { kind: 'custom', id: 'remark', render: (row) => <Remark remark={row.remark} />, text: (row) => row.remark },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['type', 'user_id', { range: ['start_time', 'end_time'] }],
  export: {},
}));

export default resourceScreen(billResource);
