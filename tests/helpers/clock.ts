import type { Clock } from '../../mock-server/services/clock.ts';

/** A clock the test moves by hand: pass it as `clock` to `startTestServer` and call `advance`. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
}

/** Starts at `start` (default: the real time now, so TOTP codes made with the real time still match). */
export function manualClock(start = Date.now()): ManualClock {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
  };
}

export const MINUTE = 60_000;
