import type { ClientFrame } from '../../contracts/index.ts';

/** A frame the hub is about to write to one socket, sealed already (its seq and ts fixed). */
export interface OutgoingFrame {
  /** The socket's user; null before its login. */
  readonly userId: number | null;
  readonly type: number;
  /** The frame's data as JSON; undefined when the frame has none. */
  readonly dataJson: string | undefined;
  /** Write the sealed frame now. */
  send(): void;
  /** Seal the frame again (a fresh seq and ts, so it is not refused as replayed) and write it; false when the socket is gone. */
  resend(): boolean;
}

/**
 * What the hub lets a QA tool see and steer (mock-server/control/): each decoded incoming frame, and each
 * outgoing frame, which the tap must send (now, later, twice) or may drop. Injected with `hub.setTap` in dev
 * and test modes only; without a tap the hub writes frames itself, so production pays one null check.
 */
export interface FrameTap {
  received(userId: number | null, frame: ClientFrame): void;
  sending(frame: OutgoingFrame): void;
}
