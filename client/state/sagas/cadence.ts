import { put } from 'redux-saga/effects';
import { loopTicked } from '../app-events.ts';

/**
 * A steady cadence for a polling loop: tick n is due at `anchor + n × interval`, whatever the work between
 * ticks costs, so a loop does not drift by its own work (a ping every 5 s stays on its 5 s grid for an hour).
 * That is also what lets a session exported from the debug menu replay: the live loops and the replayed ones
 * tick on the same grid, anchored at the same recorded event. A wake-up late by more than an interval (a
 * throttled background tab) ticks once and moves to the next point of the grid, never in a burst.
 */
export interface Cadence {
  /** When the next tick is due. */
  due(): number;
  /** Milliseconds until the next tick is due (0 when it is). */
  waitMs(now: number): number;
  /** The tick due now was handled (at `now`): the next one is the first point of the grid after `now`. */
  ticked(now: number): void;
  /** A new grid from `now` (a push answered at once: the next regular tick is a whole interval later). */
  restart(now: number): void;
}

/** Tell the event stream that the loop woke for its due tick (`app/loopTicked`), before the tick's work. */
export const tickDue = (cadence: Cadence) => put(loopTicked({ due: cadence.due() }));

export function createCadence(anchor: number, intervalMs: number): Cadence {
  let origin = anchor;
  let next = anchor + intervalMs;
  return {
    due: () => next,
    waitMs: (now) => Math.max(0, next - now),
    ticked(now) {
      next += intervalMs;
      if (next <= now) next = origin + (Math.floor((now - origin) / intervalMs) + 1) * intervalMs;
    },
    restart(now) {
      origin = now;
      next = now + intervalMs;
    },
  };
}
