import type { UnknownAction } from '@reduxjs/toolkit';
import { frameDefOf, FrameType } from '../../../../contracts/index.ts';
import type { ScenarioStep } from '../../../../contracts/scenario.ts';
import type { Effects } from '../../../io/effects/browser-effects.ts';
import type { RealtimeSocket } from '../../../io/effects/socket.ts';

/**
 * DEV ONLY (imported behind `import.meta.env.DEV`, absent from production builds). Records the console's
 * event stream: the environment's inputs (route changes, session events, socket opens/closes/frames, HTTP
 * answers, random draws) from the actions the sagas dispatch and from a wrapper around the effect layer, and
 * the outputs of the effect sagas (calls, frames sent, sockets, toasts, navigation, reloads). export-scenario.ts
 * turns the last N minutes into a QA scenario the runner replays.
 */

/** Calls made by the sagas the QA runner plays; other calls (login, menus, screens) are not replayed. */
export const REPLAYED_CALLS: readonly string[] = ['ping', 'message/inquire', 'message/update_notify_status', 'qr_code_list/share_access'];

/** A recorded HTTP answer (its arrival is an input of its own, `{ answer: path }`, where it came back). */
export interface RecordedAnswer {
  data?: unknown;
  fail?: number;
  message?: string;
}

export type Recorded =
  | { readonly t: number; readonly input: ScenarioStep }
  | { readonly t: number; readonly output: string; answer?: RecordedAnswer; readonly path?: string };

/**
 * An event as the recorder's listeners see it (the Debug menu's effect shipping to the QA cockpit): every effect
 * the sagas ran, `replayed` false for those the export leaves out (a call the QA runner does not play, a toast no
 * frame caused), `n` its place in the recorder's order. A call is told when it is made; its answer comes with the
 * `{ answer: path }` input where it came back (the data only for the calls the runner plays: size, secrets), so a
 * listener never holds back a call that is still waiting.
 */
export type Observed = (Told | Extract<Recorded, { output: string }>) & { readonly replayed: boolean; readonly n: number };
/** An input (an answer's with what it was), or a random draw (the export's `config.random`, in order). */
type Told =
  | { readonly t: number; readonly input: ScenarioStep; readonly answer?: RecordedAnswer; readonly route?: string }
  | { readonly t: number; readonly draw: number };

export interface Recorder {
  /** The effect layer to give the store: the same as `base`, observed. */
  readonly effects: Effects;
  /** Feed every dispatched action (a `takeEvery('*')` saga does). */
  onAction(action: UnknownAction): void;
  readonly startedAt: number;
  readonly initialRoute: string;
  events(): readonly Recorded[];
  randomDraws(): readonly number[];
  now(): number;
  /** Hear every event as it is complete; returns the unsubscribe. */
  listen(listener: (e: Observed) => void): () => void;
}

/** Oldest events are dropped beyond this age (the export offers at most this window). */
export const RECORDER_KEEP_MS = 60 * 60_000;

