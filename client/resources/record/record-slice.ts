import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  failed,
  failedFrom,
  idle,
  loaded,
  loading,
  loadingFrom,
  succeeded,
  type Async,
  type Loadable,
} from '../../state/async.ts';
import type { UserMessage } from '../../state/message.ts';
import { sessionEvents } from '../../state/session-slice.ts';

/** One record's state: the last read (kept while re-reading) and the last save's outcome. */
export interface RecordState {
  readonly data: Loadable<unknown>;
  readonly save: Async;
}

export type RecordsState = Readonly<Record<string, RecordState>>;
const FRESH: RecordState = { data: idle, save: idle };

type Named<P = object> = PayloadAction<{ readonly record: string } & P>;
const patch = (s: RecordsState, name: string, f: (r: RecordState) => RecordState): RecordsState => ({
  ...s,
  [name]: f(s[name] ?? FRESH),
});

export const recordsSlice = createSlice({
  name: 'records',
  initialState: {} as RecordsState,
  reducers: {
    /** A screen over the record was shown (or asked to read again): read it, with `body` instead of the declared one. */
    opened: (s, a: Named<{ body?: unknown }>) => patch(s, a.payload.record, (r) => ({ data: loadingFrom(r.data), save: idle })),
    loaded: (s, a: Named<{ data: unknown }>) =>
      patch(s, a.payload.record, (r) => ({ ...r, data: loaded(a.payload.data) })),
    loadFailed: (s, a: Named<{ error: UserMessage }>) =>
      patch(s, a.payload.record, (r) => ({ ...r, data: failedFrom(r.data, a.payload.error) })),
    saveSubmitted: (s, a: Named<{ body: unknown }>) =>
      patch(s, a.payload.record, (r) => ({ ...r, save: loading })),
    saved: (s, a: Named<{ data: unknown }>) =>
      patch(s, a.payload.record, () => ({ data: loaded(a.payload.data), save: succeeded })),
    saveFailed: (s, a: Named<{ error: UserMessage }>) =>
      patch(s, a.payload.record, (r) => ({ ...r, save: failed(a.payload.error) })),
  },
  extraReducers: (b) => {
    // Another account must not see the last one's figures.
    const forget = (): RecordsState => ({});
    b.addCase(sessionEvents.loggedOut, forget).addCase(sessionEvents.expired, forget);
  },
});

export const recordEvents = recordsSlice.actions;

export interface WithRecords {
  readonly records: RecordsState;
}

export const selectRecord = (s: WithRecords, name: string): RecordState => s.records?.[name] ?? FRESH;
