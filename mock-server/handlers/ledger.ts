import { BillType, type Bill } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { ownerScope } from '../qr/scope.ts';
import { BILL_SELECT } from '../services/ledger.ts';

export const ledgerHandlers = defineHandlers({
  'user/change_balance': ({ body, services, me }) =>
    services.ledger.change(body.id, body.amount_micro, BillType.values.admin_adjustment, body.remark, {
      operatorId: me().id,
    }),

  'bill/inquire': ({ body, services, me }) => {
    const where: string[] = [];
    const params: (string | number)[] = [];
    const add = (clause: string, value: string | number | undefined) => {
      if (value === undefined) return;
      where.push(clause);
      params.push(value);
    };
    // Anyone but an administrator sees only their own bills; another user's id then matches nothing.
    add('b.user_id = ?', ownerScope(me()));
    add('b.user_id = ?', body.user_id);
    add('b.type = ?', body.type);
    add('b.create_time >= ?', body.start_time);
    add('b.create_time <= ?', body.end_time);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = services.db
      .prepare(`SELECT COUNT(*) FROM bills b ${clause}`)
      .pluck()
      .get(...params) as number;
    const content = services.db
      .prepare(`${BILL_SELECT} ${clause} ORDER BY b.id DESC LIMIT ? OFFSET ?`)
      .all(...params, body.page_size, (body.page - 1) * body.page_size) as Bill[];
    return { content, total };
  },
});