export function createRecorder(base: Effects): Recorder {
  /**
   * One instant per synchronous turn, for the console and the recording alike: an event is stamped with the
   * very millisecond the sagas it wakes read (a loop's grid anchored at a route change, a ping grid at a socket's
   * opening), never the next one the real clock ticked into meanwhile. Otherwise the replay, which puts the
   * event at its stamp, starts that grid a millisecond off, and a tick lands on the other side of an event.
   */
  let instant: number | null = null;
  const now = () => {
    if (instant === null) {
      instant = base.now();
      queueMicrotask(() => {
        instant = null;
      });
    }
    return instant;
  };
  const startedAt = now();
  const initialRoute = base.currentPath();
  let log: Recorded[] = [];
  let draws: number[] = [];
  // Toasts, navigation and storage writes are replayable only when the realtime saga made them: it does so
  // right after one of these actions, in the same synchronous run.
  let attributing = false;

  const listeners = new Set<(e: Observed) => void>();
  let order = 0;
  const tell = (r: Recorded | Told, replayed: boolean) => {
    const n = ++order;
    for (const l of listeners) l({ ...r, replayed, n });
  };
  const push = (r: Recorded, told = true) => {
    log.push(r);
    // The start is told with the route the console started on (the export's `config.route`).
    if (told) tell('input' in r && 'start' in r.input ? { ...r, route: initialRoute } : r, true);
    const cutoff = now() - RECORDER_KEEP_MS;
    if (log[0] && log[0].t < cutoff) {
      log = log.filter((x) => x.t >= cutoff);
      draws = []; // no longer aligned with the kept events; an export of a trimmed window says so
    }
  };
  /**
   * While a polling loop's tick runs (`app/loopTicked`, one synchronous turn): the instant it was due. A replay's
   * virtual clock fires the tick then, before any event from that instant on; the live timer may have fired
   * later, after an answer or a frame came in. The tick's outputs are placed (and stamped) at that instant.
   */
  let dueAt: number | null = null;
  const place = <R extends Extract<Recorded, { output: string }>>(r: R): R => {
    if (dueAt === null) {
      push(r);
      return r;
    }
    const placed = { ...r, t: Math.min(dueAt, r.t) };
    const due = placed.t;
    let at = log.length;
    while (at > 0 && !('input' in log[at - 1]! && log[at - 1]!.t < due)) at--;
    log.splice(at, 0, placed);
    tell(placed, true);
    return placed;
  };
  const input = (step: ScenarioStep) => push({ t: now(), input: step });
  const output = (key: string, attributable = true) => {
    if (attributable) place({ t: now(), output: key });
    else tell({ t: now(), output: key }, false);
  };

  const wrapSocket = (socket: RealtimeSocket): RealtimeSocket => ({
    send: (data) => socket.send(data),
    subscribe: (l) => socket.subscribe(l),
    close(code, reason) {
      output(`close:${code}`);
      socket.close(code, reason);
    },
  });

  const effects: Effects = {
    ...base,
    now,
    callApi: async (call, body, context) => {
      const replayed = REPLAYED_CALLS.includes(call.path);
      let entry = { t: now(), output: `call:${call.path}`, path: call.path, answer: undefined as undefined | RecordedAnswer };
      if (replayed) entry = place(entry);
      else tell(entry, false);
      try {
        const data = await base.callApi(call, body, context);
        entry.answer = { data };
        return data;
      } catch (e) {
        const err = e as { httpStatus?: number; message?: string };
        entry.answer = { fail: err.httpStatus ?? 0, message: err.message ?? '' };
        throw e;
      } finally {
        // The answer came back here: before anything the console does on it. Told with what it was.
        const arrived = { t: now(), input: { answer: call.path } };
        const answer = replayed || !entry.answer || 'fail' in entry.answer ? entry.answer : {};
        if (replayed) push(arrived, false);
        tell({ ...arrived, ...(answer ? { answer } : {}) }, replayed);
      }
    },
    storage: {
      get: (k) => base.storage.get(k),
      set: (k, v) => base.storage.set(k, v),
      remove: (k) => {
        output(`storage:remove:${k}`, attributing);
        base.storage.remove(k);
      },
    },
    navigate: (to, options) => {
      output(`navigate:${to}`, attributing);
      base.navigate(to, options);
    },
    reload: () => {
      output('reload');
      base.reload();
    },
    toast: (message, intent) => {
      output(`toast:${intent}`, attributing);
      base.toast(message, intent);
    },
    openSocket: base.openSocket
      ? (sid) => {
          output('connect');
          return wrapSocket(base.openSocket!(sid));
        }
      : null,
    random: () => {
      const r = base.random();
      draws.push(r);
      tell({ t: now(), draw: r }, true);
      return r;
    },
  };

  const onAction = (a: UnknownAction) => {
    const p = a.payload as Record<string, unknown> | undefined;
    switch (a.type) {
      case 'app/started':
        return input({ start: true });
      case 'app/routeChanged':
        return input({ route: `${String(p?.pathname ?? '/')}${String(p?.search ?? '')}` });
      case 'session/loggedIn':
      case 'session/registered':
      case 'session/userInfoLoaded': {
        const via = a.type === 'session/loggedIn' ? 'login' : a.type === 'session/registered' ? 'register' : 'startup';
        return input({ login: { via, ...(p?.realtime_key ? {} : { withoutKey: true }) } });
      }
      case 'session/loggedOut':
        return input({ logout: true });
      case 'session/expired':
      case 'session/passwordChanged':
        attributing = false;
        return input({ expire: true });
      case 'realtime/frameSending': {
        const type = Number(p?.type);
        return output(`frame:${FrameType.options.find((o) => o.value === type)?.member ?? type}`);
      }
      case 'realtime/socketOpened':
        return input({ socket: { open: true } });
      case 'realtime/socketClosed':
        if (!p?.byConsole) input({ socket: { close: Number(p?.code ?? 1006) } });
        return;
      case 'realtime/frameArrived': {
        const frame = p as { type: number; data?: unknown } | undefined;
        if (!frame) return;
        // A type the frame registry does not know replays only when the step says it is one on purpose.
        const deliberate = frameDefOf(frame.type) ? {} : { unregistered: true as const };
        input({ socket: { frame: { type: frame.type, ...(frame.data !== undefined ? { data: frame.data as never } : {}), ...deliberate } } });
        // What a frame makes the replayed sagas do right away (a reply's toast, a paid order's, a blocked
        // domain's, a job's end) is theirs to replay.
        attribute();
        return;
      }
      case 'realtime/loginRefused':
      case 'realtime/unsupported':
        return attribute();
      case 'app/loopTicked':
        dueAt = Number(p?.due);
        queueMicrotask(() => {
          dueAt = null;
        });
        return;
      case 'messages/noticeDismissed':
        return input({ dispatch: { type: a.type } });
    }
  };
  function attribute() {
    attributing = true;
    queueMicrotask(() => {
      attributing = false;
    });
  }

  return {
    effects,
    onAction,
    startedAt,
    initialRoute,
    events: () => log,
    randomDraws: () => draws,
    now,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
