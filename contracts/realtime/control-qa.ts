import { z } from 'zod';
import { id } from '../envelope.ts';

/**
 * The QA part of the control API (dev and test modes, same guard as `/__control/*`): the journal of HTTP calls
 * and WebSocket frames, named data states, and faults on the socket's frames. docs/mock-and-qa-tools.md.
 */

/** Whom to act on: a user by account or by id (exactly one). */
const who = z
  .strictObject({ account: z.string().min(1).max(64).optional(), user_id: id.optional() })
  .refine((t) => (t.account === undefined) !== (t.user_id === undefined), 'give exactly one of account, user_id');

/** Journal times are wall-clock milliseconds (Date.now()), not the business clock a test may move. */
const epochMs = z.int().min(0);

/**
 * What to pick from the journal; every field narrows. `call` is an API path (`message/update_notify_status`)
 * for HTTP entries, `frame_type` a frame type for socket entries; `match` is a JSON subset the entry's masked
 * body (HTTP) or data (frame) must contain (`{ "id": 7 }` matches `{ "id": 7, "notify_status": 2 }`).
 */
export const journalQuery = z.strictObject({
  kind: z.enum(['http', 'frame']).optional(),
  call: z.string().min(1).max(200).optional(),
  frame_type: z.int().min(1).max(9999).optional(),
  direction: z.enum(['in', 'out']).optional(),
  user: who.optional(),
  since_ms: epochMs.optional(),
  until_ms: epochMs.optional(),
  status: z.int().min(100).max(599).optional(),
  match: z.json().optional(),
  /** Newest last; at most this many (the newest ones). */
  limit: z.int().min(1).max(10_000).default(500),
});
export type JournalQuery = z.input<typeof journalQuery>;

export const journalEntry = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('http'),
    seq: z.int(),
    at_ms: z.int(),
    call: z.string(),
    user_id: z.int().nullable(),
    account: z.string().nullable(),
    body: z.json(),
    status: z.int(),
    size: z.int(),
    duration_ms: z.number(),
  }),
  z.object({
    kind: z.literal('frame'),
    seq: z.int(),
    at_ms: z.int(),
    direction: z.enum(['in', 'out']),
    frame_type: z.int(),
    user_id: z.int().nullable(),
    account: z.string().nullable(),
    data: z.json(),
    /** What a frame fault did to it (`dropped`, `delayed`, `duplicated`, `reordered`); absent when sent as is. */
    fault: z.string().optional(),
  }),
]);
export type JournalEntry = z.output<typeof journalEntry>;

const stateName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'a state name: lower-case letters, digits and dashes, at most 40');

export const FRAME_FAULT_ACTIONS = ['drop', 'delay', 'duplicate', 'reorder'] as const;

export const qaControlBodies = {
  journal: journalQuery,
  'journal/count': journalQuery.omit({ limit: true }),
  'journal/clear': z.strictObject({}),
  /** Save the live database as a named state (SQLite online backup into `<db dir>/states/<name>.db`). */
  'state/save': z.strictObject({ name: stateName }),
  /** Replace the live database with a named state (saved, or shipped: built from the seed on first use). */
  'state/load': z.strictObject({ name: stateName }),
  /** Saved and shipped states. */
  'state/list': z.strictObject({}),
  /**
   * The next `count` frames the server sends to the user: `drop` never sends them, `delay` sends each
   * `delay_ms` later, `duplicate` sends each twice (two frames with their own seq, as a server retrying a push
   * would), `reorder` holds `count` (at least 2) frames and sends them in reverse order once the last is held.
   */
  frame_fault: z
    .strictObject({
      to: who,
      action: z.enum(FRAME_FAULT_ACTIONS),
      count: z.int().min(1).max(1000).default(1),
      delay_ms: z.int().min(0).max(60_000).default(0),
    })
    .refine((f) => f.action !== 'reorder' || f.count >= 2, 'reorder needs a count of at least 2')
    .refine((f) => f.action !== 'delay' || f.delay_ms > 0, 'delay needs a delay_ms'),
  /** Cut every socket of the user without a close frame (the console sees 1006), as a network failure would. */
  cut: z.strictObject({ to: who }),
  /** Forget pending frame faults (held frames of a `reorder` are sent in their order). */
  clear_frame_faults: z.strictObject({}),
} as const;
export type QaControlName = keyof typeof qaControlBodies;
export type QaControlBody<N extends QaControlName> = z.input<(typeof qaControlBodies)[N]>;

export const qaControlAnswers = {
  journal: z.object({ entries: z.array(journalEntry), total: z.int() }),
  'journal/count': z.object({ count: z.int() }),
  'journal/clear': z.object({ cleared: z.int() }),
  'state/save': z.object({ name: z.string(), bytes: z.int(), ms: z.number() }),
  'state/load': z.object({ name: z.string(), ms: z.number(), built: z.boolean() }),
  'state/list': z.object({ saved: z.array(z.string()), shipped: z.array(z.object({ name: z.string(), promise: z.string() })) }),
  frame_fault: z.object({ pending: z.int() }),
  cut: z.object({ cut: z.int() }),
  clear_frame_faults: z.null(),
} as const satisfies Record<QaControlName, z.ZodType>;
export type QaControlAnswer<N extends QaControlName> = z.output<(typeof qaControlAnswers)[N]>;
