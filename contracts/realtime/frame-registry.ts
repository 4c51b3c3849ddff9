import { z } from 'zod';
import { FRAME_TYPE_CODES, type FrameName } from './frame-type-codes.ts';
import {
  balanceFrameData,
  Direction,
  jobProgressData,
  liveStatisticsData,
  loginAckData,
  messagePushData,
  paymentFrameData,
  replyData,
  shieldStatusData,
} from './frames.ts';

/**
 * THE registry of socket frames, like the call registry (contracts/registry.ts): every frame type declared once,
 * by name, with its direction, the schema of its data and who receives it. The codes themselves are the zod-free
 * table of frame-type-codes.ts (the login page compares frame types without loading zod); a name there without an
 * entry here, or the other way round, fails the typecheck.
 *
 * Driven by it: the mock's hub (a push of an unregistered type, or of data off its schema, throws in dev and test
 * modes), the console's dispatcher (an unregistered type is still passed on, as spec §4 says, and logged as an
 * error in a development build), the console's consumers (`frameFor` in client/state/realtime-events.ts takes a
 * frame by name and names its receiver, checked against this table), the scenario runner (an unregistered frame
 * fails a scenario unless the step says it is one on purpose) and docs/realtime-protocol.md's frame table
 * (tests/contract/frame-registry.test.ts holds it against this).
 */

/**
 * Who receives a frame: `hub`, the mock server's socket hub (client → server), or one consumer of the console
 * (server → client), each a saga of the session (client/app/frame-receivers.ts names them): `realtime` is the
 * socket saga itself (client/features/realtime), the others take the frame from `realtime/frameReceived`.
 */
export const FRAME_RECEIVERS = ['hub', 'realtime', 'polling', 'jobs', 'live', 'payments', 'menu', 'shield', 'balance'] as const;
export type FrameReceiver = (typeof FRAME_RECEIVERS)[number];
/** The console's receivers that take frames from `realtime/frameReceived` (not the socket saga, not the server). */
export type ConsumerReceiver = Exclude<FrameReceiver, 'hub' | 'realtime'>;

interface FrameSpec {
  readonly direction: Direction;
  /** The data's schema; null: the frame carries none (anything sent along is ignored). */
  readonly data: z.ZodType | null;
  readonly receiver: FrameReceiver;
  /**
   * Where a server frame's data is checked: `socket`, by the console's decoder (a frame failing it is dropped
   * like an undecryptable one), or `receiver`, by the consumer that takes it (the frame is passed on; data off
   * its schema is ignored there). Client frames are always checked by the hub.
   */
  readonly checked: 'socket' | 'receiver';
}

const s2c = Direction.toClient;
const c2s = Direction.toServer;

/** Every frame, by the name frame-type-codes.ts gives its code. */
export const FRAMES = {
  heartbeat_ack: { direction: s2c, data: null, receiver: 'realtime', checked: 'socket' },
  reload: { direction: s2c, data: null, receiver: 'realtime', checked: 'socket' },
  close: { direction: s2c, data: null, receiver: 'realtime', checked: 'socket' },
  message: { direction: s2c, data: messagePushData, receiver: 'polling', checked: 'socket' },
  reply: { direction: s2c, data: replyData, receiver: 'realtime', checked: 'socket' },
  login: { direction: c2s, data: null, receiver: 'hub', checked: 'socket' },
  login_ack: { direction: s2c, data: loginAckData, receiver: 'realtime', checked: 'socket' },
  ping: { direction: c2s, data: null, receiver: 'hub', checked: 'socket' },
  job_progress: { direction: s2c, data: jobProgressData, receiver: 'jobs', checked: 'socket' },
  statistics_live: { direction: s2c, data: liveStatisticsData, receiver: 'live', checked: 'receiver' },
  payment: { direction: s2c, data: paymentFrameData, receiver: 'payments', checked: 'receiver' },
  menu_refresh: { direction: s2c, data: null, receiver: 'menu', checked: 'receiver' },
  shield_status: { direction: s2c, data: shieldStatusData, receiver: 'shield', checked: 'receiver' },
  balance: { direction: s2c, data: balanceFrameData, receiver: 'balance', checked: 'receiver' },
} as const satisfies { readonly [N in FrameName]: FrameSpec };

/** The receiver the registry names for frame `N` (client/state/realtime-events.ts `frameFor` is typed with it). */
export type ReceiverOf<N extends FrameName> = (typeof FRAMES)[N]['receiver'];
/** The frames a receiver takes. */
export type FramesOf<R extends FrameReceiver> = { [N in FrameName]: ReceiverOf<N> extends R ? N : never }[FrameName];

