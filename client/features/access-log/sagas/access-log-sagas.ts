import type { PayloadAction } from '@reduxjs/toolkit';
import { call, takeLatest } from 'redux-saga/effects';
import type { Saga } from '../../../state/sagas/call.ts';
import { accessLogEvents, type PublicEnquiryBody } from '../access-log-slice.ts';
import type { searchFlow } from './search-flow.ts';

/**
 * The watcher runs from start-up (the page is public), but the search itself (the call's schema, the filter
 * counts) is loaded with the first search, so the login page's first load does not carry it.
 */
export function* watchAccessLog(): Saga {
  yield takeLatest(accessLogEvents.searchSubmitted.type, function* lazySearch(action: PayloadAction<PublicEnquiryBody>) {
    const flow = (yield call(() => import('./search-flow.ts'))) as { searchFlow: typeof searchFlow };
    yield call(flow.searchFlow, action);
  });
}
