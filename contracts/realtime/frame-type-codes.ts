// The codes of FrameType (frame-types.ts builds the enum, its schema and label keys from this table) in a module
// without zod: sagas that run before login compare frame types, and the login page's first load carries no zod.

/** Frame type codes, each declared once here by name (the registry, frame-registry.ts, says the rest of each). */
export const FRAME_TYPE_CODES = {
  /** server→client: heartbeat acknowledgement (the pong); the console ignores it. */
  heartbeat_ack: 1,
  /** server→client: reload the page (admin "force refresh"). */
  reload: 2,
  /** server→client: close the connection deliberately (admin "disconnect"); the console closes with 3001. */
  close: 3,
  /** server→client: a new message for the user; data `MessagePushData`. */
  message: 4,
  /** server→client: a reply; data `ReplyData` (status false + message → error toast; message only → success toast). */
  reply: 5,
  /** client→server: first frame of every socket; carries the token. */
  login: 10,
  /** server→client: answer to LOGIN; data `LoginAckData`. A refused login is followed by close 4001. */
  login_ack: 11,
  /** client→server: heartbeat every REALTIME_TUNING.pingIntervalMs; answered by HEARTBEAT_ACK. */
  ping: 12,
  /** server→client: an async operation of the user moved (each step, and when it ends); data `JobProgressData`. */
  job_progress: 20,
  /** server→client: live visits of the codes a session watches, batched per second; data `LiveStatisticsData` (contracts/calls/statistics-live.ts). */
  statistics_live: 21,
  /** server→client: one of the user's orders was paid (once per order); data `PaymentFrameData`. */
  payment: 22,
  /** server→client: the user's role changed its permissions; the console fetches its menu again (no data). */
  menu_refresh: 23,
  /** server→client: a domain of the user changed WeChat status (blocked, detection failed, normal); data `ShieldStatusData`. */
  shield_status: 24,
  /** server→client: the user's balance changed (after the commit, with the committed balance); data `BalanceFrameData`. */
  balance: 25,
} as const;

/** A frame's name; its direction, data and receiver are in frame-registry.ts, by this name. */
export type FrameName = keyof typeof FRAME_TYPE_CODES;
