import type { FRAME_FAULT_ACTIONS } from '../../contracts/index.ts';
import type { FrameTap, OutgoingFrame } from '../realtime/frame-tap.ts';
import type { Journal } from './journal.ts';

type Action = (typeof FRAME_FAULT_ACTIONS)[number];

interface Fault {
  readonly action: Action;
  readonly count: number;
  readonly delayMs: number;
  /** Frames still to be affected. */
  remaining: number;
  /** Frames a `reorder` holds until it has `count` of them. */
  readonly held: OutgoingFrame[];
}

/**
 * Faults on the frames the server sends to one user (`POST /__control/frame_fault`), and the journal's view of
 * what went on the wire: the hub's frame tap in dev and test modes. Faults of a user apply in the order they
 * were asked, each to the next `count` frames of that user (login acknowledgements and pongs included).
 * Delayed and reordered frames are sealed again when they finally go, so their seq still rises and the console
 * does not refuse them as replayed; a duplicate is a second frame with its own seq (a server pushing twice).
 */
export function createFrameFaults(journal: Journal) {
  const faults = new Map<number, Fault[]>();
  const timers = new Set<NodeJS.Timeout>();

  function sendNow(frame: OutgoingFrame) {
    frame.send();
    journal.frameOut(frame.userId, frame.type, frame.dataJson);
  }

  function resend(frame: OutgoingFrame, fault: string) {
    if (frame.resend()) journal.frameOut(frame.userId, frame.type, frame.dataJson, fault);
  }

  function release(fault: Fault) {
    // Last held first: the reverse of the order the server meant.
    for (const f of fault.held.splice(0).reverse()) resend(f, 'reordered');
  }

  function take(userId: number | null): Fault | undefined {
    if (userId === null) return undefined;
    const list = faults.get(userId);
    const fault = list?.[0];
    if (!list || !fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) {
      list.shift();
      if (list.length === 0) faults.delete(userId);
    }
    return fault;
  }

  const tap: FrameTap = {
    received: (userId, frame) => journal.frameIn(userId, frame),
    sending(frame) {
      const fault = take(frame.userId);
      if (!fault) return sendNow(frame);
      switch (fault.action) {
        case 'drop':
          return journal.frameOut(frame.userId, frame.type, frame.dataJson, 'dropped');
        case 'duplicate':
          sendNow(frame);
          return resend(frame, 'duplicated');
        case 'delay': {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resend(frame, 'delayed');
          }, fault.delayMs);
          timers.add(timer);
          return;
        }
        case 'reorder':
          fault.held.push(frame);
          if (fault.held.length >= fault.count) release(fault);
          return;
      }
    },
  };

  return {
    tap,
    add(userId: number, action: Action, count: number, delayMs: number): number {
      const list = faults.get(userId) ?? [];
      list.push({ action, count, delayMs, remaining: count, held: [] });
      faults.set(userId, list);
      return list.reduce((n, f) => n + f.remaining, 0);
    },
    /** Forget pending faults: frames held by a reorder go out in their own order, delayed ones stay delayed. */
    clear() {
      for (const list of faults.values()) for (const f of list) for (const frame of f.held.splice(0)) resend(frame, 'reordered');
      faults.clear();
    },
    /** Server reset or close: pending faults and delayed frames are forgotten. */
    stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      faults.clear();
    },
  };
}
export type FrameFaults = ReturnType<typeof createFrameFaults>;
