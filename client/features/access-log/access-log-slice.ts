import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RequestOf, VisitorRecord, qrCodeAccessPublicEnquiry } from '../../../contracts/index.ts';
import { failed, idle, type Async } from '../../state/async.ts';
import type { UserMessage } from '../../state/message.ts';

export type PublicEnquiryBody = RequestOf<typeof qrCodeAccessPublicEnquiry>;

/**
 * The public /access_log lookup: the last search and its visitor records. A union on status; the records of
 * a finished search stay while a new one runs, so the table does not flash empty.
 */
export type AccessLogState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly records?: readonly VisitorRecord[] }
  | { readonly status: 'succeeded'; readonly records: readonly VisitorRecord[] }
  | { readonly status: 'failed'; readonly error: UserMessage; readonly records?: readonly VisitorRecord[] };

const recordsOf = (s: AccessLogState) => ('records' in s ? s.records : undefined);

export const accessLogSlice = createSlice({
  name: 'accessLog',
  initialState: idle as AccessLogState,
  reducers: {
    searchSubmitted: (s, _a: PayloadAction<PublicEnquiryBody>): AccessLogState => {
      const records = recordsOf(s);
      return records ? { status: 'loading', records } : { status: 'loading' };
    },
    // Frozen here, so the reducer's immer does not walk 100,000 records to deep-freeze them (≈200 ms).
    searchSucceeded: (_s, a: PayloadAction<readonly VisitorRecord[]>): AccessLogState => ({ status: 'succeeded', records: Object.freeze(a.payload) }),
    searchFailed: (s, a: PayloadAction<UserMessage>): AccessLogState => {
      const records = recordsOf(s);
      const f = failed(a.payload);
      return records ? { ...f, records } : f;
    },
  },
});

export const accessLogEvents = accessLogSlice.actions;
export type { Async };
