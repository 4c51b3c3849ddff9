import { all, call, delay, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { orderRecharge, paymentFrameData, PayMethod, vipComboBuy } from '../../../../contracts/index.ts';
import { recordEvents, type WithRecords } from '../../../resources/record/record-slice.ts';
import { resourceEvents } from '../../../resources/resource-slice.ts';
import { keyMessage } from '../../../state/message.ts';
import { frameFor, type realtimeEvents } from '../../../state/realtime-events.ts';
import { apiCall, effects, toUserMessage, type Saga } from '../../../state/sagas/call.ts';
import { SESSION_ENDED } from '../../../state/session-slice.ts';
import { membershipRecord } from '../membership-record.ts';
import { paymentActions, paymentEvents, type WithPayment } from '../payment-slice.ts';

type FrameAction = ReturnType<typeof realtimeEvents.frameReceived>;
const isPaymentFrame = frameFor('payments', 'payment');

/** Lists that show orders; each reloads when one of the user's orders is paid (no-op when not on screen). */
const ORDER_LISTS = ['order', 'balance_recharge', 'user_order', 'order_customer'] as const;

export function* buyFlow(action: ReturnType<typeof paymentEvents.buyRequested>): Saga {
  yield put(paymentActions.opened(null));
  try {
    const order = yield* apiCall(vipComboBuy, { vip_combo_id: action.payload.vip_combo_id, pay_method: PayMethod.values.chain });
    yield put(paymentActions.opened(order));
  } catch (e) {
    yield put(paymentActions.failed(toUserMessage(e)));
  }
}

export function* rechargeFlow(action: ReturnType<typeof paymentEvents.rechargeRequested>): Saga {
  yield put(paymentActions.opened(null));
  try {
    const order = yield* apiCall(orderRecharge, { amount_micro: action.payload.amount_micro });
    yield put(paymentActions.opened(order));
    for (const resource of ORDER_LISTS) yield put(resourceEvents.reloadRequested({ resource }));
  } catch (e) {
    yield put(paymentActions.failed(toUserMessage(e)));
  }
}

/** Paid orders a console remembers having told (the oldest is forgotten first); far more than a session sees. */
export const PAID_ORDERS_REMEMBERED = 500;

/**
 * Frame 22: an order of this user was paid. The open payment page turns paid, lists reload, a toast says so.
 * An order is paid once, so its `order_id` names the event: a second frame for an order already told (a push
 * sent twice, a retried delivery) changes nothing. `told` belongs to one watcher (one console).
 */
export function* paidFrameFlow(told: Set<number>, action: FrameAction): Saga {
  const parsed = paymentFrameData.safeParse(action.payload.data);
  if (!parsed.success || parsed.data.status !== 2) return;
  if (told.has(parsed.data.order_id)) return;
  told.add(parsed.data.order_id);
  if (told.size > PAID_ORDERS_REMEMBERED) told.delete(told.values().next().value as number);
  yield put(paymentActions.orderPaid(parsed.data.order_id));
  for (const resource of ORDER_LISTS) yield put(resourceEvents.reloadRequested({ resource }));
  const fx = yield* effects();
  fx.toast(keyMessage('resources.payment.paid_toast', { order_no: parsed.data.order_no }), 'success');
}

/**
 * What may extend a membership: a combo bought from the balance (the shop's action done) or an order paid on
 * chain (frame 22, whatever screen it arrives on). After either, the membership banner reads the caller again,
 * if it was shown in this session (another read would be wasted): it never keeps the old expiry.
 */
export function* membershipChangedFlow(): Saga {
  const shown = (yield select((s: Partial<WithRecords>) => s.records?.[membershipRecord.name] !== undefined)) as boolean;
  if (shown) yield put(recordEvents.opened({ record: membershipRecord.name }));
}
const mayChangeMembership = (a: { type: string; payload?: unknown }): boolean =>
  paymentActions.orderPaid.match(a) || (resourceEvents.actionDone.match(a) && a.payload.resource === 'buy_vip_combo');

/** A session that ends takes its memory of told orders with it (the next user's orders are theirs). */
function* forgetToldOnSessionEnd(told: Set<number>): Saga {
  for (;;) {
    yield take([...SESSION_ENDED]);
    told.clear();
  }
}

/** While a payment page shows an order, the countdown's clock moves once a second; closing it stops the loop. */
export function* countdownFlow(): Saga {
  const fx = yield* effects();
  for (;;) {
    const open = (yield select((s: WithPayment) => s.payment.current !== null)) as boolean;
    if (!open) return;
    yield put(paymentActions.ticked(fx.now()));
    const { closed } = (yield race({ tick: delay(1000), closed: take(paymentActions.closed.type) })) as { closed?: unknown };
    if (closed) return;
  }
}

export function* watchPayments(): Saga {
  const told = new Set<number>();
  yield all([
    takeLatest(paymentEvents.buyRequested.type, buyFlow),
    takeLatest(paymentEvents.rechargeRequested.type, rechargeFlow),
    takeEvery(isPaymentFrame, paidFrameFlow, told),
    takeEvery(mayChangeMembership, membershipChangedFlow),
    call(forgetToldOnSessionEnd, told),
    takeLatest((a: { type: string; payload?: unknown }) => paymentActions.opened.match(a) && a.payload !== null, countdownFlow),
  ]);
}
