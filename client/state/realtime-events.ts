import { createAction } from '@reduxjs/toolkit';
import { FRAME_TYPE_CODES } from '../../contracts/index.ts';
import type { ClientFrame, ConsumerReceiver, FramesOf, ServerFrame } from '../../contracts/index.ts';

/**
 * The real-time connection as an event stream. The realtime saga (features/realtime) dispatches them; the
 * realtime and connectivity slices reduce them, the dev recorder turns them into scenario steps, and screens
 * take `frameReceived` for server frames the console does not interpret itself (spec: "anything else is
 * passed on"). They live in state/ because several features read them and no feature imports another.
 */
export const realtimeEvents = {
  /** No WebSocket in this browser (§8 message shown). */
  unsupported: createAction('realtime/unsupported'),
  /** A socket is being opened (attempt = consecutive failures so far + 1). */
  socketOpening: createAction<{ attempt: number }>('realtime/socketOpening'),
  socketOpened: createAction('realtime/socketOpened'),
  /** The socket closed: by the server or the network (`byConsole` false), or by us (type 3, refused login). */
  socketClosed: createAction<{ code: number; reason: string; byConsole: boolean }>('realtime/socketClosed'),
  /**
   * A frame the console sends (decoded, for the event stream; token and seq included), told when the saga
   * decides to send it, before its asynchronous encryption.
   */
  frameSending: createAction<ClientFrame>('realtime/frameSending'),
  /** Every frame that decrypted and passed the schema and the freshness check. */
  frameArrived: createAction<ServerFrame>('realtime/frameArrived'),
  /** A frame the socket saga passes on: for its receiver (`frameFor`), or for screens (a reply, an unregistered type). */
  frameReceived: createAction<ServerFrame>('realtime/frameReceived'),
  /** A frame that did not decrypt, failed the schema or was replayed/stale: dropped. */
  frameRefused: createAction<{ reason: string }>('realtime/frameRefused'),
  loginAcknowledged: createAction('realtime/loginAcknowledged'),
  /** The server refused the socket login: the session is gone (token and user info cleared, go to login). */
  loginRefused: createAction<{ code: number | null; message: string }>('realtime/loginRefused'),
  reconnectScheduled: createAction<{ failures: number; delayMs: number }>('realtime/reconnectScheduled'),
  /** No more reconnects: `deliberate` the server closed with 3001 (or asked to, type 3), else the failures passed the maximum. */
  gaveUp: createAction<{ code: number; failures: number; deliberate: boolean }>('realtime/gaveUp'),
  /**
   * No frame from the server for the heartbeat timeout while logged in (its replies to our pings are missing):
   * the console dropped the socket and reconnects (dispatched right after that socket's `socketClosed`).
   */
  heartbeatMissed: createAction<{ silentMs: number }>('realtime/heartbeatMissed'),
  /** The person asked to connect again after the console stopped (the notice's Reconnect button). */
  reconnectRequested: createAction('realtime/reconnectRequested'),
  /** The person closed the notice that says why the connection stopped. */
  noticeDismissed: createAction('realtime/noticeDismissed'),
  /** The connection was stopped by us (logout, session end). */
  stopped: createAction('realtime/stopped'),
};

/**
 * The pattern that takes frame `name` from `frameReceived`, for `receiver`: the consumer the frame registry
 * (contracts/realtime/frame-registry.ts) names as the frame's receiver. A consumer taking a frame registered to
 * another, or a name that is no frame, fails the typecheck: who handles which frame is read from the registry,
 * not found by grep.
 */
export function frameFor<R extends ConsumerReceiver>(receiver: R, name: FramesOf<R>) {
  const type = FRAME_TYPE_CODES[name];
  return (a: { type: string; payload?: unknown }): boolean => realtimeEvents.frameReceived.match(a) && a.payload.type === type;
}
