import { z } from 'zod';
import { dateTime, id } from '../envelope.ts';
import { CloseCode } from './frames.ts';
import { chainControlAnswers, chainControlBodies } from './control-chain.ts';
import { callsByPath } from '../registry.ts';

/*
 * The mock server's control API for development and tests (its prefix: CONTROL_PREFIX, contracts/server-paths.ts):
 * POST `/__control/<name>` with a JSON body, answering `{ status: true, data }` like the API. Mounted only when the
 * server runs in 'dev' or 'test' mode (404 in 'production'); not part of the public call registry or the OpenAPI
 * document. Browser tests and the QA tools drive edge cases through it (push any frame, close sockets with any
 * code, inject HTTP faults).
 */

/** Whom to act on: a user by account or by id (exactly one). */
const target = z
  .strictObject({ account: z.string().min(1).max(64).optional(), user_id: id.optional() })
  .refine(
    (t) => (t.account === undefined) !== (t.user_id === undefined),
    'give exactly one of account, user_id',
  );

/** Any close code a WebSocket endpoint may send: 1000, 3000-4999 (1001-1015 are reserved or endpoint-only). */
const sendableCloseCode = z
  .int()
  .refine(
    (c) => c === 1000 || c === 1001 || (c >= 3000 && c <= 4999),
    'close code must be 1000, 1001 or 3000-4999',
  );

/** What a network does to an answer (http_fault's `fault`). */
export const HTTP_FAULTS = ['connection_reset', 'empty_response', 'no_answer', 'truncated_body', 'malformed_body'] as const;
export type HttpFaultKind = (typeof HTTP_FAULTS)[number];

/** Edit distance of two short strings (a misspelt call path's nearest registered one). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** The registered call nearest to `path`, when it is near enough to be a slip. */
function nearestCall(path: string): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(3, Math.floor(path.length / 4)) + 1;
  for (const known of callsByPath.keys()) {
    const d = distance(path, known);
    if (d < bestDistance) [best, bestDistance] = [known, d];
  }
  return best;
}

/** A registered call's path (as the console calls it, without `/api/`); an unknown one is refused, named. */
const callPath = z
  .string()
  .max(200)
  .regex(/^[a-z0-9_]+(\/[a-z0-9_]+)*$/, "a call path such as 'message/inquire'")
  .superRefine((path, ctx) => {
    if (callsByPath.has(path)) return;
    const near = nearestCall(path);
    ctx.addIssue({ code: 'custom', message: `no call has the path '${path}'${near ? ` (did you mean '${near}'?)` : ''}: a fault on it would never fire` });
  });

