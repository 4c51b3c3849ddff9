import fs from 'node:fs';
import path from 'node:path';

/*
 * The record/replay flags and their checks, apart from the recorder and the replayer: `npm run mock` checks its
 * flags before it loads the server, and a refusal should not load the HTTP stack first (mock-server/main.ts).
 */

export interface OutsideOptions {
  /** Origin of the real service (`http://host:port`): `/api/*` and `/ws` go there. Needs `record`. */
  readonly proxy?: string;
  /** Folder the proxied exchanges and the drift summary are written to. */
  readonly record?: string;
  /** Folder of a recording to answer from. */
  readonly replay?: string;
  /** A call the recording lacks: the mock answers it (`mock`, default) or 501. */
  readonly unrecorded?: 'mock' | '501';
}

/** Options that do not make a command (`npm run mock` prints the message and stops, no stack trace). */
export class OutsideOptionsError extends Error {}

/** What is wrong with the record/replay options, in one sentence naming the flag, or null. */
export function outsideProblem(options: OutsideOptions | undefined): string | null {
  if (!options) return null;
  const { proxy, record, replay, unrecorded } = options;
  if (proxy !== undefined && replay !== undefined) return '--proxy and --replay exclude each other: record with --proxy URL --record DIR, then replay with --replay DIR';
  if (proxy !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(proxy);
    } catch {
      /* reported below */
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
      return `--proxy wants the real service's origin, such as https://console.example.com (no path, query or credentials), not "${proxy}"`;
    if (!record) return '--proxy needs --record DIR (where the exchanges and the drift go)';
  }
  if (record !== undefined && proxy === undefined) return '--record DIR goes with --proxy URL (what to record)';
  if (replay !== undefined && !fs.existsSync(path.join(replay, 'calls'))) return `--replay ${replay}: no recording there (calls/ is missing; make one with --proxy URL --record ${replay})`;
  if (unrecorded !== undefined && replay === undefined) return '--unrecorded goes with --replay DIR';
  if (unrecorded !== undefined && unrecorded !== 'mock' && unrecorded !== '501') return `--unrecorded must be mock or 501, not "${String(unrecorded)}"`;
  return null;
}
