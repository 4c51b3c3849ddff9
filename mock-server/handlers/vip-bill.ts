import { bill, billInquire } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';

/** The ledger's rows, read-only: bills are written by `services.ledger` alone (and its triggers refuse edits). */
const bills = defineResource({
  calls: { inquire: billInquire },
  row: bill,
  table: 'bills',
  alias: 'b',
  select: `b.id, b.user_id, u.account, u.phone, b.type, b.amount_micro, b.balance_before_micro,
    b.balance_after_micro, b.remark, b.create_time`,
  joins: 'JOIN users u ON u.id = b.user_id',
  // Anyone but an administrator sees only their own bills; another user's id then matches nothing.
  owner: 'user_id',
  filters: {
    user_id: 'eq',
    type: 'eq',
    start_time: { op: 'gte', column: 'create_time' },
    end_time: { op: 'lte', column: 'create_time' },
  },
  orderBy: 'b.id DESC',
});

export const billHandlers = defineHandlers({
  ...bills.handlers,
});
