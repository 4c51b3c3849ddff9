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
 * What an entry records: an API call, a visit (`/v/…`, `/s/…`), the share page's call, an upload, a download, a
 * socket frame, or an effect a development console's sagas ran (sent by its Debug recorder, `console_effects`).
 */
export const JOURNAL_KINDS = ['api', 'visit', 'share', 'upload', 'download', 'frame', 'effect'] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/** A regular expression (JavaScript syntax), refused when it does not compile. */
const regex = z
  .string()
  .min(1)
  .max(500)
  .refine((source) => {
    try {
      new RegExp(source, 'u');
      return true;
    } catch {
      return false;
    }
  }, 'not a valid regular expression');

/** The operators of a matcher; a matcher takes exactly one (WireMock's request matching, in snake-free names). */
export const MATCHER_OPERATORS = ['equalTo', 'equalToJson', 'contains', 'doesNotContain', 'matches', 'doesNotMatch', 'absent', 'present', 'not', 'and', 'or'] as const;

/**
 * A test of one value — a header, a query parameter, the path, or a JSON body's value at `at` — like WireMock's
 * `StringValuePattern`: `equalTo` (deep equality; a string also equals the text of a number), `equalToJson`
 * (`ignoreExtraElements`: the value may hold more keys and items), `contains`/`doesNotContain` (in its text),
 * `matches`/`doesNotMatch` (a regular expression over its text, whole-text like WireMock's), `absent`/`present`,
 * `not`, `and`, `or`. `caseInsensitive` applies to `equalTo`, `contains` and `matches`.
 */
export interface Matcher {
  equalTo?: z.core.util.JSONType;
  equalToJson?: z.core.util.JSONType;
  ignoreExtraElements?: boolean;
  contains?: string;
  doesNotContain?: string;
  matches?: string;
  doesNotMatch?: string;
  absent?: true;
  present?: true;
  caseInsensitive?: boolean;
  not?: Matcher;
  and?: Matcher[];
  or?: Matcher[];
}
/** The fields of a matcher (a body matcher adds `at`). */
const matcherFields = () => ({
  equalTo: z.json().optional(),
  equalToJson: z.json().optional(),
  ignoreExtraElements: z.boolean().optional(),
  contains: z.string().max(2000).optional(),
  doesNotContain: z.string().max(2000).optional(),
  matches: regex.optional(),
  doesNotMatch: regex.optional(),
  absent: z.literal(true).optional(),
  present: z.literal(true).optional(),
  caseInsensitive: z.boolean().optional(),
  not: matcher.optional(),
  and: z.array(matcher).min(1).max(20).optional(),
  or: z.array(matcher).min(1).max(20).optional(),
});
const oneOperator = (m: Matcher) => MATCHER_OPERATORS.filter((k) => m[k] !== undefined).length === 1;
const ONE_OPERATOR = `a matcher takes exactly one of ${MATCHER_OPERATORS.join(', ')}`;
const extraWithJson = (m: Matcher) => m.ignoreExtraElements === undefined || m.equalToJson !== undefined;
const EXTRA_WITH_JSON = 'ignoreExtraElements goes with equalToJson';

export const matcher: z.ZodType<Matcher, Matcher> = z.lazy(() =>
  z.strictObject(matcherFields()).refine(oneOperator, ONE_OPERATOR).refine(extraWithJson, EXTRA_WITH_JSON),
);

