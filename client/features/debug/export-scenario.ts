import type { Scenario, ScenarioStep } from '../../../contracts/scenario.ts';
import type { Recorded, Recorder } from './effects/recorder.ts';

/**
 * DEV ONLY. The recorder's last `windowMs` as a QA scenario (contracts/scenario.ts):
 * - every HTTP answer the replayed sagas got is queued first (per path, in call order), held: its arrival is a
 *   step of the timeline (`{ answer: path }`) where it came back, so what the console did on an answer falls
 *   between the same events as it did live (a call still waiting at the export waits in the replay too);
 * - inputs become timeline steps at their time since the recording started (`advanceTo`, then the event);
 * - before each input, an `expect` with the exact counts of the outputs since the previous one.
 * The fake server is put on `hold` with pongs and login acks off: every socket event comes from the recording.
 *
 * Exact when the window reaches back to the console's start (the usual case: reload, reproduce, export).
 * A trimmed window starts mid-session, so the timeline is kept but the expectations are left out (the
 * loops' phases differ); the description says so. The console's loops keep to grids anchored at recorded
 * events (state/sagas/cadence.ts), so a long session's pings and polls fall where the replay puts them (a tick
 * whose timer fired late is recorded at the instant it was due); outputs are checked by counts between inputs
 * rather than by their exact millisecond.
 */
export function exportScenario(recorder: Recorder, windowMs: number, name: string): Scenario {
  const now = recorder.now();
  const from = Math.max(recorder.startedAt, now - windowMs);
  const trimmed = from > recorder.startedAt;
  const made = sessionScenario({
    events: recorder.events().filter((e) => e.t >= from),
    from,
    end: now,
    trimmed,
    initialRoute: recorder.initialRoute,
    draws: recorder.randomDraws(),
    webSocket: recorder.effects.openSocket !== null,
  });
  return {
    name,
    description: trimmed
      ? `Exported from the debug menu: the last ${Math.round(windowMs / 60_000)} minutes, starting mid-session (the recording began earlier), so only the timeline is kept; add the expected effects.`
      : `Exported from the debug menu: ${Math.round((now - from) / 1000)} s since the console started, replayed with the recorded answers, socket events and random draws; the effects must happen again in the same counts between events.`,
    source: 'export',
    ...made,
  };
}

/** A console's recorded events from `from` to `end` (ms on its clock), and what its replay needs besides. */
export interface SessionRecording {
  readonly events: readonly Recorded[];
  readonly from: number;
  readonly end: number;
  /** The window starts after the console did: the timeline only, no expectations (the loops' phases differ). */
  readonly trimmed: boolean;
  /** The console's route when it started. */
  readonly initialRoute: string;
  readonly draws: readonly number[];
  /** The browser had WebSocket. */
  readonly webSocket: boolean;
}

/**
 * A recorded console session as a scenario's config and steps: the Debug export's, and the QA cockpit's "Save as
 * scenario" when the span holds a development console's effects from its start (cockpit/keep/journal-scenario.ts).
 */
export function sessionScenario(rec: SessionRecording): Pick<Scenario, 'config' | 'steps'> {
  const steps = timelineSteps(rec.events, rec.from, rec.end, !rec.trimmed);
  return {
    config: {
      route: rec.trimmed ? '/' : rec.initialRoute || '/',
      ...(rec.draws.length && !rec.trimmed ? { random: rec.draws.map((r) => Math.min(r, 0.999999)) } : {}),
      ...(rec.webSocket ? {} : { webSocket: false }),
      server: { state: 'hold', login: 'ignore', pong: false },
    },
    steps: steps.length ? steps : [{ expect: { counts: {} } }],
  };
}

/**
 * Recorded events as the steps of a scenario's timeline, from `from` to `end` (ms on the recording's clock): the
 * held answers first, each input at its time since `from` (`advanceTo`, then the event), and when `counted` an
 * `expect` of the exact outputs between inputs. The debug menu's export and the QA cockpit's "Save as scenario"
 * (cockpit/keep/journal-scenario.ts, inputs made from the mock's journal) both write their timelines with it.
 */
export function timelineSteps(events: readonly Recorded[], from: number, end: number, counted: boolean): ScenarioStep[] {
  const answers: ScenarioStep[] = [];
  for (const e of events) {
    if ('output' in e && e.path) answers.push({ http: { path: e.path, ...((e.answer ?? { fail: 0 }) as { data?: never; fail?: number; message?: string }), held: true } });
  }

  const steps: ScenarioStep[] = [...answers];
  let counts: Record<string, number> = {};
  let cursor = 0;
  const flush = () => {
    if (counted) steps.push({ expect: { counts } });
    counts = {};
  };
  const moveTo = (e: Recorded) => {
    const at = e.t - from;
    if (at > cursor) {
      steps.push({ advanceTo: at });
      cursor = at;
    }
  };
  for (const e of events) {
    if ('output' in e) {
      counts[e.output] = (counts[e.output] ?? 0) + 1;
      continue;
    }
    moveTo(e);
    flush();
    steps.push(e.input);
  }
  if (end - from > cursor) steps.push({ advanceTo: end - from });
  flush();
  return steps;
}