export interface FrameDef extends FrameSpec {
  readonly type: number;
  readonly name: FrameName;
}

/** Every registered frame with its code, in code order. */
export const frameDefs: readonly FrameDef[] = (Object.keys(FRAMES) as FrameName[])
  .map((name): FrameDef => ({ type: FRAME_TYPE_CODES[name], name, ...FRAMES[name] }))
  .sort((a, b) => a.type - b.type);

const byType: ReadonlyMap<number, FrameDef> = new Map(frameDefs.map((d) => [d.type, d]));

/** The registered frame of a code, or undefined. */
export const frameDefOf = (type: number): FrameDef | undefined => byType.get(type);

/** A frame type nobody registered (or registered the other way), or data off its schema: a mistake in code. */
export class FrameRegistryError extends Error {
  override readonly name = 'FrameRegistryError';
}

/** The registered frame of `type` travelling `direction`; throws naming the registry when there is none. */
export function requireFrame(type: number, direction: Direction): FrameDef {
  const def = byType.get(type);
  if (!def || def.direction !== direction) {
    const way = direction === s2c ? 'server → client' : 'client → server';
    throw new FrameRegistryError(`frame type ${type} (${way}) is not registered: declare it in contracts/realtime/frame-registry.ts`);
  }
  return def;
}

/** `data` checked against the schema of registered frame `type` (throws FrameRegistryError otherwise). */
export function checkFrameData(type: number, direction: Direction, data: unknown): void {
  const def = requireFrame(type, direction);
  if (def.data === null) {
    if (data !== undefined) throw new FrameRegistryError(`frame ${def.name} (${type}) carries no data, got ${JSON.stringify(data)}`);
    return;
  }
  const parsed = def.data.safeParse(data);
  if (!parsed.success) throw new FrameRegistryError(`frame ${def.name} (${type}): data off its schema: ${parsed.error.message}`);
}

// ---- the envelopes, made from the registry -----------------------------------------------------------------

const envelopeShape = {
  /** The sender's language, 'zh-CN' | 'en' (the server answers replies in the socket's login locale). */
  locale: z.string().max(16),
  /** The session token on client→server frames; '' on server→client frames. */
  token: z.string().max(256),
  seq: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
  ts: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
};

const frameOf = <T extends number, D extends z.ZodType>(type: T, data: D) => z.strictObject({ type: z.literal(type), ...envelopeShape, data });

export const loginFrame = frameOf(FRAME_TYPE_CODES.login, z.undefined().optional());
export const pingFrame = frameOf(FRAME_TYPE_CODES.ping, z.undefined().optional());
/** Every frame the server accepts: the registered client → server frames. */
export const clientFrame = z.discriminatedUnion('type', [loginFrame, pingFrame]);
export type ClientFrame = z.infer<typeof clientFrame>;

/** Server frames the console's decoder checks with their own schema (`checked: 'socket'`). */
const socketChecked: readonly number[] = frameDefs.filter((d) => d.direction === s2c && d.checked === 'socket').map((d) => d.type);

/** A server→client frame the decoder does not check itself: checked by its receiver, or unregistered (the control API may push any). */
export const otherServerFrame = z.strictObject({
  type: z
    .int()
    .min(1)
    .max(9999)
    .refine((t) => !socketChecked.includes(t), 'a frame the socket checks must match its own schema'),
  ...envelopeShape,
  data: z.unknown().optional(),
});

export const heartbeatAckFrame = frameOf(FRAME_TYPE_CODES.heartbeat_ack, z.unknown().optional());
export const reloadFrame = frameOf(FRAME_TYPE_CODES.reload, z.unknown().optional());
export const closeFrame = frameOf(FRAME_TYPE_CODES.close, z.unknown().optional());
export const messageFrame = frameOf(FRAME_TYPE_CODES.message, messagePushData);
export const replyFrame = frameOf(FRAME_TYPE_CODES.reply, replyData);
export const loginAckFrame = frameOf(FRAME_TYPE_CODES.login_ack, loginAckData);
export const jobProgressFrame = frameOf(FRAME_TYPE_CODES.job_progress, jobProgressData);

/** Every frame the console accepts: the socket-checked frames with their data, or any other type with any data. */
export const serverFrame = z.union([
  heartbeatAckFrame,
  reloadFrame,
  closeFrame,
  messageFrame,
  replyFrame,
  loginAckFrame,
  jobProgressFrame,
  otherServerFrame,
]);
export type ServerFrame = z.infer<typeof serverFrame>;

/** Either direction; what the debug export and the QA runner record. */
export type Frame = ClientFrame | ServerFrame;
