import { createSlice, original, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import type { AccessLogFilter, RequestOf, VisitorRecord, qrCodeAccessPublicEnquiry } from '../../../contracts/index.ts';
import { failed, idle, type Async } from '../../state/async.ts';
import type { UserMessage } from '../../state/message.ts';

export type PublicEnquiryBody = RequestOf<typeof qrCodeAccessPublicEnquiry>;
/** The live counts on the filter buttons; absent while a large result's counts are still being made. */
export type AccessLogCounts = Readonly<Record<AccessLogFilter, number>>;

/** A result: its records and, once counted, the filter buttons' counts over them. */
interface Result {
  readonly records: readonly VisitorRecord[];
  readonly counts?: AccessLogCounts;
}

/**
 * The public /access_log lookup: the last search and its visitor records. A union on status; the records of
 * a finished search stay while a new one runs, so the table does not flash empty.
 */
export type AccessLogState =
  | { readonly status: 'idle' }
  | ({ readonly status: 'loading' } & Partial<Result>)
  | ({ readonly status: 'succeeded' } & Result)
  | ({ readonly status: 'failed'; readonly error: UserMessage } & Partial<Result>);

/**
 * The result kept in a state. Read from immer's base (`original`), not the draft: reading `records` through
 * the draft would wrap the 100,000-record array in a proxy (and an identity check against it would fail).
 */
const baseOf = (draft: Draft<AccessLogState>): AccessLogState => original(draft) ?? (draft as AccessLogState);
const resultOf = (draft: Draft<AccessLogState>): Partial<Result> => {
  const s = baseOf(draft);
  return 'records' in s && s.records ? (s.counts ? { records: s.records, counts: s.counts } : { records: s.records }) : {};
};

export const accessLogSlice = createSlice({
  name: 'accessLog',
  initialState: idle as AccessLogState,
  reducers: {
    searchSubmitted: (s, _a: PayloadAction<PublicEnquiryBody>): AccessLogState => ({ status: 'loading', ...resultOf(s) }),
    // Frozen here, so the reducer's immer does not walk 100,000 records to deep-freeze them (≈200 ms). A large
    // result comes without counts: the saga counts it after the table's first paint (countsMade).
    searchSucceeded: (_s, a: PayloadAction<Result>): AccessLogState => ({
      status: 'succeeded',
      records: Object.freeze(a.payload.records),
      ...(a.payload.counts ? { counts: a.payload.counts } : {}),
    }),
    /** Counts for the records shown; ignored if they are not the current result's (a newer search landed). */
    countsMade: (draft, a: PayloadAction<{ records: readonly VisitorRecord[]; counts: AccessLogCounts }>): AccessLogState => {
      const s = baseOf(draft);
      return s.status === 'succeeded' && s.records === a.payload.records ? { ...s, counts: a.payload.counts } : s;
    },
    searchFailed: (s, a: PayloadAction<UserMessage>): AccessLogState => ({ ...failed(a.payload), ...resultOf(s) }),
  },
});

export const accessLogEvents = accessLogSlice.actions;
export type { Async };
