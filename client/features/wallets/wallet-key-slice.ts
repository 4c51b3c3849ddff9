import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserMessage } from '../../state/message.ts';

/** A revealed private key, held only while its dialog is open (cleared on close, never persisted). */
export interface WalletKeyState {
  readonly id: number | null;
  readonly key: string | null;
  readonly error: UserMessage | null;
}
const initialState: WalletKeyState = { id: null, key: null, error: null };

export const walletKeySlice = createSlice({
  name: 'walletKey',
  initialState,
  reducers: {
    revealRequested: (_s, _a: PayloadAction<number>) => initialState,
    revealed: (_s, a: PayloadAction<{ id: number; key: string }>) => ({ id: a.payload.id, key: a.payload.key, error: null }),
    failed: (_s, a: PayloadAction<UserMessage>) => ({ ...initialState, error: a.payload }),
    cleared: () => initialState,
  },
});
export const walletKeyActions = walletKeySlice.actions;
export type WithWalletKey = { walletKey: WalletKeyState };
