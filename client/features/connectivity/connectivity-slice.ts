import { createSlice } from '@reduxjs/toolkit';
import { sessionEvents } from '../../state/session-slice.ts';
import { realtimeEvents } from '../../state/realtime-events.ts';

/** Result of the last 10 s ping call. */
export type HttpReach = 'unknown' | 'online' | 'offline';
/**
 * The socket as the indicator sees it: `none` when there is no session (nothing to connect); `stale` from the
 * moment the server's heartbeat replies went missing until the reconnect logs in; `ended` when the server
 * closed it on purpose (3001) and the console will not reconnect by itself.
 */
export type SocketReach = 'none' | 'connecting' | 'online' | 'offline' | 'stale' | 'ended';

export interface ConnectivityState {
  readonly http: HttpReach;
  readonly socket: SocketReach;
}

export const initialConnectivityState: ConnectivityState = { http: 'unknown', socket: 'none' };

export const connectivitySlice = createSlice({
  name: 'connectivity',
  initialState: initialConnectivityState,
  reducers: {
    pingSucceeded: (s) => ({ ...s, http: 'online' as const }),
    pingFailed: (s) => ({ ...s, http: 'offline' as const }),
  },
  extraReducers: (b) => {
    b.addCase(realtimeEvents.socketOpening, (s) => ({ ...s, socket: s.socket === 'online' || s.socket === 'stale' ? s.socket : 'connecting' }))
      .addCase(realtimeEvents.loginAcknowledged, (s) => ({ ...s, socket: 'online' }))
      .addCase(realtimeEvents.socketClosed, (s) => ({ ...s, socket: 'offline' }))
      // Right after the stale socket's close: reconnecting, not offline (nothing failed yet but the silence).
      .addCase(realtimeEvents.heartbeatMissed, (s) => ({ ...s, socket: 'stale' }))
      .addCase(realtimeEvents.gaveUp, (s, a) => ({ ...s, socket: a.payload.deliberate ? 'ended' : 'offline' }))
      .addCase(realtimeEvents.unsupported, (s) => ({ ...s, socket: 'offline' }))
      .addCase(realtimeEvents.stopped, (s) => ({ ...s, socket: 'none' }))
      .addCase(sessionEvents.loggedOut, (s) => ({ ...s, socket: 'none' }))
      .addCase(sessionEvents.expired, (s) => ({ ...s, socket: 'none' }));
  },
});

export const connectivityEvents = connectivitySlice.actions;

/**
 * What the header shows: offline when either the ping or the socket fails; online when nothing is pending
 * and something proved the server reachable. A logged-in socket is such proof, so the header does not say
 * "checking" for the first 10 s of a session while the first ping is still due.
 */
export type Reach = 'checking' | 'online' | 'offline' | 'reconnecting' | 'disconnected';
export function reachOf(s: ConnectivityState): Reach {
  if (s.http === 'offline' || s.socket === 'offline') return 'offline';
  if (s.socket === 'stale') return 'reconnecting';
  if (s.socket === 'ended') return 'disconnected';
  if (s.socket === 'connecting') return 'checking';
  return s.http === 'online' || s.socket === 'online' ? 'online' : 'checking';
}
