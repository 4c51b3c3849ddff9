import { z } from 'zod';
import { dateTime, id } from '../envelope.ts';
import { CloseCode } from './frames.ts';
import { chainControlAnswers, chainControlBodies } from './control-chain.ts';

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
   * Make the next `count` requests to `/api/<path>` fail with `status` and `message`, and/or be delayed by
   * `delay_ms` first. A new fault for the same path replaces the old one.
   */
  http_fault: z
    .strictObject({
      path: z
        .string()
        .regex(/^[a-z0-9_]+(\/[a-z0-9_]+)*$/, "a call path such as 'message/inquire'")
        .max(200),
      count: z.int().min(1).max(10_000).default(1),
      status: z.int().min(400).max(599).optional(),
      message: z.string().max(500).default('injected failure'),
      delay_ms: z.int().min(0).max(60_000).default(0),
    })
    .refine(
      (f) => f.status !== undefined || f.delay_ms > 0,
      'give a status to fail with, a delay_ms, or both',
    ),
  /** Remove every pending HTTP fault. */
  clear_faults: z.strictObject({}),
  /** Drop every socket (4010), clear faults, and reset the database to the seed. */
  reset: z.strictObject({}),
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
      }),
    ),
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
