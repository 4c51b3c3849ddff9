import type { ConsoleEffect, QaControlBody } from '../../../../contracts/index.ts';
import { CONTROL_PREFIX } from '../../../../contracts/server-paths.ts';
import { fetchJsonWithin, FetchFailure } from '../../../io/effects/fetch-within.ts';
import type { Observed, Recorder } from './recorder.ts';

/**
 * DEV ONLY (the Debug feature; absent from production builds, checked by tests/e2e/cockpit.e2e.test.ts). The
 * recorder's events on their way to the mock's journal, where the QA cockpit shows them on its time line
 * (docs/decisions/2026-11-29-qa-cockpit.md): a bounded queue the recorder fills, and the one HTTP effect that
 * empties it (`POST /__control/console_effects`), which the shipping saga calls.
 */

/** The control call that takes the effects (contracts/realtime/control-qa.ts `console_effects`). */
export const EFFECTS_PATH = `${CONTROL_PREFIX}/console_effects`;
/** A batch leaves at least this often while there are effects (and at once when it is full). */
export const SHIP_EVERY_MS = 1_000;
/** Effects per batch at most (the contract takes 500). */
export const SHIP_BATCH = 200;
/** Bytes of one batch's JSON at most: the control API reads 100 KB bodies. */
const BATCH_BYTES = 80 * 1024;
/** One event's JSON past this goes without its answer's data (and is not replayed from the cockpit). */
const EVENT_BYTES = 32 * 1024;
/** Events waiting at most (the oldest leave first): a mock away for long costs no memory. */
const PENDING_MAX = 5_000;
/** How long one send may take. */
const SEND_TIMEOUT_MS = 10_000;

/** `on` sends; `off` keeps the newest events for when it is switched on; `absent`: the server has no control API. */
export type ShippingState = 'on' | 'off' | 'absent';
export type ShipOutcome = 'sent' | 'retry' | 'absent' | 'refused';
export type EffectsBody = QaControlBody<'console_effects'>;
/** The HTTP effect: send one batch with the session's token (as the console's calls carry it). */
export type SendEffects = (body: EffectsBody, token: string | null) => Promise<ShipOutcome>;

/** An event as the contract takes it; too large: without its answer's data, and marked not replayed. */
export function toConsoleEffect(e: Observed): ConsoleEffect | null {
  const out = e as ConsoleEffect;
  if (JSON.stringify(out).length <= EVENT_BYTES) return out;
  if ('answer' in e && e.answer?.data !== undefined) {
    const lighter: ConsoleEffect = { ...out, answer: { message: 'answer too large to send' }, replayed: false };
    if (JSON.stringify(lighter).length <= EVENT_BYTES) return lighter;
  }
  return null;
}

/** A page load's name among the consoles the journal hears (not from the recorder's random: its draws are replayed). */
function sessionName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface EffectQueue {
  readonly session: string;
  state(): ShippingState;
  /** Switch sending on or off (the Debug menu); an `absent` server stays so until the page reloads. */
  setOn(on: boolean): void;
  markAbsent(): void;
  /** The oldest events, at most one batch. */
  takeBatch(): ConsoleEffect[];
  /** A batch the network lost goes back in front. */
  putBack(batch: readonly ConsoleEffect[]): void;
  /** Resolves once a full batch waits (the saga races it with its clock). */
  untilFull(): Promise<void>;
  /** Effects waiting to be sent. */
  pending(): number;
  /** Effects sent, and left out (too large, the queue full, refused); for the Debug menu. */
  counts(): { sent: number; lost: number };
  noteSent(n: number): void;
  noteLost(n: number): void;
  /** For the Debug menu (`useSyncExternalStore`). */
  subscribe(listener: () => void): () => void;
  version(): number;
}

/** The queue, filled from the recorder from now on. On by default (the decision note says why). */
export function createEffectQueue(recorder: Recorder): EffectQueue {
  let pending: ConsoleEffect[] = [];
  let state: ShippingState = 'on';
  let sent = 0;
  let lost = 0;
  let version = 0;
  let full: { promise: Promise<void>; resolve: () => void } | null = null;
  const listeners = new Set<() => void>();
  const changed = () => {
    version += 1;
    for (const l of listeners) l();
  };
  const trim = () => {
    if (pending.length > PENDING_MAX) {
      lost += pending.length - PENDING_MAX;
      pending = pending.slice(pending.length - PENDING_MAX);
    }
  };
  recorder.listen((e) => {
    if (state === 'absent') return;
    const effect = toConsoleEffect(e);
    if (!effect) {
      lost += 1;
      return;
    }
    pending.push(effect);
    trim();
    if (full && pending.length >= SHIP_BATCH) {
      full.resolve();
      full = null;
    }
  });
  return {
    session: sessionName(),
    state: () => state,
    setOn(on) {
      if (state === 'absent') return;
      state = on ? 'on' : 'off';
      changed();
    },
    markAbsent() {
      state = 'absent';
      pending = [];
      changed();
    },
    takeBatch() {
      const batch: ConsoleEffect[] = [];
      let bytes = 0;
      while (batch.length < SHIP_BATCH && pending.length) {
        const size = JSON.stringify(pending[0]).length + 1;
        if (batch.length && bytes + size > BATCH_BYTES) break;
        bytes += size;
        batch.push(pending.shift()!);
      }
      return batch;
    },
    putBack(batch) {
      pending = [...batch, ...pending];
      trim();
    },
    untilFull() {
      if (pending.length >= SHIP_BATCH) return Promise.resolve();
      if (!full) {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => (resolve = r));
        full = { promise, resolve };
      }
      return full.promise;
    },
    pending: () => pending.length,
    counts: () => ({ sent, lost }),
    noteSent(n) {
      sent += n;
      changed();
    },
    noteLost(n) {
      lost += n;
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}

/**
 * The effect layer's one call for the Debug shipping: POST the batch to the mock's control API on the console's
 * origin (under `npm run dev` Vite passes `/__control` on to the mock). 404 or 403: no control API for this page
 * (a production-mode server, a real backend, a guarded one): `absent`, never asked again. Another refusal: the
 * batch is dropped (sending it again would be refused again). No answer: `retry`.
 */
export function createSendEffects(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): SendEffects {
  return async (body, token) => {
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token) headers.token = token;
      const { res } = await fetchJsonWithin(fetchImpl, EFFECTS_PATH, { method: 'POST', headers, body: JSON.stringify(body) }, SEND_TIMEOUT_MS);
      if (res.ok) return 'sent';
      return res.status === 404 || res.status === 403 ? 'absent' : 'refused';
    } catch (e) {
      // An answer that is not JSON (a dev server's own 404 page) means no control API here either.
      if (e instanceof FetchFailure && !e.timedOut && (e.status === 404 || e.status === 403)) return 'absent';
      return 'retry';
    }
  };
}
