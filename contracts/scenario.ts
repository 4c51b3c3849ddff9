import { z } from 'zod';

/**
 * QA replay scenarios (fixtures/scenarios/*.json): a timeline of environment events played against the real
 * console sagas on a virtual clock, with the effects they must produce. tests/scenarios/replay.test.ts plays
 * every file; the dev build's debug menu exports the recent event stream in this same format.
 *
 * Deliberately NOT re-exported from contracts/index.ts: only the QA runner validates it and the dev-only
 * exporter imports its types, so the schema stays out of the production bundle.
 *
 * Effect keys (what the console did to the outside world, in order):
 *   `call:<path>`            an HTTP call (body in `body`)
 *   `connect`                a socket opened by the console
 *   `frame:<name>`           a frame the console sent, decrypted (`login`, `ping`; data in `data`)
 *   `close:<code>`           the console closed its socket with this code
 *   `toast:<intent>`         a toast (`danger`, `success`, …; text or key in `text`)
 *   `navigate:<path>`        navigation
 *   `reload`                 a page reload
 *   `storage:remove:<key>`   a storage key removed
 */

const ms = z.int().min(0).max(7 * 24 * 3_600_000);

/** A server→client frame to deliver: `locale`, `token`, `seq` and `ts` are filled in unless given. */
const incomingFrame = z.strictObject({
  type: z.int().min(1).max(9999),
  data: z.json().optional(),
  locale: z.string().optional(),
  token: z.string().optional(),
  /** Force a sequence number (e.g. replay an old one); default: the socket's next. */
  seq: z.int().min(1).optional(),
  /** Force a timestamp, relative to now in ms (e.g. -600000 for a stale frame); default 0. */
  tsOffset: z.int().optional(),
  /**
   * The type is one the frame registry (contracts/realtime/frame-registry.ts) does not know, on purpose (spec §4:
   * anything else is passed on). Without it, such a frame fails the scenario: a registered type was meant.
   */
  unregistered: z.literal(true).optional(),
});

export type IncomingFrame = z.infer<typeof incomingFrame>;

const socketEvent = z.union([
  z.strictObject({ open: z.literal(true) }),
  z.strictObject({ close: z.int().min(1000).max(4999), reason: z.string().optional() }),
  z.strictObject({ frame: incomingFrame }),
  /** Any text, e.g. a forged or truncated frame. */
  z.strictObject({ raw: z.string() }),
]);

/** How the next calls to `path` answer: `data` (validated against the call's response schema) or a failure. */
const httpAnswer = z.strictObject({
  path: z.string().min(1),
  data: z.json().optional(),
  /** HTTP status to fail with (message in `message`), or 0 for a network failure. */
  fail: z.int().min(0).max(599).optional(),
  message: z.string().optional(),
  /** For how many calls; default 1. Queued answers are used before the scenario's default for the path. */
  times: z.int().min(1).max(100_000).optional(),
  /**
   * The answer waits for a later `{ "answer": path }` step (default: it comes at once). An export holds every
   * recorded answer and releases it where it came back in the recording, so what the console did on an answer
   * falls between the same events as it did live, whatever the milliseconds say.
   */
  held: z.literal(true).optional(),
  /**
   * A frame the server pushes while this call is in flight: the console has received it (decrypted and
   * dispatched) before the answer arrives. The race of a push with a request already on its way.
   */
  pushFirst: incomingFrame.optional(),
});

/** The fake server's behaviour towards new sockets and login frames (see the runner). */
const serverMode = z.strictObject({
  /**
   * up: new sockets open at once; down: new sockets fail (close 1006 without opening); hold: new sockets wait
   * for a `socket: { open }` or `socket: { close }` step.
   */
  state: z.enum(['up', 'down', 'hold']).optional(),
  /** What the server does with a login frame: acknowledge it, refuse it (ack false then close 4001), or nothing. */
  login: z.enum(['accept', 'refuse', 'ignore']).optional(),
  /** Answer every ping with a heartbeat ack (type 1), as the real server does; default true. */
  pong: z.boolean().optional(),
  /** Close every open socket with this code now (e.g. 1006 for a killed server, 4010 for a restart). */
  drop: z.int().min(1000).max(4999).optional(),
});

const effectPattern = z.union([
  z.string(),
  z.strictObject({
    effect: z.string(),
    /** Virtual time (ms since the scenario started) at which it must have happened. */
    at: ms.optional(),
    body: z.json().optional(),
    data: z.json().optional(),
    text: z.string().optional(),
  }),
]);
export type EffectPattern = z.infer<typeof effectPattern>;

const actionPattern = z.union([z.string(), z.strictObject({ type: z.string(), payload: z.json().optional() })]);

