import { describe, expect, it } from 'vitest';
import { FRAME_TYPE_CODES, type JournalEntry } from '../../contracts/index.ts';
import { scenario as scenarioSchema } from '../../contracts/scenario.ts';
import type { Saga } from '../../client/state/sagas/call.ts';
import { effectsScenario, journalScenario } from '../../cockpit/keep/journal-scenario.ts';
import { playScenario, ScenarioFailure } from '../scenarios/harness.ts';

/**
 * The cockpit's "Save as scenario" (cockpit/keep/journal-scenario.ts) over a journal span: which frames become
 * steps, at which times, and the scenario's rules; the runner replays it green, and fails it when the console's
 * socket saga is gone (the rule "the console connects and logs in at the session's start" broken).
 */
const T0 = 1_764_000_000_000;
let seq = 0;
const frame = (at: number, type: number, data: unknown, extra: Partial<Extract<JournalEntry, { kind: 'frame' }>> = {}): JournalEntry => ({
  kind: 'frame',
  seq: ++seq,
  at_ms: T0 + at,
  user_id: 4,
  account: 'customer01',
  summary: `frame ← ${type}`,
  direction: 'out',
  frame_type: type,
  ...(data === undefined ? {} : { data: data as never }),
  ...extra,
});
const call = (at: number, path: string): JournalEntry => ({
  kind: 'api',
  seq: ++seq,
  at_ms: T0 + at,
  user_id: 4,
  account: 'customer01',
  summary: `POST /api/${path} → 200`,
  call: path,
  method: 'POST',
  url: `/api/${path}`,
  client_ip: '127.0.0.1',
  status: 200,
  duration_ms: 2,
});

const span: JournalEntry[] = [
  call(0, 'message/inquire'),
  frame(10, FRAME_TYPE_CODES.login_ack, { status: true }),
  frame(1_500, FRAME_TYPE_CODES.reply, { status: false, message: 'Pushed from the cockpit' }),
  frame(2_000, FRAME_TYPE_CODES.heartbeat_ack, undefined),
  frame(2_500, FRAME_TYPE_CODES.reply, { message: 'never arrived' }, { fault: 'dropped' }),
  frame(3_000, FRAME_TYPE_CODES.message, { id: '***', title: 'masked', content: '' }),
  frame(3_200, FRAME_TYPE_CODES.reply, { message: 'to someone else' }, { account: 'customer02', user_id: 5 }),
  frame(4_000, FRAME_TYPE_CODES.reply, { message: 'Twice' }, { fault: 'duplicated' }),
  call(6_000, 'ping'),
];

describe('a journal span saved as a scenario', () => {
  it('delivers the frames the account received at their times, and keeps the rules of its socket', () => {
    const made = journalScenario(span, 'customer01', 'cockpit: unit')!;
    expect(made).toMatchObject({ frames: 2, skipped: 4, seconds: 6 });
    const sc = scenarioSchema.parse(made.scenario);
    expect(sc.steps).toEqual([
      { login: {} },
      { expect: { effects: ['connect', 'frame:login'] } },
      { advanceTo: 1_500 },
      { socket: { frame: { type: 5, data: { status: false, message: 'Pushed from the cockpit' } } } },
      { advanceTo: 4_000 },
      { socket: { frame: { type: 5, data: { message: 'Twice' } } } },
      { advanceTo: 6_000 },
      { expect: { openSockets: 1 } },
    ]);
  });

  it('expects no socket after a close frame, and nothing to save without a frame for the account', () => {
    const closing = [...span, frame(7_000, FRAME_TYPE_CODES.close, undefined)];
    expect(journalScenario(closing, 'customer01', 'x')!.scenario.steps.at(-1)).toEqual({ expect: { openSockets: 0 } });
    expect(journalScenario(span, 'admin01', 'x')).toBeNull();
    expect(journalScenario([], 'customer01', 'x')).toBeNull();
  });

  it('replays green, and fails when the console no longer connects on login', async () => {
    const closing = [...span, frame(7_000, FRAME_TYPE_CODES.close, undefined)];
    for (const entries of [span, closing]) await playScenario(journalScenario(entries, 'customer01', 'x')!.scenario);
    const nothing = function* (): Saga {};
    await expect(playScenario(journalScenario(span, 'customer01', 'x')!.scenario, { realtimeWatcher: () => nothing() })).rejects.toThrow(ScenarioFailure);
  });
});

