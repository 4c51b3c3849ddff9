import { createSlice } from '@reduxjs/toolkit';
import type { ServerFrame } from '../../../contracts/index.ts';
import { realtimeEvents } from '../../state/realtime-events.ts';
import { sessionEvents } from '../../state/session-slice.ts';

/**
 * The real-time connection, as a union on `status`:
 * idle (no session) → connecting → open (login sent) → online (login acknowledged) → waiting (backoff after a
 * close) → connecting …; `stopped` after a deliberate close (3001), too many failures or a refused login;
 * `unsupported` without WebSocket.
 */
export type RealtimeStatus = 'idle' | 'unsupported' | 'connecting' | 'open' | 'online' | 'waiting' | 'stopped';

/**
 * Why a connection stopped for good, as the person is told it: `server` the server closed it on purpose (3001:
 * an administrator disconnected this console, a type-3 frame); `failures` the reconnects ran out; `refused` the
 * session is no longer valid (the console goes to the login page, nothing more to say here).
 */
export type StopReason = 'server' | 'failures' | 'refused';

export interface RealtimeState {
  readonly status: RealtimeStatus;
  /** Consecutive failed connections since the last acknowledged login. */
  readonly failures: number;
  readonly lastCloseCode: number | null;
  /** The last frame passed on to screens (`realtime/frameReceived`). */
  readonly lastFrame: ServerFrame | null;
  /** Set while `status` is `stopped`. */
  readonly stopReason: StopReason | null;
  /** The person closed the notice about the stop (it comes back with the next stop). */
  readonly noticeDismissed: boolean;
}

export const initialRealtimeState: RealtimeState = { status: 'idle', failures: 0, lastCloseCode: null, lastFrame: null, stopReason: null, noticeDismissed: false };

export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState: initialRealtimeState,
  reducers: {},
  extraReducers: (b) => {
    const running = { stopReason: null, noticeDismissed: false } as const;
    b.addCase(realtimeEvents.unsupported, (s) => ({ ...s, status: 'unsupported' }))
      .addCase(realtimeEvents.socketOpening, (s) => ({ ...s, ...running, status: 'connecting' }))
      .addCase(realtimeEvents.socketOpened, (s) => ({ ...s, status: 'open' }))
      .addCase(realtimeEvents.loginAcknowledged, (s) => ({ ...s, status: 'online', failures: 0 }))
      .addCase(realtimeEvents.socketClosed, (s, a) => ({ ...s, status: 'waiting', lastCloseCode: a.payload.code }))
      .addCase(realtimeEvents.reconnectScheduled, (s, a) => ({ ...s, status: 'waiting', failures: a.payload.failures }))
      .addCase(realtimeEvents.gaveUp, (s, a) => ({
        ...s,
        status: 'stopped',
        failures: a.payload.failures,
        stopReason: a.payload.deliberate ? 'server' : 'failures',
        noticeDismissed: false,
      }))
      .addCase(realtimeEvents.loginRefused, (s) => ({ ...s, status: 'stopped', stopReason: 'refused' }))
      .addCase(realtimeEvents.noticeDismissed, (s) => ({ ...s, noticeDismissed: true }))
      .addCase(realtimeEvents.stopped, () => initialRealtimeState)
      .addCase(sessionEvents.loggedOut, () => initialRealtimeState)
      .addCase(sessionEvents.expired, () => initialRealtimeState)
      .addCase(realtimeEvents.frameReceived, (s, a) => ({ ...s, lastFrame: a.payload }));
  },
});
