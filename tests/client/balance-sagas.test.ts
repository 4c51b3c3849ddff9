import { configureStore } from '@reduxjs/toolkit';
import { runSaga } from 'redux-saga';
import { describe, expect, it } from 'vitest';
import { FrameType } from '../../contracts/index.ts';
import { reducers } from '../../client/app/reducers.ts';
import { balanceFrameFlow } from '../../client/features/vip/sagas/balance-sagas.ts';
import { realtimeEvents } from '../../client/state/realtime-events.ts';
import { sessionEvents } from '../../client/state/session-slice.ts';
import { buildUserInfo } from '../../fixtures/factories.ts';

/** Frame 25 moves the balance the header and personal center show; anything off-schema is ignored. */
async function afterFrame(data: unknown) {
  const store = configureStore({ reducer: reducers });
  store.dispatch(sessionEvents.userInfoLoaded({ token: 't', user_info: buildUserInfo({ role_kind: 'agent', balance_micro: 1_000_000 }) }));
  const frame = realtimeEvents.frameReceived({ type: FrameType.values.balance, locale: 'en', token: '', seq: 1, ts: 1, data } as never);
  await runSaga({ dispatch: (a: never) => store.dispatch(a), getState: () => store.getState() }, balanceFrameFlow, frame).toPromise();
  return store.getState().session.userInfo?.balance_micro;
}

describe('balance frames', () => {
  it('set the balance to the committed figure', async () => {
    expect(await afterFrame({ balance_micro: 88_500_000 })).toBe(88_500_000);
    expect(await afterFrame({ balance_micro: 0 })).toBe(0);
  });
  it.each([[{}], [{ balance_micro: -1 }], [{ balance_micro: 1.5 }], [{ balance_micro: '5' }], [null]])('ignore %j', async (data) => {
    expect(await afterFrame(data)).toBe(1_000_000);
  });
});
