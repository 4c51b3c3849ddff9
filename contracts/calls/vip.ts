import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, noData, pageOf } from '../envelope.ts';
import { defineEnum } from '../enum.ts';
import { OrderStatus, PayType, ShowStatus } from '../enums.ts';
import { MICRO_PER_UNIT, microAmount } from '../money.ts';

/** What an order buys (table orders.type). */
export const OrderType = defineEnum('order_type', { vip_combo: 1, recharge: 2 });
/** How an order is paid: from the balance at once, or by a TRC20-USDT transfer on the (simulated) chain. */
export const PayMethod = defineEnum('pay_method', { balance: 1, chain: 2 });

/**
 * A positive amount in micro-units (a price, a recharge, a withdrawal): 0 and below are refused, and one order
 * or request is at most 1,000,000 USDT (so a unique pay amount and any sum of a day stay far inside the limit).
 */
export const ORDER_MAX_MICRO = 1_000_000 * MICRO_PER_UNIT;
/**
 * Limits of chain orders (docs/decisions/2026-11-26-money-matching.md): a user holds at most
 * OPEN_ORDERS_PER_USER open (unpaid, not timed out) chain orders, and at most UNPAID_ORDERS_PER_USER unpaid ones
 * whose amounts are still reserved, i.e. timed out less than OFFSET_GRACE_HOURS ago; an order's unique amount
 * is not given to another order until OFFSET_GRACE_HOURS after it was paid or timed out.
 */
export const OPEN_ORDERS_PER_USER = 5;
export const UNPAID_ORDERS_PER_USER = 20;
export const OFFSET_GRACE_HOURS = 24;
/**
 * The same two limits per source range (IPv4 /24, IPv6 /64) and price, across accounts
 * (docs/decisions/2026-11-29-abuse-left.md): accounts registered from one network cannot multiply the per-user
 * ones. An office of people buying one plan at once stays far below them.
 */
export const OPEN_ORDERS_PER_SOURCE = 10;
export const UNPAID_ORDERS_PER_SOURCE = 50;
export const positiveMicro = z.int().min(1, 'validation.amount_positive').max(ORDER_MAX_MICRO, 'validation.amount_order_max');

/** Spec §4 "VIP combos": name, price (USDT), days, domain quota, description, show/hide, sort (larger first). */
export const vipCombo = z.object({
  id,
  name: z.string(),
  price_micro: microAmount,
  days: z.int(),
  domain_quota: z.int(),
  description: z.string(),
  show_status: ShowStatus.schema,
  sort: z.int(),
  create_time: dateTime,
});
export type VipCombo = z.infer<typeof vipCombo>;

const fields = {
  name: z.string().trim().min(1, 'validation.name_required').max(64),
  price_micro: positiveMicro,
  days: z.int().min(1).max(36_500),
  domain_quota: z.int().min(0).max(100_000),
  description: z.string().max(1000),
  show_status: ShowStatus.schema,
  sort: z.int().min(0).max(1_000_000),
};

export const vipComboAdd = defineCall({
  path: 'vip_combo/add',
  summary: 'Add a VIP combo.',
  access: permission('vip_combo', 'add'),
  request: z.strictObject({
    ...fields,
    description: fields.description.default(''),
    show_status: fields.show_status.default(1),
    sort: fields.sort.default(0),
  }),
  response: vipCombo,
});

export const vipComboUpdate = defineCall({
  path: 'vip_combo/update',
  summary: 'Change a VIP combo; only the fields sent change (orders keep the name and price they were made with).',
  access: permission('vip_combo', 'update'),
  request: z.strictObject({
    id,
    name: fields.name.optional(),
    price_micro: fields.price_micro.optional(),
    days: fields.days.optional(),
    domain_quota: fields.domain_quota.optional(),
    description: fields.description.optional(),
    show_status: fields.show_status.optional(),
    sort: fields.sort.optional(),
  }),
  response: vipCombo,
});

