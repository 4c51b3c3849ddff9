import { z } from 'zod';
import { defineEnum, type EnumValue } from '../enum.ts';
import { id } from '../envelope.ts';
import { REALTIME_TUNING } from './tuning.ts';
import { microAmount } from '../money.ts';

/**
 * The real-time protocol (spec §6 "Real-time connection", §8, §9): one plain WebSocket on `/ws` of the mock
 * server's own origin. Every frame, both ways, is the JSON payload `{ type, locale, token, data?, seq, ts }`
 * encrypted with AES-256-GCM (see codec.ts). This file holds the payload schemas and the constants; the
 * codec turns payloads into wire text and back.
 *
 * Session binding: the login / register / user_info answer carries `realtime_key`, a random 256-bit key
 * made for that session and stored with it on the server (never a constant in the bundle). The client opens
 * `ws(s)://<host>/ws?sid=<realtimeSessionId(key)>` (a SHA-256 fingerprint of the key, so the URL reveals
 * neither key nor token), then sends the LOGIN frame encrypted with the key and carrying the token. The server
 * finds the session by `sid`, decrypts, checks the token belongs to that session and answers LOGIN_ACK.
 *
 * Freshness: `seq` starts at 1 on each socket and grows by one per frame in each direction; a receiver
 * refuses a frame whose seq is not greater than the last one it accepted (replay within a socket); a gap is
 * tolerated. `ts` is
 * the sender's clock in epoch ms; the server refuses frames more than FRAME_MAX_SKEW_MS away from its clock
 * (stale), and a LOGIN whose ts is not newer than the last accepted login of that session (a login frame
 * captured and replayed on a new socket). Refusals close the socket with CloseCode.replayed.
 */


/** Which way a frame travels; part of the AES-GCM additional data, so a frame cannot be reflected back. */
export const Direction = { toServer: 'c2s', toClient: 's2c' } as const;
export type Direction = (typeof Direction)[keyof typeof Direction];

/**
 * WebSocket close codes. 1000 and 3001 are the spec's; 4000-4999 are ours (private use per RFC 6455).
 * Label keys: `enums.realtime_close_code.<member>`. Reconnect policy in `shouldReconnect`.
 */
export const CloseCode = defineEnum('realtime_close_code', {
  /** Normal closure (RFC 6455); the console reconnects. */
  normal: 1000,
  /** The server is going away (shutdown, restart); the console reconnects with backoff. */
  going_away: 1001,
  /** No close frame (network drop, server killed) — never sent, only observed; the console reconnects. */
  abnormal: 1006,
  /** Deliberate close (logout, admin disconnect, type 3). Never reconnect. Spec §9. */
  deliberate: 3001,
  /** The login frame was refused: unknown sid, token not of this session, session ended. Clear token, go to login. */
  bad_login: 4001,
  /** A frame could not be decrypted/authenticated, or its payload failed the schema. */
  undecryptable: 4002,
  /** A frame's seq was not increasing, its ts too far from the server clock, or a login frame was replayed. */
  replayed: 4003,
  /**
   * A frame exceeded FRAME_MAX_BYTES: RFC 6455's 1009 "message too big", sent by `ws` itself as soon as the
   * length header exceeds `maxPayload`, before the frame is buffered (so no 4xxx code of ours for this).
   */
  too_large: 1009,
  /** A frame other than LOGIN arrived before the login was acknowledged, or no login within LOGIN_TIMEOUT_MS. */
  unauthenticated: 4005,
  /** The handshake's Origin is not allowed. The upgrade is accepted only to close with this code at once. */
  origin_refused: 4006,
  /** The session ended server-side (logout, password change, expiry) while the socket was open. Go to login. */
  session_ended: 4007,
  /** No frame for IDLE_TIMEOUT_MS (a console pings every 5 s, so the peer is gone or stuck); reconnect. */
  idle: 4008,
  /** More frames than FRAME_RATE_LIMIT allows (a console sends one every 5 s): a flood costs only its socket. */
  too_many_frames: 4009,
  /** The server is restarting (dev restart, control API drop-all); reconnect with backoff. */
  server_restarting: 4010,
});
export type CloseCodeValue = EnumValue<typeof CloseCode>;

/** Codes after which the console must not reconnect. */
export const NO_RECONNECT_CODES: readonly number[] = [CloseCode.values.deliberate];
/** Codes that mean the session is no longer valid: clear token and user info, go to the login page. */
export const SESSION_REFUSED_CODES: readonly number[] = [
  CloseCode.values.bad_login,
  CloseCode.values.session_ended,
];

/** Whether the console should reconnect after a close with `code`, given the failures so far. */
export function shouldReconnect(
  code: number,
  failures: number,
  maxFailures: number = REALTIME_TUNING.maxLinkFailures,
): boolean {
  if (NO_RECONNECT_CODES.includes(code) || SESSION_REFUSED_CODES.includes(code)) return false;
  return failures <= maxFailures;
}

/** Largest wire frame either side accepts (bytes). The server sets it as ws `maxPayload`. */
export const FRAME_MAX_BYTES = 64 * 1024;
/** How far a frame's ts may be from the receiver's clock before it is stale. */
export const FRAME_MAX_SKEW_MS = 5 * 60_000;
/** A socket must send a valid LOGIN within this time after opening, else close 4005. */
export const LOGIN_TIMEOUT_MS = 10_000;
/**
 * Frames a socket may send: a bucket of `burst` frames refilled at `perSecond`. A console sends a login and a
 * ping every 5 s (0.2/s), so only a broken or hostile peer reaches it; it is closed with too_many_frames.
 */
