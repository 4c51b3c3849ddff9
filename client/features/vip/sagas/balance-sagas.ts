import { put, takeEvery } from 'redux-saga/effects';
import { balanceFrameData } from '../../../../contracts/index.ts';
import { frameFor, type realtimeEvents } from '../../../state/realtime-events.ts';
import type { Saga } from '../../../state/sagas/call.ts';
import { sessionEvents } from '../../../state/session-slice.ts';

type FrameAction = ReturnType<typeof realtimeEvents.frameReceived>;
const isBalanceFrame = frameFor('balance', 'balance');

/** Frame 25: the balance the server committed; off-schema data is ignored (the socket stays). */
export function* balanceFrameFlow(action: FrameAction): Saga {
  const parsed = balanceFrameData.safeParse(action.payload.data);
  if (parsed.success) yield put(sessionEvents.balanceChanged(parsed.data.balance_micro));
}

export function* watchBalance(): Saga {
  yield takeEvery(isBalanceFrame, balanceFrameFlow);
}
