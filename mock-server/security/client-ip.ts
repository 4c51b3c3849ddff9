import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
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

/** `1.2.3.4:443` (one colon: IPv4 or a name with a port) and `[v6]` / `[v6]:443`: the address part. */
const IPV4_PORT = /^([^:]+):\d{1,5}$/;
const BRACKETED = /^\[([^\]]+)\](?::\d{1,5})?$/;

/**
 * One address text for every spelling a proxy or a socket gives: a port and brackets removed
 * (`203.0.113.5:443`, `[2001:db8::1]:443`), then read as contracts/ip-address.ts reads it (IPv4-mapped IPv6 is
 * the IPv4 address, IPv6 in RFC 5952 form). Null when it is no address at all.
 */
export function canonicalIp(text: string): string | null {
  const s = text.trim();
  const host = BRACKETED.exec(s)?.[1] ?? IPV4_PORT.exec(s)?.[1] ?? s;
  return parseIp(host)?.text ?? null;
}

/**
 * The client address of a raw request, canonical (`canonicalIp`): the last X-Forwarded-For entry when the
 * peer is loopback, else the peer. A forwarded entry that is no address (only a local process can send one:
 * the proxy in front always appends a real one) falls back to the peer, the one address known for sure.
 */
export function clientIpOf(req: IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? '';
  let forwarded: string | undefined;
  if (isLoopback(peer)) {
    const header = req.headers['x-forwarded-for'];
    const text = Array.isArray(header) ? header.join(',') : (header ?? '');
    forwarded = text.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
  }
  return (forwarded === undefined ? null : canonicalIp(forwarded)) ?? canonicalIp(peer) ?? peer;
}

/**
 * The edge: the client address is worked out once, first thing, and every later reader (`req.ip`: the black
 * lists, the throttles, the audit log, register/login IPs, checkout_ip, the visit path) gets the same canonical
 * text. Before, Express's own `req.ip` kept a forwarded port (`203.0.113.5:443`), which no list entry matched.
 */
export const clientAddress: RequestHandler = (req, _res, next) => {
  Object.defineProperty(req, 'ip', { value: clientIpOf(req), enumerable: true, configurable: true });
  next();
};