export const FRAME_RATE_LIMIT = { burst: 20, perSecond: 2 } as const;
/** A socket that sends nothing for this long is closed with CloseCode.idle. */
export const IDLE_TIMEOUT_MS = 30_000;
// ---- payloads ------------------------------------------------------------------------------------------

export const loginAckData = z.object({
  status: z.boolean(),
  message: z.string().max(500).optional(),
  user_id: id.optional(),
});
export type LoginAckData = z.infer<typeof loginAckData>;

export const replyData = z.object({ status: z.boolean().optional(), message: z.string().max(2000) });
export type ReplyData = z.infer<typeof replyData>;

export const messagePushData = z.object({ id, title: z.string().max(200), content: z.string().max(20_000) });
export type MessagePushData = z.infer<typeof messagePushData>;

/**
 * Type 20: where a job of the user stands. `status` 1 in progress, 2 completed, 3 abnormal (AsyncOperationStatus);
 * `link` is set once a result can be fetched (an export's download), else ''.
 */
export const jobProgressData = z.object({
  id,
  type: z.int().min(1).max(99),
  status: z.literal([1, 2, 3]),
  progress: z.int().min(0).max(100),
  message: z.string().max(2000),
  link: z.string().max(500),
});
export type JobProgressData = z.infer<typeof jobProgressData>;

/**
 * Type 24: a domain's WeChat status changed (issue 14). `moved` QR codes went to `spare_domain` ('' when none);
 * `codes_left` live codes stayed on the blocked domain (no spare of its kind `display_type`, or moving off);
 * `message` is in the user's language. Checked by its receiver, the shield saga, with this schema.
 */
export const shieldStatusData = z.object({
  domain_id: id,
  domain: z.string().max(253),
  status: z.literal([1, 2, 4]),
  /** The domain's kind (1 entry, 2 landing, 3 short): the kind of spare it needs. */
  display_type: z.literal([1, 2, 3]).optional(),
  spare_domain: z.string().max(253),
  moved: z.int().min(0),
  codes_left: z.int().min(0).default(0),
  message: z.string().max(2000),
});
export type ShieldStatusData = z.infer<typeof shieldStatusData>;

/**
 * Type 22 (issue 11): one of the user's orders was paid (a chain payment arrived, or a balance payment). Sent
 * once per order to the buyer's sockets; the console passes it on to screens (the payment page and order
 * lists reload). Checked by its receiver with this schema (frame-registry.ts).
 */
export const paymentFrameData = z.object({ order_id: id, order_no: z.string().max(64), status: z.literal([1, 2]) });
export type PaymentFrameData = z.infer<typeof paymentFrameData>;

/**
 * Type 21 (issue 10): access_real_time_statistics. A session subscribes with the HTTP call `statistics/real_time`
 * (its answer is the snapshot: the last hour's seconds and latest visits) and stops with
 * `statistics/real_time_unsubscribe`. Checked by its receiver, the live saga, with this schema (frame-registry.ts).
 */
const liveCount = z.int().min(0);
/** Epoch seconds (the server clock). */
const second = z.int().min(0);

/** How far back the live view reaches: the per-minute chart's hour. */
export const LIVE_WINDOW_SECONDS = 3600;
/** Latest visits a snapshot or a frame carries at most. */
export const LIVE_VISITS_MAX = 20;

/** Visits of one second of the server clock, for the codes in the watcher's scope. Totals: a later copy of the same second replaces (never adds to) an earlier one. */
export const liveSecond = z.object({ second, view_number: liveCount });
export type LiveSecond = z.infer<typeof liveSecond>;

/** One visit as the live view shows it. `id` grows with each visit the server counted (since it started). */
export const liveVisit = z.object({
  id,
  second,
  qr_code_id: id,
  file_name: z.string(),
  domain: z.string(),
  ip: z.string(),
  /** The IP range's place ('' when unknown). */
  location: z.string(),
  device: z.enum(['mobile', 'tablet', 'pc', 'other']),
  /** 'YYYY-MM-DD HH:mm:ss', server time zone. */
  time: z.string(),
});
export type LiveVisit = z.infer<typeof liveVisit>;

/**
 * Frame 21 (server → client): the seconds whose totals changed since the last frame and the new visits, for the
 * scope the session subscribed with. Sent at most once per second per session, only when something changed.
 */
export const liveStatisticsData = z.object({
  seconds: z.array(liveSecond),
  /** Oldest first, at most LIVE_VISITS_MAX. */
  visits: z.array(liveVisit),
});
export type LiveStatisticsData = z.infer<typeof liveStatisticsData>;

/**
 * Type 25 (issue 21): the user's balance changed (a purchase, a recharge paid, a withdrawal reserved or
 * returned, a commission, an administrator's adjustment). Sent to the user's sockets after the change is
 * committed, with the balance read then; the console's header and personal center show it at once. Checked by
 * its receiver, the balance saga, with this schema.
 */
export const balanceFrameData = z.object({ balance_micro: microAmount });
export type BalanceFrameData = z.infer<typeof balanceFrameData>;
