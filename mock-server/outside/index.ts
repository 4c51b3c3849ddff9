import type http from 'node:http';
import type { RequestHandler } from 'express';
import { createRecorder } from './record.ts';
import { createReplayer, type ReplayDeps } from './replay.ts';
import { createTargetScreen } from './request-target.ts';
import { relayWebSocket } from './ws-relay.ts';
import { OutsideOptionsError, outsideProblem, type OutsideOptions } from './options.ts';

export { OutsideOptionsError, outsideProblem, type OutsideOptions };

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

