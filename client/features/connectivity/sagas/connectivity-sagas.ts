import { delay, put, takeLeading } from 'redux-saga/effects';
import { REALTIME_TUNING } from '../../../../contracts/index.ts';
import { publicCall } from '../../../io/public-calls.ts';
import { appStarted } from '../../../state/app-events.ts';
import { apiCall, type Saga } from '../../../state/sagas/call.ts';
import { connectivityEvents } from '../connectivity-slice.ts';

/** Spec §1: from start-up, every 10 s the ping call with value 10; the result feeds the header indicator. */
export function* connectivityFlow(): Saga {
  for (;;) {
    yield delay(REALTIME_TUNING.connectivityIntervalMs);
    try {
      yield* apiCall(publicCall('ping'), { value: REALTIME_TUNING.connectivityPingValue });
      yield put(connectivityEvents.pingSucceeded());
    } catch {
      yield put(connectivityEvents.pingFailed());
    }
  }
}

export function* watchConnectivity(): Saga {
  yield takeLeading(appStarted.type, connectivityFlow);
}