/** A JSON path into a body: `$`, `$.a.b`, `$.items[0].id`, `$.items[*].id` (any item), `$['odd key']`. */
export const jsonPath = z
  .string()
  .max(300)
  .regex(/^\$((\.[A-Za-z_][A-Za-z0-9_]*)|(\[(\d+|\*|'[^']*')\]))*$/, "a JSON path such as '$.items[0].id', '$.a.b' or '$.items[*].id'");

/** A matcher of a JSON body's value at `at` (default `$`, the whole body). */
export const bodyMatcher = z
  .strictObject({ at: jsonPath.default('$'), ...matcherFields() })
  .refine(oneOperator, ONE_OPERATOR)
  .refine(extraWithJson, EXTRA_WITH_JSON);
export type BodyMatcher = z.output<typeof bodyMatcher>;

/** A header or query parameter name and its matcher (names of headers are matched in lower case). */
const namedMatchers = z.record(z.string().min(1).max(100), matcher).refine((r) => Object.keys(r).length <= 30, 'at most 30 names');

/**
 * What to pick from the journal; every field narrows. `call` is an API path (`message/update_notify_status`)
 * for HTTP entries, `frame_type` a frame type for socket entries; `match` is a JSON subset the entry's masked
 * request body (HTTP) or data (frame) must contain (`{ "id": 7 }` matches `{ "id": 7, "notify_status": 2 }`),
 * or a string found in its JSON text. `body` and `response_body` are lists of matchers at JSON paths, all of
 * which must hold; `headers`, `query` match request headers and query parameters by name; `text` finds words
 * anywhere in an entry (its line, bodies). `after_seq` picks what came after an entry a client has already
 * seen, and with `wait_ms` the answer waits (at most that long) for the first such entry: a live time line.
 */
export const journalQuery = z.strictObject({
  kind: z.enum([...JOURNAL_KINDS, 'http']).optional(),
  call: z.string().min(1).max(200).optional(),
  frame_type: z.int().min(1).max(9999).optional(),
  direction: z.enum(['in', 'out']).optional(),
  user: who.optional(),
  since_ms: epochMs.optional(),
  until_ms: epochMs.optional(),
  status: z.int().min(0).max(599).optional(),
  status_from: z.int().min(0).max(599).optional(),
  status_to: z.int().min(0).max(599).optional(),
  method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']).optional(),
  path: matcher.optional(),
  url: matcher.optional(),
  client_ip: z.string().min(1).max(64).optional(),
  headers: namedMatchers.optional(),
  query: namedMatchers.optional(),
  body: z.array(bodyMatcher).min(1).max(20).optional(),
  response_body: z.array(bodyMatcher).min(1).max(20).optional(),
  /** Entries a fault acted on: any (`true`), none (`false`). */
  faulted: z.boolean().optional(),
  text: z.string().min(1).max(200).optional(),
  match: z.json().optional(),
  seq: z.int().min(1).optional(),
  after_seq: z.int().min(0).optional(),
  /** Newest last; at most this many (the newest ones; with `after_seq`, the oldest ones after it). */
  limit: z.int().min(1).max(10_000).default(500),
  /** With `after_seq`: wait up to this long for the first matching entry (a long poll). */
  wait_ms: z.int().min(0).max(30_000).default(0),
  /** false: each entry's line only (kind, call, user, status, summary), without headers and bodies. */
  detail: z.boolean().default(true),
});
export type JournalQuery = z.input<typeof journalQuery>;
/** A parsed query without its paging: what an entry is tested against. */
export type JournalFilter = Omit<z.output<typeof journalQuery>, 'limit' | 'wait_ms' | 'detail'>;

/** A body as kept: JSON (masked) when it was JSON and whole; else its text, cut with a marker past the cap. */
const keptBody = z.object({
  /** `json`, `text`, `binary` (a marker only), `none`. */
  type: z.enum(['json', 'text', 'binary', 'none']),
  content: z.json(),
  /** Its real size in bytes (on the wire for answers, compressed or not). */
  bytes: z.int().min(0),
  /** Cut at the per-body cap (the content ends with the marker). */
  cut: z.boolean(),
});
export type KeptBody = z.output<typeof keptBody>;

const lineFields = {
  seq: z.int(),
  at_ms: z.int(),
  user_id: z.int().nullable(),
  account: z.string().nullable(),
  /** One line for a time line: what happened, for whom, how it ended. */
  summary: z.string(),
  /** What a fault did (`connection_reset`, `dropped`, `delayed`, …); absent when nothing interfered. */
  fault: z.string().optional(),
};

export const journalEntry = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['api', 'visit', 'share', 'upload', 'download']),
    ...lineFields,
    /** The call's path for API calls, uploads and call downloads; the code for visits; null otherwise. */
    call: z.string().nullable(),
    method: z.string(),
    /** Path and query as requested (secrets in the query masked). */
    url: z.string(),
    client_ip: z.string(),
    /** 0 when no answer went out (a reset, a held request, a client that left). */
    status: z.int(),
    duration_ms: z.number(),
    request: z.object({ headers: z.record(z.string(), z.string()), query: z.record(z.string(), z.string()), body: keptBody }).optional(),
    response: z.object({ headers: z.record(z.string(), z.string()), body: keptBody }).optional(),
  }),
  z.object({
    kind: z.literal('frame'),
    ...lineFields,
    direction: z.enum(['in', 'out']),
    frame_type: z.int(),
    data: z.json().optional(),
  }),
  z.object({
    kind: z.literal('effect'),
    ...lineFields,
    /** The console page it came from (one per page load): two consoles of one user stay apart. */
    session: z.string(),
    /** The effect's key: an output (`call:ping`, `frame:login`, `toast:danger` …) or an input's (`answer:ping`, `route:/x` …). */
    effect: z.string(),
    /** false: the Debug export leaves it out (a call the QA runner does not play, a toast no frame caused). */
    replayed: z.boolean(),
    /** The recorded event as sent (`consoleEffect`, masked like every body of the journal). */
    data: z.json().optional(),
  }),
]);
export type JournalEntry = z.output<typeof journalEntry>;
export type EffectJournalEntry = Extract<JournalEntry, { kind: 'effect' }>;
export type HttpJournalEntry = Extract<JournalEntry, { kind: 'api' | 'visit' | 'share' | 'upload' | 'download' }>;

