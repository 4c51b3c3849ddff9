import { checkFrameData, consoleEffect, Direction, FRAME_TYPE_CODES, type ConsoleEffect, type EffectJournalEntry, type JournalEntry } from '../../contracts/index.ts';
import { scenario as scenarioSchema, type Scenario, type ScenarioStep } from '../../contracts/scenario.ts';
import { sessionScenario, timelineSteps } from '../../client/features/debug/export-scenario.ts';
import type { Recorded } from '../../client/features/debug/effects/recorder.ts';

/** Frames the scenario runner's fake server makes itself (it acknowledges the login and answers pings). */
const SERVER_MADE: readonly number[] = [FRAME_TYPE_CODES.heartbeat_ack, FRAME_TYPE_CODES.login_ack];
/** Frames after which the console has no socket open: close (it closes with 3001 and stays closed). */
const CLOSING: readonly number[] = [FRAME_TYPE_CODES.close];
/** Frames after which the replayed console's sockets are not predictable from the journal (a reload). */
const UNSETTLING: readonly number[] = [FRAME_TYPE_CODES.reload];

export interface JournalScenario {
  readonly scenario: Scenario;
  /** Frames the scenario delivers. */
  readonly frames: number;
  /** Frames left out: the fake server's own, dropped by a fault, or data the journal masked off its schema. */
  readonly skipped: number;
  readonly seconds: number;
}

/** Whether the frame's data (as the journal kept it, masked) still fits the frame registry. */
function deliverable(e: Extract<JournalEntry, { kind: 'frame' }>): boolean {
  if (SERVER_MADE.includes(e.frame_type) || e.fault === 'dropped') return false;
  try {
    checkFrameData(e.frame_type, Direction.toClient, e.data);
    return true;
  } catch {
    return false;
  }
}

/**
 * A span of the journal as a QA scenario (contracts/scenario.ts) for one account's console: the session begins
 * at the span's first entry (`login`; the runner's fake server opens the socket and acknowledges it), then every
 * frame the server sent that account arrives at its time since then, as the journal kept it (decrypted; frames
 * a `drop` fault held back never arrived and are left out; a duplicated frame arrives twice). The steps are laid
 * out by the Debug export's own `timelineSteps`. Its rules: the console connects and logs in on the session's
 * start, and at the end it has one socket open, or none after a close frame (the console never reconnects after
 * 3001). Answers to HTTP calls are not replayed (the journal sees the server's side; the console's polls fail
 * quietly, as spec §8 allows): a scenario of frames and the console's socket.
 */
export function journalScenario(entries: readonly JournalEntry[], account: string, name: string): JournalScenario | null {
  const first = entries[0];
  if (!first) return null;
  const from = first.at_ms;
  const mine = entries.filter((e): e is Extract<JournalEntry, { kind: 'frame' }> => e.kind === 'frame' && e.direction === 'out' && e.account === account);
  const frames = mine.filter(deliverable);
  if (!frames.length) return null;
  const end = Math.max(from, entries[entries.length - 1]!.at_ms);

  const events: Recorded[] = [
    { t: from, input: { login: {} } },
    ...frames.map((e): Recorded => ({ t: e.at_ms, input: { socket: { frame: { type: e.frame_type, ...(e.data === undefined ? {} : { data: e.data }) } } } })),
  ];
  const steps = timelineSteps(events, from, end, false);
  const login = steps.findIndex((s) => 'login' in s);
  const connected: ScenarioStep = { expect: { effects: ['connect', 'frame:login'] } };
  steps.splice(login + 1, 0, connected);
  if (!frames.some((e) => UNSETTLING.includes(e.frame_type))) {
    steps.push({ expect: { openSockets: frames.some((e) => CLOSING.includes(e.frame_type)) ? 0 : 1 } });
  }
  const seconds = Math.round((end - from) / 1000);
  return {
    scenario: {
      name,
      description: `Saved from the QA cockpit: ${frames.length} frames ${account}'s console received over ${seconds} s (journal entries ${first.seq}–${entries[entries.length - 1]!.seq}), replayed at their times; the console connects on login and keeps its socket (none after a close frame). HTTP answers are not part of it.`,
      source: 'export',
      config: { route: '/customer/home' },
      steps,
    },
    frames: frames.length,
    skipped: mine.length - frames.length,
    seconds,
  };
}

