import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Order } from '../../../contracts/index.ts';
import type { UserMessage } from '../../state/message.ts';

/**
 * The payment page (one open at a time): the order being paid, and which orders were reported paid by a
 * type-22 frame while the console was open, so the page turns paid without a reload.
 */
export interface PaymentState {
  readonly current: Order | null;
  readonly creating: boolean;
  readonly error: UserMessage | null;
  readonly paid: readonly number[];
  /** The console's clock while a payment page is open (the countdown), moved each second by the saga. */
  readonly now: number;
}

const initialState: PaymentState = { current: null, creating: false, error: null, paid: [], now: 0 };

export const paymentEvents = {
  /** Buy a combo by chain payment: the saga creates the unpaid order and shows it. */
  buyRequested: createAction<{ vip_combo_id: number }>('payment/buyRequested'),
  /** Recharge by chain payment. */
  rechargeRequested: createAction<{ amount_micro: number }>('payment/rechargeRequested'),
};

export const paymentSlice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    opened: (s, a: PayloadAction<Order | null>) => ({ ...s, current: a.payload, creating: a.payload === null, error: null }),
    failed: (s, a: PayloadAction<UserMessage>) => ({ ...s, creating: false, error: a.payload }),
    ticked: (s, a: PayloadAction<number>) => ({ ...s, now: a.payload }),
    closed: (s) => ({ ...s, current: null, creating: false, error: null }),
    orderPaid: (s, a: PayloadAction<number>) => ({ ...s, paid: [...s.paid.filter((id) => id !== a.payload), a.payload].slice(-50) }),
  },
});
export const paymentActions = paymentSlice.actions;
export type WithPayment = { payment: PaymentState };
