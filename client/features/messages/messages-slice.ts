import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEvents } from '../../state/session-slice.ts';

/**
 * The unread message shown as the centred notice (spec §7), until its close button is pressed. `pushed`: it
 * was fetched because the server pushed it just now (frame type 4), so it reads as news (information);
 * otherwise the regular poll found it waiting and it is the spec's red notice.
 */
export interface NoticeMessage {
  readonly id: number;
  readonly title: string;
  readonly content: string;
  readonly pushed: boolean;
}

export interface MessagesState {
  readonly notice: NoticeMessage | null;
}

export const initialMessagesState: MessagesState = { notice: null };

export const messagesSlice = createSlice({
  name: 'messages',
  initialState: initialMessagesState,
  reducers: {
    /** Polling found an unread message (then marks it read). */
    noticeShown: (_s, a: PayloadAction<NoticeMessage>) => ({ notice: a.payload }),
    noticeDismissed: () => initialMessagesState,
  },
  extraReducers: (b) => {
    const forget = () => initialMessagesState;
    b.addCase(sessionEvents.loggedOut, forget).addCase(sessionEvents.expired, forget).addCase(sessionEvents.passwordChanged, forget);
  },
});

export const messagesEvents = messagesSlice.actions;
