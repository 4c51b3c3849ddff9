import type { KeyObject } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import {
  createFrameCounter,
  createReplayGuard,
  DEFAULT_LOCALE,
  FRAME_RATE_LIMIT,
  type Locale,
} from '../../contracts/index.ts';

/**
 * One socket, as every part of the hub sees it. Frames are decoded and answered synchronously, so they are
 * handled and sent in order.
 */
export interface Conn {
  readonly ws: WebSocket;
  /** The upgraded socket under `ws`: the hub writes its data frames here, whole (ws-frame.ts). */
  readonly socket: Duplex;
  readonly openedMs: number;
  sid: string;
  key: KeyObject | null;
  tokenHash: string;
  userId: number | null;
  authenticated: boolean;
  locale: Locale;
  closed: boolean;
  lastFrameMs: number;
  /** Frames this socket may still send now (FRAME_RATE_LIMIT's bucket), refilled as of `lastFrameMs`. */
  allowance: number;
  readonly guard: ReturnType<typeof createReplayGuard>;
  readonly counter: ReturnType<typeof createFrameCounter>;
  loginTimer: NodeJS.Timeout | null;
}

/** A fresh socket: no key (until its sid is found), no user (until its LOGIN), a full frame allowance. */
export function newConn(ws: WebSocket, socket: Duplex): Conn {
  const now = Date.now();
  return {
    ws,
    socket,
    openedMs: now,
    sid: '',
    key: null,
    tokenHash: '',
    userId: null,
    authenticated: false,
    locale: DEFAULT_LOCALE,
    closed: false,
    lastFrameMs: now,
    allowance: FRAME_RATE_LIMIT.burst,
    // Frame freshness is transport time, so it uses the wall clock: a test that moves the business clock
    // (services.clock: sessions, TOTP, dates) must not make every frame of a real browser look stale.
    guard: createReplayGuard(() => Date.now()),
    counter: createFrameCounter(() => Date.now()),
    loginTimer: null,
  };
}