/** The journal's bounds and use: what `npm run journal -- --stats` and the cockpit show. */
export const journalStats = z.object({
  entries: z.int(),
  bytes: z.int(),
  max_entries: z.int(),
  max_bytes: z.int(),
  body_cap: z.int(),
  /** Entries evicted to stay under the bounds since the last clear. */
  evicted: z.int(),
  first_seq: z.int().nullable(),
  last_seq: z.int(),
});

const stateName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'a state name: lower-case letters, digits and dashes, at most 40');

/**
 * One event of a development console's Debug recorder (client/features/debug/effects/recorder.ts), on the console's
 * wall clock `t`: an `output` of its sagas (`call:<path>` with the call's `path` and `answer`, `frame:<name>`,
 * `connect`, `close:<code>`, `toast:<intent>`, `navigate:<to>`, `storage:remove:<key>`, `reload`), or an `input`
 * of the environment as a QA scenario step (contracts/scenario.ts: `{ "answer": path }`, `{ "route": … }`,
 * `{ "socket": … }`, `{ "login": … }` …; checked against that schema when a scenario is made of it).
 */
export const consoleEffect = z
  .strictObject({
    t: epochMs,
    /** The recorder's order of its events (a call counts where it was made, though it is sent with its answer). */
    n: z.int().min(0),
    output: z.string().min(1).max(300).optional(),
    input: z
      .record(z.string().min(1).max(40), z.json())
      .refine((step) => Object.keys(step).length === 1, 'an input is one scenario step: an object with one key')
      .optional(),
    /** On the `{ start: true }` input: the console's route when it started (the replay's `config.route`). */
    route: z.string().max(2000).optional(),
    /** A random number the console drew (a reconnect's jitter): the replay draws them again in order. */
    draw: z.number().min(0).max(1).optional(),
    /** The call's path, on a `call:` output. */
    path: z.string().min(1).max(200).optional(),
    /** On an `{ answer: path }` input: what the call got, its data, or `fail` (the HTTP status, 0 for none) with the message. */
    answer: z.strictObject({ data: z.json().optional(), fail: z.int().min(0).max(599).optional(), message: z.string().max(2000).optional() }).optional(),
    /** false: the Debug export leaves it out. */
    replayed: z.boolean(),
  })
  .refine((e) => [e.output, e.input, e.draw].filter((x) => x !== undefined).length === 1, 'give exactly one of output, input, draw');
export type ConsoleEffect = z.output<typeof consoleEffect>;

export const FRAME_FAULT_ACTIONS = ['drop', 'delay', 'duplicate', 'reorder'] as const;

export const qaControlBodies = {
  journal: journalQuery,
  'journal/count': journalQuery.omit({ limit: true, wait_ms: true, detail: true }),
  'journal/clear': z.strictObject({}),
  /** The journal's bounds and how full it is. */
  'journal/stats': z.strictObject({}),
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
  /**
   * Effects a development console's sagas ran, as its Debug recorder saw them (batched about once a second): each
   * becomes a journal entry of kind `effect`, of the user whose `token` header the console sends (none: no user).
   */
  console_effects: z.strictObject({
    /** The console page (one per load), letters, digits, `-` and `_`. */
    session: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a console session: 8 to 64 letters, digits, - or _'),
    effects: z.array(consoleEffect).min(1).max(500),
  }),
} as const;
export type QaControlName = keyof typeof qaControlBodies;
export type QaControlBody<N extends QaControlName> = z.input<(typeof qaControlBodies)[N]>;

export const qaControlAnswers = {
  /** Matching entries (oldest first), how many matched in all, and the newest seq of the whole journal. */
  journal: z.object({ entries: z.array(journalEntry), total: z.int(), last_seq: z.int() }),
  'journal/count': z.object({ count: z.int() }),
  'journal/clear': z.object({ cleared: z.int() }),
  'journal/stats': journalStats,
  'state/save': z.object({ name: z.string(), bytes: z.int(), ms: z.number() }),
  /** `ms`: the whole wall time of the load; `built`: it had to be built first; `migrated_from`: an older schema's version. */
  'state/load': z.object({ name: z.string(), ms: z.number(), built: z.boolean(), migrated_from: z.int().nullable() }),
  'state/list': z.object({
    saved: z.array(z.string()),
    shipped: z.array(z.object({ name: z.string(), promise: z.string(), ready: z.boolean() })),
    /** The shipped states' cache folder for this server (its fingerprint). */
    cache: z.string(),
  }),
  frame_fault: z.object({ pending: z.int() }),
  cut: z.object({ cut: z.int() }),
  clear_frame_faults: z.null(),
  /** Entries added to the journal (0 when it is off). */
  console_effects: z.object({ kept: z.int() }),
} as const satisfies Record<QaControlName, z.ZodType>;
export type QaControlAnswer<N extends QaControlName> = z.output<(typeof qaControlAnswers)[N]>;