export const vipComboRemove = defineCall({
  path: 'vip_combo/remove',
  summary: 'Delete combos by id (all or none). A combo already ordered cannot be deleted (409): hide it instead.',
  access: permission('vip_combo', 'remove'),
  request: z.strictObject({ ids: z.array(id).min(1).max(500) }),
  response: noData,
});

export const vipComboInquire = defineCall({
  path: 'vip_combo/inquire',
  summary: 'Every combo, shown and hidden, larger sort first (administrators).',
  access: permission('vip_combo'),
  request: listRequest({ name: z.string().max(64).optional(), show_status: ShowStatus.schema.optional() }),
  response: pageOf(vipCombo),
});

export const vipComboShop = defineCall({
  path: 'vip_combo/shop',
  summary: 'The combos a customer may buy: shown ones only, larger sort first.',
  access: permission('buy_vip_combo'),
  audit: false,
  request: listRequest({}),
  response: pageOf(vipCombo),
});

/** An order (spec §3/§4): status 1 unpaid, 2 paid; pay type 1 TRC20-USDT. */
export const order = z.object({
  id,
  order_no: z.string(),
  user_id: id,
  account: z.string(),
  type: OrderType.schema,
  vip_combo_id: id.nullable(),
  combo_name: z.string(),
  amount_micro: microAmount,
  /** The exact amount the chain payment must carry: the amount plus a small offset unique among open orders. */
  pay_amount_micro: microAmount,
  pay_type: PayType.schema,
  pay_method: PayMethod.schema,
  /** Receiving address of a chain payment ('' for balance payments). */
  address: z.string(),
  status: OrderStatus.schema,
  tx_hash: z.string().nullable(),
  create_time: dateTime,
  /** An unpaid chain order is not paid by a transfer after this time. */
  expire_time: dateTime,
  pay_time: dateTime.nullable(),
});
export type Order = z.infer<typeof order>;

export const vipComboBuy = defineCall({
  path: 'vip_combo/buy',
  summary:
    'Buy a shown combo. pay_method 1: from the balance at once (membership extended from max(now, expiry), ' +
    'domain quota raised, one transaction; 409 when the balance is short). pay_method 2: an unpaid order to pay on chain.',
  access: permission('buy_vip_combo', 'buy'),
  audit: true,
  request: z.strictObject({ vip_combo_id: id, pay_method: PayMethod.schema }),
  response: order,
});

export const orderRecharge = defineCall({
  path: 'order/recharge',
  summary: 'An unpaid recharge order (at least pay_config.min_recharge) to pay on chain; paid, it credits the balance.',
  access: permission('balance_recharge', 'recharge'),
  // The minimum is a setting (pay_config.min_recharge), so it is said, not declared; the example is the seeded one.
  request: z.strictObject({ amount_micro: positiveMicro.meta({ examples: [10_000_000] }) }),
  response: order,
});

export const orderDetails = defineCall({
  path: 'order/details',
  summary: "One of the caller's orders (the payment page), with the pay config's QR switch.",
  access: permission('order'),
  request: z.strictObject({ id }),
  response: order.extend({ qr_code_switch: ShowStatus.schema }),
});

/** The filters of every order list (the agents' customer orders too). */
export const orderListFilters = {
  order_no: z.string().max(64).optional(),
  type: OrderType.schema.optional(),
  status: OrderStatus.schema.optional(),
  start_time: dateTime.optional(),
  end_time: dateTime.optional(),
};

export const orderInquire = defineCall({
  path: 'order/inquire',
  summary: "The caller's own orders, newest first.",
  access: permission('order'),
  request: listRequest(orderListFilters),
  response: pageOf(order),
});

export const orderAdminInquire = defineCall({
  path: 'order/admin_inquire',
  summary: "Every user's orders (administrators), filtered by account too.",
  access: permission('user_order'),
  request: listRequest({ ...orderListFilters, account: z.string().max(64).optional() }),
  response: pageOf(order),
});

export const vipCalls = [
  vipComboAdd,
  vipComboUpdate,
  vipComboRemove,
  vipComboInquire,
  vipComboShop,
  vipComboBuy,
  orderRecharge,
  orderDetails,
  orderInquire,
  orderAdminInquire,
] as const;
