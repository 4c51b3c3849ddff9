import { checkFrameData, Direction, FRAME_TYPE_CODES, type JournalEntry } from '../../contracts/index.ts';
import type { Scenario, ScenarioStep } from '../../contracts/scenario.ts';
import { timelineSteps } from '../../client/features/debug/export-scenario.ts';
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