const expectation = z.strictObject({
  /** Exactly these effects since the previous `expect`, in this order (nothing else). */
  effects: z.array(effectPattern).optional(),
  /** Exact number of each effect key since the previous `expect`; any key not listed must not have happened. */
  counts: z.record(z.string(), z.int().min(0)).optional(),
  /** These actions were dispatched since the previous `expect`, in this order (others may be interleaved). */
  actions: z.array(actionPattern).optional(),
  /** None of these action types was dispatched since the previous `expect`. */
  noActions: z.array(z.string()).optional(),
  /** Values in the store now, by dotted path (`realtime.status`, `messages.notice.content`). */
  state: z.record(z.string(), z.json()).optional(),
  /** Number of console sockets open now (opened and not yet closed). */
  openSockets: z.int().min(0).optional(),
  /** Virtual time now must be this. */
  now: ms.optional(),
});
export type Expectation = z.infer<typeof expectation>;

export type ScenarioStep =
  | { advance: number }
  | { advanceTo: number }
  | { start: true }
  | { login: { token?: string; via?: 'login' | 'register' | 'startup'; withoutKey?: boolean } }
  | { logout: true }
  | { expire: true }
  | { route: string }
  | { socket: z.infer<typeof socketEvent> }
  | { http: z.infer<typeof httpAnswer> }
  | { answer: string }
  | { server: z.infer<typeof serverMode> }
  | { dispatch: { type: string; payload?: z.infer<ReturnType<typeof z.json>> } }
  | { visibility: 'visible' | 'hidden' }
  | { expect: Expectation }
  | { repeat: number; steps: ScenarioStep[] };

export const scenarioStep: z.ZodType<ScenarioStep> = z.lazy(() =>
  // A union tries its options in order and the keys are disjoint: the commonest steps (expect, socket,
  // advance) come first, so a file's steps fail few options before the one that matches.
  z.union([
    z.strictObject({ expect: expectation }),
    z.strictObject({ socket: socketEvent }),
    z.strictObject({ advance: ms }),
    z.strictObject({ advanceTo: ms }),
    /** The console booted (app/started): connectivity checks begin. */
    z.strictObject({ start: z.literal(true) }),
    /** A session begins: login, registration, or the start-up check of a stored token (user info answered). */
    z.strictObject({
      login: z.strictObject({
        token: z.string().min(1).optional(),
        via: z.enum(['login', 'register', 'startup']).optional(),
        /** The session answer without realtime_key (an older server): no socket can be opened. */
        withoutKey: z.boolean().optional(),
      }),
    }),
    z.strictObject({ logout: z.literal(true) }),
    /** The session ended by a 401 elsewhere (session/expired). */
    z.strictObject({ expire: z.literal(true) }),
    /** The router moved to this hash path (with an optional ?query). */
    z.strictObject({ route: z.string().startsWith('/') }),
    z.strictObject({ http: httpAnswer }),
    /** The held answer of the oldest waiting call to this path arrives now. */
    z.strictObject({ answer: z.string().min(1) }),
    z.strictObject({ server: serverMode }),
    /** Dispatch any action (e.g. a screen's button: messages/noticeDismissed). */
    z.strictObject({ dispatch: z.strictObject({ type: z.string().min(1), payload: z.json().optional() }) }),
    /** The tab was hidden or shown again (document visibility, an effect-layer event source). */
    z.strictObject({ visibility: z.enum(['visible', 'hidden']) }),
    z.strictObject({ repeat: z.int().min(1).max(10_000), steps: z.array(scenarioStep).min(1) }),
  ]),
);

export const scenario = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  /** Where the scenario came from: written by hand, or exported from a console's debug menu. */
  source: z.enum(['hand', 'export']).optional(),
  config: z
    .strictObject({
      /** Hash path the console starts on; default '/customer/home'. */
      route: z.string().startsWith('/').optional(),
      /** Reconnect failures tolerated (default: contracts REALTIME_TUNING.maxLinkFailures). */
      maxFailures: z.int().min(0).max(1000).optional(),
      /** Values the injectable random source returns, cycled; default [0.5]. */
      random: z.array(z.number().min(0).lt(1)).min(1).optional(),
      /** false: the browser has no WebSocket. */
      webSocket: z.boolean().optional(),
      /** The fake server's initial behaviour; default up, accept. */
      server: serverMode.optional(),
      /** Default answers per call path (used when no queued answer is left); a call without one fails (network). */
      http: z.record(z.string(), httpAnswer.omit({ path: true, times: true, pushFirst: true })).optional(),
    })
    .optional(),
  steps: z.array(scenarioStep).min(1),
});
export type Scenario = z.infer<typeof scenario>;
