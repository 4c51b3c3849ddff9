import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { REALTIME_PATH } from '../../contracts/index.ts';
import type { TargetScreen } from './request-target.ts';

/** Close codes an endpoint may send; others (1005, 1006, 1015) end the other side without a close frame. */
const sendable = (code: number) => code === 1000 || (code >= 1001 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);

/**
 * The WebSocket of `--proxy`: each console socket on `/ws` gets its own socket to the real service (same query,
 * so the same session id), opened with the real service's own Origin, and frames are relayed verbatim both
 * ways. The frames stay encrypted end to end: the key belongs to the session the console and the real service
 * share, so the relay needs no key and changes nothing; it does not read them (docs/mock-and-qa-tools.md, "Record and replay").
 * Close codes pass both ways; a socket that ends without a close frame ends the other one the same way.
 */
export function relayWebSocket(server: http.Server, targetOrigin: string, log: (line: string) => void, screen: TargetScreen) {
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const target = new URL(targetOrigin);
  const wsOrigin = `${target.protocol === 'https:' ? 'wss:' : 'ws:'}//${target.host}`;

  function pipe(from: WebSocket, to: WebSocket) {
    const queued: [RawData, boolean][] = [];
    from.on('message', (data, isBinary) => {
      if (to.readyState === WebSocket.OPEN) to.send(data, { binary: isBinary });
      else queued.push([data, isBinary]);
    });
    to.on('open', () => queued.splice(0).forEach(([d, b]) => to.send(d, { binary: b })));
    from.on('close', (code, reason) => {
      if (to.readyState === WebSocket.CLOSED) return;
      if (sendable(code) && to.readyState === WebSocket.OPEN) to.close(code, reason);
      else to.terminate();
    });
    from.on('error', (e) => log(`proxy ws: ${e.message}`));
  }

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    // Addressed to another host, or a path stepping out of itself: refused, never relayed (./request-target.ts).
    if (screen.upgrade(req, socket)) return;
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== REALTIME_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (console) => {
      // The configured origin plus the checked path: nothing in the request can name another host.
      const upstream = new WebSocket(`${wsOrigin}${url.pathname}${url.search}`, { origin: target.origin, perMessageDeflate: false });
      pipe(console, upstream);
      pipe(upstream, console);
    });
  });

  return {
    shutdown() {
      for (const c of wss.clients) c.close(1001);
      wss.close();
    },
  };
}
