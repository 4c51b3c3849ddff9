import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put } from 'redux-saga/effects';
import { accessLogFilterCounts, qrCodeAccessPublicEnquiry } from '../../../../contracts/index.ts';
import { apiCall, toUserMessage, type Saga } from '../../../state/sagas/call.ts';
import { accessLogEvents, type PublicEnquiryBody } from '../access-log-slice.ts';

/** Results up to this size are counted before they are shown; larger ones right after the table paints. */
export const COUNT_AFTER_PAINT_ABOVE = 5_000;

/**
 * Resolves a frame after the table's first paint: the first animation frame paints it, the second lets
 * anything waiting for that paint (the page's own frame work, scroll handlers, a measuring script) run before
 * the counts take their ≈ 30–60 ms.
 */
export const afterPaint = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));

/**
 * One public lookup with exactly §7's payload; a newer search cancels a slower older one (and its pending
 * counts). A large result's long list is checked by sample (see CallOptions.sampleLongLists: every field is
 * rendered as text) and shown first; the filter counts over it (≈ 30–100 ms for 100,000 visitors) follow
 * after that first paint, so they do not delay it.
 */
export function* searchFlow(action: PayloadAction<PublicEnquiryBody>): Saga {
  try {
    const answer = yield* apiCall(qrCodeAccessPublicEnquiry, action.payload, { sampleLongLists: true });
    const records = answer.content;
    if (records.length <= COUNT_AFTER_PAINT_ABOVE) {
      yield put(accessLogEvents.searchSucceeded({ records, counts: accessLogFilterCounts(records) }));
      return;
    }
    yield put(accessLogEvents.searchSucceeded({ records }));
    yield call(afterPaint);
    yield put(accessLogEvents.countsMade({ records, counts: accessLogFilterCounts(records) }));
  } catch (e) {
    yield put(accessLogEvents.searchFailed(toUserMessage(e)));
  }
}
