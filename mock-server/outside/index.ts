import type http from 'node:http';
import type { RequestHandler } from 'express';
import { createRecorder } from './record.ts';
import { createReplayer } from './replay.ts';
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

/**
 * Meeting a real service (docs/mock-and-qa-tools.md, "Record and replay"): in proxy mode a middleware before the body parsers
 * (raw bytes go on) and the WebSocket relay; in replay mode a middleware after the JSON parser. Null otherwise.
 */
export function createOutside(options: OutsideOptions | undefined, log: (line: string) => void) {
  if (!options?.proxy && !options?.replay) return null;
  if (options.proxy && options.replay) throw new Error('--proxy and --replay exclude each other');
  if (options.proxy) {
    if (!options.record) throw new Error('--proxy needs --record DIR (where the exchanges and the drift go)');
    const recorder = createRecorder({ target: options.proxy, dir: options.record, log });
    let relay: ReturnType<typeof relayWebSocket> | null = null;
    const proxy = options.proxy;
    return {
      recorder,
      beforeBodies: recorder.middleware as RequestHandler,
      afterBodies: null,
      attachWebSocket: (server: http.Server) => void (relay = relayWebSocket(server, proxy, log)),
      close: () => {
        relay?.shutdown();
        recorder.flush();
      },
    };
  }
  const replayer = createReplayer({ dir: options.replay!, unrecorded: options.unrecorded ?? 'mock' });
  return { recorder: null, beforeBodies: null, afterBodies: replayer.middleware as RequestHandler, attachWebSocket: null, close: () => {} };
}
