import { OrderStatus, OrderType, PayMethod, type Order } from '../../contracts/index.ts';
import type { ColumnDecl } from '../resources/types.ts';

/** The order columns every order list shows (order, user_order, order_customer, balance_recharge). */
export const orderColumns: readonly ColumnDecl<Order>[] = [
  { field: 'order_no', kind: 'text' },
  { field: 'account', kind: 'text' },
  { field: 'type', kind: 'enum', enum: OrderType },
  { field: 'combo_name', kind: 'text' },
  { field: 'amount_micro', kind: 'money' },
  { field: 'pay_amount_micro', kind: 'money', hiddenByDefault: true },
  { field: 'pay_method', kind: 'enum', enum: PayMethod },
  { field: 'status', kind: 'enum', enum: OrderStatus, intentOf: (c) => (c === OrderStatus.values.paid ? 'success' : 'warning') },
  { field: 'tx_hash', kind: 'text', hiddenByDefault: true },
  { field: 'create_time', kind: 'date' },
  { field: 'expire_time', kind: 'date', hiddenByDefault: true },
  { field: 'pay_time', kind: 'date' },
];

export const orderFilters = ['order_no', 'type', 'status', { range: ['start_time', 'end_time'] }] as const;

/** An unpaid chain order can be paid from its row (the payment page again). */
export const payable = (row: Order) => row.status === OrderStatus.values.unpaid && row.pay_method === PayMethod.values.chain;