export const controlBodies = {
  /** Push a frame of any type (1-9999) with any JSON data to every authenticated socket of the user. */
  push: z.strictObject({
    to: target,
    type: z.int().min(1).max(9999),
    data: z.json().optional(),
  }),
  /** Push a frame to every authenticated socket of every user (the benchmark's "push to all"). */
  broadcast: z.strictObject({
    type: z.int().min(1).max(9999),
    data: z.json().optional(),
  }),
  /** Close every socket of the user with `code` (default 3001). */
  close: z.strictObject({
    to: target,
    code: sendableCloseCode.default(CloseCode.values.deliberate),
    reason: z.string().max(100).default(''),
  }),
  /** Close every socket of every user with `code` (default 4010 server_restarting), as a restart would. */
  drop_all: z.strictObject({
    code: sendableCloseCode.default(CloseCode.values.server_restarting),
  }),
  /**
   * The next `count` requests to `/api/<path>` (a registered call; an unknown path is refused, naming it) meet
   * a fault, after waiting `delay_ms` first (docs/mock-and-qa-tools.md, faults like WireMock's):
   * - `status` (+ `message`): refused with that status, the call not run;
   * - `fault`: what a network does — `connection_reset` (TCP reset, no answer), `empty_response` (the connection
   *   closed without a byte), `no_answer` (held, never answered, until the client gives up or the faults are
   *   cleared), `truncated_body` (the call's answer declares its full Content-Length and stops halfway),
   *   `malformed_body` (the call's answer cut to invalid JSON, sent in full with a 200 and a correct length);
   *   with `after_call: true` the first three happen after the call ran (its effects stay: the answer is what
   *   was lost), else before it;
   * - `dribble`: the call's answer trickled in `chunks` pieces over `total_ms`.
   * A new fault for the same path replaces the old one.
   */
  http_fault: z
    .strictObject({
      path: callPath,
      count: z.int().min(1).max(10_000).default(1),
      status: z.int().min(400).max(599).optional(),
      message: z.string().max(500).default('injected failure'),
      delay_ms: z.int().min(0).max(60_000).default(0),
      fault: z.enum(HTTP_FAULTS).optional(),
      after_call: z.boolean().default(false),
      dribble: z.strictObject({ chunks: z.int().min(2).max(1000), total_ms: z.int().min(1).max(60_000) }).optional(),
    })
    .refine(
      (f) => f.status !== undefined || f.delay_ms > 0 || f.fault !== undefined || f.dribble !== undefined,
      'give a status to fail with, a fault, a dribble, a delay_ms, or a mix',
    )
    .refine((f) => f.status === undefined || (f.fault === undefined && f.dribble === undefined), 'a status refusal excludes fault and dribble: the call does not run')
    .refine((f) => f.fault === undefined || f.dribble === undefined, 'give a fault or a dribble, not both')
    .refine(
      (f) => !f.after_call || f.fault === 'connection_reset' || f.fault === 'empty_response' || f.fault === 'no_answer',
      'after_call goes with fault connection_reset, empty_response or no_answer (the others always follow the call)',
    ),
  /** Remove every pending HTTP fault. */
  clear_faults: z.strictObject({}),
  /**
   * Drop every socket (4010), clear faults, and reset the database to the seed. `keep_sessions: true` keeps who
   * is signed in (sessions and their socket keys; seeded users keep their ids), so a console goes on without a
   * new login: a test that resets between steps saves a login each time.
   */
  reset: z.strictObject({ keep_sessions: z.boolean().default(false) }),
  /** What the hub and the fault table hold now. */
  state: z.strictObject({}),
  /**
   * Run `count` steps of background jobs (of job `id`, else the oldest in progress each time), one after the
   * other; in test mode this is the only thing that moves jobs, so tests step them deterministically.
   */
  job_step: z.strictObject({
    id: id.optional(),
    count: z.int().min(1).max(10_000).default(1),
  }),
  /** A simulated MySQL lock (issue 13's database tools); `start_time` defaults to the server clock. */
  mysql_lock: z.strictObject({
    thread_id: id,
    query: z.string().min(1).max(2000),
    state: z.string().max(64).default('Waiting for table metadata lock'),
    start_time: dateTime.optional(),
  }),
  /** What the simulated Telegram bot sent (block pushes), newest first; one user's or everyone's. */
  telegram_sent: z.strictObject({ user_id: id.optional() }),
  /** A simulated Telegram binding of a console user (issue 13); no network. */
  telegram_bind: z.strictObject({
    to: z.union([z.strictObject({ account: z.string().min(1).max(64) }), z.strictObject({ user_id: id })]),
    platform_account: z.string().min(1).max(64),
    platform_nickname: z.string().max(64).default(''),
    chat_id: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
    language: z.string().max(16).default('zh-CN'),
  }),
  /** A simulated slow thread (issue 13's database tools). */
  mysql_slow_thread: z.strictObject({
    thread_id: id,
    time: z.int().min(0).max(1_000_000),
    db: z.string().max(64).default('qr_console'),
    host: z.string().max(128).default('10.0.0.5:51234'),
    command: z.string().max(32).default('Query'),
    user: z.string().max(64).default('app'),
    sql: z.string().min(1).max(2000),
  }),
  ...chainControlBodies,
} as const;

export type ControlName = keyof typeof controlBodies;
export type ControlBody<N extends ControlName> = z.input<(typeof controlBodies)[N]>;

export const controlSocketInfo = z.object({
  user_id: id.nullable(),
  authenticated: z.boolean(),
  locale: z.string(),
  opened_ms: z.int(),
});

export const controlAnswers = {
  push: z.object({ delivered: z.int().min(0) }),
  broadcast: z.object({ delivered: z.int().min(0) }),
  close: z.object({ closed: z.int().min(0) }),
  drop_all: z.object({ closed: z.int().min(0) }),
  http_fault: z.null(),
  clear_faults: z.null(),
  reset: z.null(),
  state: z.object({
    sockets: z.array(controlSocketInfo),
    faults: z.array(
      z.object({
        path: z.string(),
        remaining: z.int(),
        status: z.int().nullable(),
        message: z.string(),
        delay_ms: z.int(),
        fault: z.enum(HTTP_FAULTS).nullable(),
        after_call: z.boolean(),
        dribble: z.object({ chunks: z.int(), total_ms: z.int() }).nullable(),
      }),
    ),
    /** Requests held by a `no_answer` fault now. */
    held: z.int().min(0),
  }),
  mysql_lock: z.object({ id }),
  mysql_slow_thread: z.object({ id }),
  telegram_bind: z.object({ id }),
  telegram_sent: z.object({ messages: z.array(z.object({ user_id: id, chat_id: z.int(), text: z.string(), send_time: z.string() })) }),
  /** Steps run (fewer than asked when no job was left), and each stepped job's state after its last step. */
  job_step: z.object({
    stepped: z.int().min(0),
    jobs: z.array(z.object({ id, status: z.int(), progress: z.int() })),
  }),
  ...chainControlAnswers,
} as const satisfies Record<ControlName, z.ZodType>;

export type ControlAnswer<N extends ControlName> = z.output<(typeof controlAnswers)[N]>;