/** A span replayed from a development console's effects: its calls answered as they were, in the order it made them. */
export interface EffectsScenario {
  readonly scenario: Scenario;
  /** Effects the scenario lays out (the Debug export's: inputs and the effects counted between them). */
  readonly effects: number;
  /** Of them, the HTTP answers the console got. */
  readonly answers: number;
  readonly seconds: number;
}
/** Why a span has no effects scenario: none of the account's console, or none from a console page's start. */
export type NoEffects = { readonly why: 'no_effects' | 'no_start' | 'unreadable'; readonly detail?: string };

const isEffect = (e: JournalEntry): e is EffectJournalEntry => e.kind === 'effect';

/**
 * A span of the journal as the Debug export would have written it at its last effect: a development console's
 * effects (sent by its Debug recorder, `console_effects`), from that console page's start (`{ start: true }`)
 * on, laid out by the export's own `sessionScenario` — the calls' answers held and arriving where they came
 * back, the socket's events and route changes at their times, the counts of effects between them expected again.
 * The console is the newest page of `account` whose start the span holds. Exact only from the start (the loops'
 * grids are anchored there), so a span that begins later has none: `no_start`, and the page saves frames only.
 */
export function effectsScenario(entries: readonly JournalEntry[], account: string, name: string): EffectsScenario | NoEffects {
  const effects = entries.filter(isEffect);
  const sessions = [...new Set(effects.filter((e) => e.account === account).map((e) => e.session))];
  if (!sessions.length) return { why: 'no_effects' };
  let recorded: { e: ConsoleEffect; seq: number }[] = [];
  for (const session of sessions.reverse()) {
    const mine: { e: ConsoleEffect; seq: number }[] = [];
    for (const entry of effects) {
      if (entry.session !== session || !entry.replayed) continue;
      const read = consoleEffect.safeParse(entry.data);
      // Masked past its contract (a cut answer): the recording is not whole.
      if (!read.success) return { why: 'unreadable', detail: `#${entry.seq} ${entry.effect}` };
      mine.push({ e: read.data, seq: entry.seq });
    }
    mine.sort((a, b) => a.e.t - b.e.t || a.e.n - b.e.n);
    const start = mine.findIndex((m) => m.e.input && 'start' in m.e.input);
    if (start >= 0) {
      recorded = mine.slice(start);
      break;
    }
  }
  if (!recorded.length) return { why: 'no_start' };

  // A call's answer came with the `{ answer: path }` input where it arrived: the calls of a path get them in order
  // (a call still waiting at the span's end has none, and waits in the replay too).
  const arrived = new Map<string, ConsoleEffect['answer'][]>();
  for (const { e } of recorded) {
    const path = e.input?.answer;
    if (typeof path === 'string') arrived.set(path, [...(arrived.get(path) ?? []), e.answer ?? { fail: 0 }]);
  }
  const draws = recorded.flatMap(({ e }) => (e.draw === undefined ? [] : [e.draw]));
  const events: Recorded[] = recorded.flatMap(({ e }) => (e.draw === undefined ? [e] : [])).map((e): Recorded => {
    if (e.output === undefined) return { t: e.t, input: e.input as ScenarioStep };
    const answer = e.path ? arrived.get(e.path)?.shift() : undefined;
    return { t: e.t, output: e.output, ...(e.path ? { path: e.path } : {}), ...(answer ? { answer } : {}) };
  });
  const from = events[0]!.t;
  const end = events[events.length - 1]!.t;
  const made = sessionScenario({ events, from, end, trimmed: false, initialRoute: recorded[0]!.e.route ?? '/', draws, webSocket: true });
  const seconds = Math.round((end - from) / 1000);
  const answers = events.filter((e) => 'output' in e && e.path).length;
  const scenario: Scenario = {
    name,
    description: `Saved from the QA cockpit: ${events.length} effects of ${account}'s development console over ${seconds} s from its start (journal entries ${recorded[0]!.seq}–${Math.max(...recorded.map((r) => r.seq))}), with the ${answers} answers its calls got, laid out as the Debug export does; the effects must happen again in the same counts between events.`,
    source: 'export',
    ...made,
  };
  // What the runner would refuse (a step masked off its schema) is not saved: the page says why and saves frames.
  const read = scenarioSchema.safeParse(scenario);
  if (!read.success) return { why: 'unreadable', detail: read.error.issues[0]?.message };
  return { scenario, effects: events.length, answers, seconds };
}
