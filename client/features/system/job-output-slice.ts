import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserMessage } from '../../state/message.ts';

/** The output of one script run, held while its dialog is open (`script/output`). */
export interface JobOutputState {
  readonly id: number | null;
  readonly text: string | null;
  readonly error: UserMessage | null;
}
const initialState: JobOutputState = { id: null, text: null, error: null };

export const jobOutputSlice = createSlice({
  name: 'jobOutput',
  initialState,
  reducers: {
    requested: (s, a: PayloadAction<number>) => ({ id: a.payload, text: s.id === a.payload ? s.text : null, error: null }),
    loaded: (_s, a: PayloadAction<{ id: number; text: string }>) => ({ id: a.payload.id, text: a.payload.text, error: null }),
    failed: (s, a: PayloadAction<UserMessage>) => ({ ...s, error: a.payload }),
    cleared: () => initialState,
  },
});
export const jobOutputActions = jobOutputSlice.actions;
export type WithJobOutput = { jobOutput: JobOutputState };
