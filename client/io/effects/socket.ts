import { REALTIME_PATH, REALTIME_SID_PARAM } from '../../../contracts/index.ts';

/** What a socket tells its owner. `data` is the wire text (base64 AES-GCM, see contracts/realtime/codec.ts). */
export type SocketEvent =
  | { readonly kind: 'open' }
  | { readonly kind: 'message'; readonly data: string }
  | { readonly kind: 'close'; readonly code: number; readonly reason: string }
  | { readonly kind: 'error' };

/**
 * The part of a WebSocket the real-time saga uses. `subscribe` returns its unsubscribe (the channel factory
 * in features/realtime closes over it); closing the socket is a separate, explicit act of the saga.
 */
export interface RealtimeSocket {
  send(data: string): void;
  close(code: number, reason?: string): void;
  subscribe(listener: (event: SocketEvent) => void): () => void;
}

/** Opens a socket for the session whose fingerprint is `sid` (`realtimeSessionId(realtime_key)`). */
export type SocketFactory = (sid: string) => RealtimeSocket;

/** The socket URL on the page's own origin: `ws(s)://<host>/ws?sid=…` (the dev server proxies /ws). */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>, sid: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${REALTIME_PATH}?${REALTIME_SID_PARAM}=${encodeURIComponent(sid)}`;
}

/** Anything shaped like the WHATWG WebSocket (the browser's, or `ws` in Node scripts). */
export interface WebSocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'error', fn: () => void): void;
  addEventListener(type: 'message', fn: (e: { data: unknown }) => void): void;
  addEventListener(type: 'close', fn: (e: { code: number; reason: string }) => void): void;
  removeEventListener(type: string, fn: (e: never) => void): void;
}

/** Adapt a WHATWG-style WebSocket to `RealtimeSocket`. Binary messages are not part of the protocol: dropped. */
export function adaptWebSocket(ws: WebSocketLike): RealtimeSocket {
  return {
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    subscribe(listener) {
      const onOpen = () => listener({ kind: 'open' });
      const onError = () => listener({ kind: 'error' });
      const onMessage = (e: { data: unknown }) => {
        if (typeof e.data === 'string') listener({ kind: 'message', data: e.data });
      };
      const onClose = (e: { code: number; reason: string }) => listener({ kind: 'close', code: e.code, reason: e.reason });
      ws.addEventListener('open', onOpen);
      ws.addEventListener('error', onError);
      ws.addEventListener('message', onMessage);
      ws.addEventListener('close', onClose);
      return () => {
        ws.removeEventListener('open', onOpen);
        ws.removeEventListener('error', onError);
        ws.removeEventListener('message', onMessage);
        ws.removeEventListener('close', onClose);
      };
    },
  };
}

/** The browser's factory, or null when there is no WebSocket (spec §8 then shows its message). */
export function browserSocketFactory(): SocketFactory | null {
  if (typeof globalThis.WebSocket !== 'function') return null;
  return (sid) => adaptWebSocket(new WebSocket(socketUrl(globalThis.location, sid)) as unknown as WebSocketLike);
}
