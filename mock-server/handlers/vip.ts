import {
  BillType,
  MICRO_PER_UNIT,
  OrderType,
  PayMethod,
  RECHARGE_FLOOR_USDT,
  order,
  orderAdminInquire,
  orderInquire,
  vipCombo,
  vipComboAdd,
  vipComboInquire,
  vipComboRemove,
  vipComboShop,
  vipComboUpdate,
  formatMoney,
  billRemark,
} from '../../contracts/index.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { createOrder, markPaid, orderById } from '../money/payments.ts';
import { defineResource } from '../resources/define.ts';
import { sourceRangeOf } from '../security/ip-address.ts';
import { refusedAs } from '../services/ledger.ts';

/** VIP combos (a shared catalogue: the calls' permissions guard it), larger sort first. */
const combos = defineResource({
  calls: { add: vipComboAdd, update: vipComboUpdate, remove: vipComboRemove, inquire: vipComboInquire },
  row: vipCombo,
  table: 'vip_combos',
  alias: 'c',
  filters: { name: 'like', show_status: 'eq' },
  orderBy: 'c.sort DESC, c.id DESC',
  created: 'create_time',
  rules: {
    // Orders keep the combo's id: a combo that was ordered is hidden, not deleted (the whole removal is refused).
    remove: ({ services: { db } }, found) => {
      const ordered = db.prepare('SELECT 1 FROM orders WHERE vip_combo_id = ? LIMIT 1');
      if (found.some((f) => ordered.get(f.id)))
        throw new ApiError(409, 'errors.combo_in_use', { field: 'ids' });
    },
  },
});

/** What a customer may buy: shown combos only. */
const shop = defineResource({
  calls: { inquire: vipComboShop },
  row: vipCombo,
  table: 'vip_combos',
  alias: 'c',
  where: 'c.show_status = 1',
  orderBy: 'c.sort DESC, c.id DESC',
});

const ORDER_COLUMNS = `o.id, o.order_no, o.user_id, u.account, o.type, o.vip_combo_id, o.combo_name, o.amount_micro,
  o.pay_amount_micro, o.pay_type, o.pay_method, o.address, o.status, o.tx_hash, o.create_time, o.expire_time, o.pay_time`;
export const orderFilters = {
  order_no: { op: 'like' },
  type: 'eq',
  status: 'eq',
  start_time: { op: 'gte', column: 'create_time' },
  end_time: { op: 'lte', column: 'create_time' },
} as const;
export const orderList = {
  row: order,
  table: 'orders',
  alias: 'o',
  select: ORDER_COLUMNS,
  joins: 'JOIN users u ON u.id = o.user_id',
  orderBy: 'o.id DESC',
} as const;

/** `order`: the caller's own orders, whoever they are (personal, like an inbox). */
const ownOrders = defineResource({
  ...orderList,
  calls: { inquire: orderInquire },
  owner: 'user_id',
  personal: true,
  filters: orderFilters,
});
/** `user_order`: every order (administrators). */
const allOrders = defineResource({
  ...orderList,
  calls: { inquire: orderAdminInquire },
  owner: 'user_id',
  filters: { ...orderFilters, account: { op: 'like', column: 'u.account' } },
});
export const vipHandlers = defineHandlers({
  ...combos.handlers,
  ...shop.handlers,
  ...ownOrders.handlers,
  ...allOrders.handlers,
  'vip_combo/buy': ({ body, services, me, ip }) =>
    services.db
      .transaction(() => {
        const combo = combos.find(services.db, body.vip_combo_id, undefined).row;
        if (combo.show_status !== 1)
          throw new ApiError(409, 'errors.combo_hidden', { field: 'vip_combo_id' });
        const buyer = me().id;
        const id = createOrder(services, {
          userId: buyer,
          type: OrderType.values.vip_combo,
          comboId: combo.id,
          comboName: combo.name,
          amountMicro: combo.price_micro,
          payMethod: body.pay_method,
          source: sourceRangeOf(ip),
        });
        if (body.pay_method === PayMethod.values.balance) {
          // A short balance is said as the purchase (the price, the balance, top up first), and it all rolls back.
          refusedAs(
            () =>
              services.ledger.change(
                buyer,
                -combo.price_micro,
                BillType.values.purchase,
                billRemark('purchase', { name: combo.name }),
              ),
            (r) =>
              new ApiError(409, 'errors.purchase_balance_short', {
                name: combo.name,
                price: formatMoney(combo.price_micro),
                balance: formatMoney(r.balanceMicro),
                short: formatMoney(combo.price_micro - r.balanceMicro),
              }),
          );
          markPaid(services, id, null);
        }
        return orderById(services, id);
      })
      .immediate(),
  'order/recharge': ({ body, services, me, ip }) =>
    services.db
      .transaction(() => {
        // Never below the floor, whatever a setting stored before pay_config/update checked it (contracts/money.ts).
        const min = Math.round(
          Math.max(RECHARGE_FLOOR_USDT, services.settings.require('pay_config').min_recharge) *
            MICRO_PER_UNIT,
        );
        if (body.amount_micro < min)
          throw new ApiError(400, 'errors.recharge_min', { field: 'amount_micro', min: formatMoney(min) });
        const id = createOrder(services, {
          userId: me().id,
          type: OrderType.values.recharge,
          comboId: null,
          comboName: '',
          amountMicro: body.amount_micro,
          payMethod: PayMethod.values.chain,
          source: sourceRangeOf(ip),
        });
        return orderById(services, id);
      })
      .immediate(),
  'order/details': ({ body, services, me }) => {
    const found = ownOrders.find(services.db, body.id, me().id);
    if (!found) throw notFound();
    return { ...found.row, qr_code_switch: services.settings.require('pay_config').qr_code_switch };
  },
});
