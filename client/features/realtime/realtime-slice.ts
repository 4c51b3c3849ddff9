import { createSlice } from '@reduxjs/toolkit';
import type { ServerFrame } from '../../../contracts/index.ts';
import { realtimeEvents } from '../../state/realtime-events.ts';

/**
 * The real-time connection, as a union on `status`:
 * idle (no session) → connecting → open (login sent) → online (login acknowledged) → waiting (backoff after a
 * close) → connecting …; `stopped` after a deliberate close (3001), too many failures or a refused login;
 * `unsupported` without WebSocket.
 */
export type RealtimeStatus = 'idle' | 'unsupported' | 'connecting' | 'open' | 'online' | 'waiting' | 'stopped';

export interface RealtimeState {
  readonly status: RealtimeStatus;
  /** Consecutive failed connections since the last acknowledged login. */
  readonly failures: number;
  readonly lastCloseCode: number | null;
  /** The last frame passed on to screens (`realtime/frameReceived`). */
  readonly lastFrame: ServerFrame | null;
}

export const initialRealtimeState: RealtimeState = { status: 'idle', failures: 0, lastCloseCode: null, lastFrame: null };

export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState: initialRealtimeState,
  reducers: {},
  extraReducers: (b) => {
    b.addCase(realtimeEvents.unsupported, (s) => ({ ...s, status: 'unsupported' }))
      .addCase(realtimeEvents.socketOpening, (s) => ({ ...s, status: 'connecting' }))
      .addCase(realtimeEvents.socketOpened, (s) => ({ ...s, status: 'open' }))
      .addCase(realtimeEvents.loginAcknowledged, (s) => ({ ...s, status: 'online', failures: 0 }))
      .addCase(realtimeEvents.socketClosed, (s, a) => ({ ...s, status: 'waiting', lastCloseCode: a.payload.code }))
      .addCase(realtimeEvents.reconnectScheduled, (s, a) => ({ ...s, status: 'waiting', failures: a.payload.failures }))
      .addCase(realtimeEvents.gaveUp, (s, a) => ({ ...s, status: 'stopped', failures: a.payload.failures }))
      .addCase(realtimeEvents.loginRefused, (s) => ({ ...s, status: 'stopped' }))
      .addCase(realtimeEvents.stopped, () => initialRealtimeState)
      .addCase(realtimeEvents.frameReceived, (s, a) => ({ ...s, lastFrame: a.payload }));
  },
});
