import { delay, put, takeLeading } from 'redux-saga/effects';
import { REALTIME_TUNING } from '../../../../contracts/index.ts';
import { publicCall } from '../../../io/public-calls.ts';
import { appStarted } from '../../../state/app-events.ts';
import { apiCall, effects, type Saga } from '../../../state/sagas/call.ts';
import { createCadence, tickDue } from '../../../state/sagas/cadence.ts';
import { connectivityEvents } from '../connectivity-slice.ts';

/**
 * Spec §1: from start-up, every 10 s the ping call with value 10; the result feeds the header indicator. The
 * ticks keep to a 10 s grid from start-up (state/sagas/cadence.ts), however long each call takes.
 */
export function* connectivityFlow(): Saga {
  const fx = yield* effects();
  const cadence = createCadence(fx.now(), REALTIME_TUNING.connectivityIntervalMs);
  for (;;) {
    yield delay(cadence.waitMs(fx.now()));
    yield tickDue(cadence);
    try {
      yield* apiCall(publicCall('ping'), { value: REALTIME_TUNING.connectivityPingValue });
      yield put(connectivityEvents.pingSucceeded());
    } catch {
      yield put(connectivityEvents.pingFailed());
    }
    cadence.ticked(fx.now());
  }
}

export function* watchConnectivity(): Saga {
  yield takeLeading(appStarted.type, connectivityFlow);
}
