import type { JournalEntry } from '../../contracts/index.ts';
import type { CockpitAction, Row } from '../timeline/rows.ts';
import { control } from './control.ts';

/** Rows the cockpit keeps at most (the oldest leave first); the journal itself keeps 5000 by default. */
export const MAX_ROWS = 20_000;
/** How long one long poll waits for a new entry (the journal's `wait_ms`, at most 30 s). */
const WAIT_MS = 10_000;
/** Entries asked for per poll: a burst larger than this is read in several polls. */
const PAGE = 2_000;

/**
 * `held` followed by `added`, with the console's effects among the lines of their time: the Debug recorder sends
 * them about a second late, stamped with the console's clock, so each goes before the first later line (searched
 * from the end: only the last seconds move). The other lines keep the journal's order.
 */
export function inTimeOrder(held: readonly Row[], added: readonly Row[]): Row[] {
  const effects = added.filter((r) => r.kind === 'effect').sort((a, b) => a.at_ms - b.at_ms);
  const others = added.filter((r) => r.kind !== 'effect');
  const from = effects[0]!.at_ms;
  let k = held.length;
  while (k > 0 && held[k - 1]!.at_ms > from) k -= 1;
  const tail = [...held.slice(k), ...others];
  const merged: Row[] = held.slice(0, k);
  let e = 0;
  for (const r of tail) {
    while (e < effects.length && effects[e]!.at_ms < r.at_ms) merged.push(effects[e++]!);
    merged.push(r);
  }
  while (e < effects.length) merged.push(effects[e++]!);
  return merged;
}

export type FeedStatus = { readonly state: 'starting' } | { readonly state: 'live' } | { readonly state: 'offline'; readonly reason: string };

/**
 * The live time line's source: the whole journal once (lines only, no bodies), then a long poll on `after_seq`
 * for what comes next (docs/decisions/2026-11-29-journal.md), with the cockpit's own actions merged in as they
 * happen. React reads it through `useSyncExternalStore` (`subscribe` + `version`); `rows` is replaced, never
 * mutated, so a render sees one consistent list.
 */
export class JournalFeed {
  rows: readonly Row[] = [];
  status: FeedStatus = { state: 'starting' };
  version = 0;
  private after = 0;
  private actionId = 0;
  private listeners = new Set<() => void>();
  private abort = new AbortController();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getVersion = () => this.version;

  private changed() {
    this.version++;
    for (const l of this.listeners) l();
  }

  private append(rows: readonly Row[]) {
    if (!rows.length) return;
    const next = rows.some((r) => r.kind === 'effect') ? inTimeOrder(this.rows, rows) : this.rows.concat(rows);
    this.rows = next.length > MAX_ROWS ? next.slice(next.length - MAX_ROWS) : next;
  }

  /** Note something the cockpit did, at the end of the time line. */
  addAction(summary: string, ok: boolean): CockpitAction {
    const action: CockpitAction = { kind: 'action', id: ++this.actionId, at_ms: Date.now(), summary, ok };
    this.append([action]);
    this.changed();
    return action;
  }

  /** The journal was cleared: its entries leave the time line (the cockpit's actions stay). */
  cleared() {
    this.rows = this.rows.filter((r) => r.kind === 'action');
    this.changed();
  }

  /** Read the journal, then follow it until `stop`. */
  async start(): Promise<void> {
    const signal = this.abort.signal;
    let first = true;
    while (!signal.aborted) {
      const answer = await control(
        'journal',
        first ? { detail: false, limit: 10_000 } : { detail: false, after_seq: this.after, wait_ms: WAIT_MS, limit: PAGE },
        { signal },
      ).catch(() => null);
      if (!answer || signal.aborted) return;
      if (!answer.ok) {
        this.status = { state: 'offline', reason: answer.message };
        this.changed();
        // The mock restarts (tsx watch) or is gone for a moment: ask again shortly, never in a tight loop.
        await new Promise((r) => setTimeout(r, 1_000));
        continue;
      }
      const entries: readonly JournalEntry[] = answer.data.entries;
      if (first) this.after = answer.data.last_seq;
      else if (entries.length) this.after = entries[entries.length - 1]!.seq;
      first = false;
      this.append(entries);
      this.status = { state: 'live' };
      this.changed();
    }
  }

  stop() {
    this.abort.abort();
  }
}
