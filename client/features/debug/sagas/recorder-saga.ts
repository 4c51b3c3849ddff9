import type { UnknownAction } from '@reduxjs/toolkit';
import { takeEvery } from 'redux-saga/effects';
import type { Saga } from '../../../state/sagas/call.ts';
import type { Recorder } from '../effects/recorder.ts';

/** DEV ONLY. Feeds every dispatched action to the recorder. */
export function recorderSaga(recorder: Recorder): () => Saga {
  return function* watchRecorder(): Saga {
    yield takeEvery('*', (action: UnknownAction) => recorder.onAction(action));
  };
}
