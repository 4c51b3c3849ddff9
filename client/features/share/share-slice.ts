import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ShareAccessResult } from '../../../contracts/index.ts';

/**
 * The /share_access page: `loading` until the first answer, then `shown` (figures refreshed every 5 s) or
 * `failed` (missing query parameter or a failed call: spec §8 'page error, contact the administrator').
 * A later successful refresh brings a failed page back.
 */
export type ShareState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'shown'; readonly data: ShareAccessResult }
  | { readonly status: 'failed'; readonly reason: 'missing_parameter' | 'call_failed' };

export const initialShareState = { status: 'idle' } as ShareState;

export const shareSlice = createSlice({
  name: 'share',
  initialState: initialShareState,
  reducers: {
    opened: (): ShareState => ({ status: 'loading' }),
    figuresLoaded: (_s, a: PayloadAction<ShareAccessResult>): ShareState => ({ status: 'shown', data: a.payload }),
    failed: (_s, a: PayloadAction<'missing_parameter' | 'call_failed'>): ShareState => ({ status: 'failed', reason: a.payload }),
    left: (): ShareState => ({ status: 'idle' }),
  },
});

export const shareEvents = shareSlice.actions;
