import { BillType } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';

/** An administrator's change of a user's balance: one bill through the ledger, in the same transaction. */
export const balanceHandlers = defineHandlers({
  'user/change_balance': ({ body, services, me }) =>
    services.ledger.change(body.id, body.amount_micro, BillType.values.admin_adjustment, body.remark, {
      operatorId: me().id,
    }),
});
