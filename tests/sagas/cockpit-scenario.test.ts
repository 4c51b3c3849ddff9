import { describe, expect, it } from 'vitest';
import { FRAME_TYPE_CODES, type JournalEntry } from '../../contracts/index.ts';
import { scenario as scenarioSchema } from '../../contracts/scenario.ts';
import type { Saga } from '../../client/state/sagas/call.ts';
import { journalScenario } from '../../cockpit/keep/journal-scenario.ts';
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
