import type { PayloadAction } from '@reduxjs/toolkit';
import { put, takeLatest } from 'redux-saga/effects';
import { qrCodeAccessPublicEnquiry } from '../../../../contracts/index.ts';
import { apiCall, toUserMessage, type Saga } from '../../../state/sagas/call.ts';
import { accessLogEvents, type PublicEnquiryBody } from '../access-log-slice.ts';

/** One public lookup with exactly §7's payload; a newer search cancels a slower older one. */
export function* searchFlow(action: PayloadAction<PublicEnquiryBody>): Saga {
  try {
    const answer = yield* apiCall(qrCodeAccessPublicEnquiry, action.payload);
    yield put(accessLogEvents.searchSucceeded(answer.content));
  } catch (e) {
    yield put(accessLogEvents.searchFailed(toUserMessage(e)));
  }
}

export function* watchAccessLog(): Saga {
  yield takeLatest(accessLogEvents.searchSubmitted.type, searchFlow);
}