/**
 * With a development console's effects in the span (its Debug recorder's events, `console_effects`), the saved
 * scenario is the Debug export's own layout of them: the calls' answers (paired with their calls in order) held
 * and arriving where they came back, and the counts between inputs. Without effects from a console page's start
 * there is none, and the page saves frames only (the browser test replays a real session's file, green, and red
 * without the message poll).
 */
describe('a span with a development console’s effects', () => {
  let n = 0;
  const effect = (at: number, data: Record<string, unknown>, extra: Partial<Extract<JournalEntry, { kind: 'effect' }>> = {}): JournalEntry => ({
    kind: 'effect',
    seq: ++seq,
    at_ms: T0 + at,
    user_id: 4,
    account: 'customer01',
    summary: 'effect',
    session: 'page0001',
    effect: String(data.output ?? Object.keys(data.input as object)[0]),
    replayed: true,
    data: { t: T0 + at, n: ++n, replayed: true, ...data } as never,
    ...extra,
  });
  const inquire = { content: [], total: 0 };
  const session: JournalEntry[] = [
    effect(0, { input: { start: true }, route: '/admin_login' }, { account: null, user_id: null }),
    effect(1, { input: { route: '/admin_login' } }, { account: null, user_id: null }),
    effect(900, { input: { login: { via: 'login' } } }),
    effect(900, { output: 'connect' }),
    effect(1_000, { output: 'call:message/inquire', path: 'message/inquire' }),
    effect(1_000, { output: 'call:admin/user_info', path: 'admin/user_info' }, { replayed: false }),
    effect(1_040, { input: { answer: 'message/inquire' }, answer: { data: inquire } }),
    call(1_050, 'message/inquire'),
    effect(3_000, { input: { socket: { frame: { type: 4, data: { id: 7, title: 't', content: 'c' } } } } }),
    effect(3_000, { output: 'call:message/inquire', path: 'message/inquire' }),
    effect(3_020, { input: { answer: 'message/inquire' }, answer: { fail: 503, message: 'down' } }),
    effect(5_000, { output: 'call:message/inquire', path: 'message/inquire' }),
  ];

  it('lays out the export’s steps from the console page’s start: answers paired with calls, a call still waiting held', () => {
    const made = effectsScenario(session, 'customer01', 'cockpit: effects');
    if (!('scenario' in made)) throw new Error(`no scenario: ${made.why}`);
    expect(made).toMatchObject({ effects: 10, answers: 3, seconds: 5 });
    expect(made.scenario.config).toEqual({ route: '/admin_login', server: { state: 'hold', login: 'ignore', pong: false } });
    expect(made.scenario.steps).toEqual([
      { http: { path: 'message/inquire', data: inquire, held: true } },
      { http: { path: 'message/inquire', fail: 503, message: 'down', held: true } },
      { http: { path: 'message/inquire', fail: 0, held: true } },
      { expect: { counts: {} } },
      { start: true },
      { advanceTo: 1 },
      { expect: { counts: {} } },
      { route: '/admin_login' },
      { advanceTo: 900 },
      { expect: { counts: {} } },
      { login: { via: 'login' } },
      { advanceTo: 1_040 },
      { expect: { counts: { connect: 1, 'call:message/inquire': 1 } } },
      { answer: 'message/inquire' },
      { advanceTo: 3_000 },
      { expect: { counts: {} } },
      { socket: { frame: { type: 4, data: { id: 7, title: 't', content: 'c' } } } },
      { advanceTo: 3_020 },
      { expect: { counts: { 'call:message/inquire': 1 } } },
      { answer: 'message/inquire' },
      { advanceTo: 5_000 },
      { expect: { counts: { 'call:message/inquire': 1 } } },
    ]);
    expect(scenarioSchema.safeParse(made.scenario).success).toBe(true);
  });

  it('has none without effects of the account, or without the console page’s start, or with an effect off its record', () => {
    expect(effectsScenario(span, 'customer01', 'x')).toEqual({ why: 'no_effects' });
    expect(effectsScenario(session, 'customer02', 'x')).toEqual({ why: 'no_effects' });
    expect(effectsScenario(session.slice(2), 'customer01', 'x')).toEqual({ why: 'no_start' });
    const spoilt = effect(6_000, { output: 'reload' });
    (spoilt as { data: unknown }).data = { t: 1, output: 'reload' };
    expect(effectsScenario([...session, spoilt], 'customer01', 'x')).toMatchObject({ why: 'unreadable' });
  });
});
