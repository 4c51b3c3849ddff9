import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import type { UploadedFile } from '../../../contracts/index.ts';
import { keyMessage } from '../../state/message.ts';
import { effects, toUserMessage, type Saga } from '../../state/sagas/call.ts';
import { selectCallContext } from '../../state/selectors.ts';
import { sessionEvents } from '../../state/session-slice.ts';
import { isApiError } from '../../io/errors.ts';
import { takeFile, uploadEvents } from './upload-slice.ts';

/** Send one parked file through `file/add` (the effect layer's upload) and record the URL or the refusal. */
export function* uploadFlow(action: PayloadAction<{ id: string }>): Saga {
  const { id } = action.payload;
  const file = takeFile(id);
  const fx = yield* effects();
  if (!file || !fx.uploadFile) {
    yield put(uploadEvents.failed({ id, error: keyMessage('errors.resource_error') }));
    return;
  }
  const context = (yield select(selectCallContext)) as ReturnType<typeof selectCallContext>;
  try {
    const stored = (yield call(fx.uploadFile, file, context)) as UploadedFile;
    yield put(uploadEvents.uploaded({ id, url: stored.url }));
  } catch (e) {
    if (isApiError(e) && e.isUnauthorized && context.token) yield put(sessionEvents.expired());
    yield put(uploadEvents.failed({ id, error: toUserMessage(e) }));
  }
}

/** Uploads run side by side (several files chosen at once); each ends in `uploaded` or `failed`. */
export function* watchUploads(): Saga {
  yield takeEvery(uploadEvents.requested.type, uploadFlow);
}
