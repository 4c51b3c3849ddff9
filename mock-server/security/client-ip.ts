import type { IncomingMessage } from 'node:http';
import { parseIp } from '../../contracts/index.ts';

/**
 * Whose address a request is (issue 20). `X-Forwarded-For` counts for exactly one hop, and only when the
 * socket's peer is loopback: under `npm run dev` that peer is Vite's proxy, which appends the browser's address
 * (`xfwd`), so the LAST entry is the client; whatever the client itself put earlier in the header is ignored.
 * Anything else is the socket's own address. Express uses the same rule (`trustOneLoopbackHop` as `trust proxy`).
 */
export const isLoopback = (addr: string | undefined): boolean => {
  // Express asks on every `req.ip`: the socket's usual spellings answer without parsing.
  if (!addr) return false;
  if (addr.startsWith('127.') || addr.startsWith('::ffff:127.') || addr === '::1') return true;
  if (/^(?:::ffff:)?\d{1,3}(?:\.\d{1,3}){3}$/.test(addr)) return false;
  const ip = parseIp(addr);
  return !!ip && (ip.version === 4 ? ip.bytes[12] === 127 : ip.text === '::1');
};

/** Express `trust proxy`: trust the socket's peer (hop 0) when it is loopback, nothing beyond. */
export const trustOneLoopbackHop = (addr: string, hop: number): boolean => hop === 0 && isLoopback(addr);

/** The client address of a raw request (the WebSocket upgrade has no Express `req.ip`). */
export function clientIpOf(req: IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? '';
  if (!isLoopback(peer)) return peer;
  const forwarded = req.headers['x-forwarded-for'];
  const text = Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '');
  const last = text.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
  return last ?? peer;
}
