import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { createRecorder } from './record.ts';
import { createReplayer, type ReplayDeps } from './replay.ts';
import { createTargetScreen } from './request-target.ts';
import { relayWebSocket } from './ws-relay.ts';

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

/** What meeting a real service needs of the server it runs in. */
export interface OutsideDeps extends ReplayDeps {
  /** Origins the server accepts besides its own (MOCK_ALLOWED_ORIGINS): requests may name their hosts. */
  readonly allowedOrigins?: readonly string[];
}

/**
 * Meeting a real service (docs/mock-and-qa-tools.md, "Record and replay"): in both modes `screen` before Express (a
 * request addressed anywhere but to this server is refused: ./request-target.ts); in proxy mode a middleware before the
 * body parsers (raw bytes go on) and the WebSocket relay; in replay mode a middleware after the JSON parser, which
 * falls back on the mock through `deps`. Null otherwise.
 */
export function createOutside(options: OutsideOptions | undefined, log: (line: string) => void, deps?: OutsideDeps) {
  const problem = outsideProblem(options);
  if (problem) throw new OutsideOptionsError(problem);
  if (!options?.proxy && !options?.replay) return null;
  const screen = createTargetScreen(deps?.allowedOrigins);
  if (options.proxy) {
    const recorder = createRecorder({ target: options.proxy, dir: options.record!, log });
    let relay: ReturnType<typeof relayWebSocket> | null = null;
    const proxy = options.proxy;
    return {
      screen: screen.request,
      recorder,
      beforeBodies: recorder.middleware as RequestHandler,
      afterBodies: null,
      attachWebSocket: (server: http.Server) => void (relay = relayWebSocket(server, proxy, log, screen)),
      close: () => {
        relay?.shutdown();
        recorder.flush();
      },
    };
  }
  const replayer = createReplayer({ dir: options.replay!, unrecorded: options.unrecorded ?? 'mock', deps, log });
  return { screen: screen.request, recorder: null, beforeBodies: null, afterBodies: replayer.middleware as RequestHandler, attachWebSocket: null, close: () => {} };
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
