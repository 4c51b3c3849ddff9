import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../services/errors.ts';

/**
 * `res.locals[CALL_DONE]()` tells the gate a call is done with the database before its connection is: an
 * answer a fault holds or trickles after the call ran (http-faults.ts) must not hold a load back.
 */
export const CALL_DONE = Symbol('call done with the database');

export interface StateGateOptions {
  /** How long a call may wait at the closed gate before it is refused with 503 and Retry-After. Default 10 s. */
  readonly waitMs?: number;
  /** How long a state operation waits for running calls to finish before it is refused. Default 5 s. */
  readonly drainMs?: number;
}

/**
 * The gate between the calls that use the live database (API calls, visits, uploads, downloads) and a state
 * operation that replaces it. A load runs alone: it waits until the calls already running have answered
 * (a login between its password check and its session write would otherwise write into the new database),
 * and calls arriving meanwhile wait at the gate and go on once it opens, against the new data. A call that
 * waits longer than `waitMs` is refused with a retryable 503; a load that cannot start within `drainMs`
 * is refused with 503 and changes nothing. The control API never passes the gate.
 */
export function createStateGate(options: StateGateOptions = {}) {
  const waitMs = options.waitMs ?? 10_000;
  const drainMs = options.drainMs ?? 5_000;
  let running = 0;
  let closed = false;
  /** Calls waiting for the gate to open. */
  const waiting = new Set<() => void>();
  /** Wakes the state operation waiting for running calls to reach 0. */
  let drained: (() => void) | null = null;

  function enter(res: Response, next: NextFunction) {
    running += 1;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      running -= 1;
      if (running === 0) drained?.();
    };
    res.once('close', leave);
    res.once('finish', leave);
    (res.locals as Record<symbol, unknown>)[CALL_DONE] = leave;
    next();
  }

  function retryLater(seconds: number) {
    return new ApiError(503, 'errors.state_busy', { seconds });
  }

  return {
    /** Express middleware: a call enters, or waits while a state operation runs. */
    middleware(_req: Request, res: Response, next: NextFunction) {
      if (!closed) return enter(res, next);
      let done = false;
      const timer = setTimeout(() => {
        if (done) return;
        done = true;
        waiting.delete(open);
        next(retryLater(1));
      }, waitMs);
      const open = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        // The gate may have closed again before this call's turn (a second load): wait again.
        if (closed) waiting.add(open);
        else enter(res, next);
      };
      waiting.add(open);
      // A caller that gives up stops waiting.
      res.once('close', () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        waiting.delete(open);
      });
    },

    /** Calls running now (answered ones excluded). */
    running: () => running,
    /** Whether a state operation holds the gate now. */
    closed: () => closed,

    /**
     * Run `operation` with the gate closed and no call running. Throws 503 (nothing changed) when the calls
     * running do not finish within `drainMs`, or when another operation holds the gate.
     */
    async exclusive<T>(operation: () => T | Promise<T>): Promise<T> {
      if (closed) throw retryLater(1);
      closed = true;
      try {
        if (running > 0) {
          const ok = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), drainMs);
            drained = () => {
              clearTimeout(timer);
              resolve(true);
            };
          });
          drained = null;
          if (!ok) throw new ApiError(503, 'errors.state_calls_running', { count: running, seconds: Math.ceil(drainMs / 1000) });
        }
        return await operation();
      } finally {
        closed = false;
        for (const open of [...waiting]) {
          waiting.delete(open);
          open();
        }
      }
    },
  };
}
export type StateGate = ReturnType<typeof createStateGate>;
