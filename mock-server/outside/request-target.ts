import http from 'node:http';
import os from 'node:os';
import type { Duplex } from 'node:stream';
import { pickLocale, translate } from '../../contracts/index.ts';
import { ApiError, badRequest } from '../services/errors.ts';
import { isLoopback } from '../security/client-ip.ts';

/**
 * The recording proxy and the replay answer only requests addressed to themselves, in origin form (`/api/…`): a
 * request line in absolute form naming another host (`POST http://other/api/… HTTP/1.1`), a Host header naming
 * another host, a target starting with `//`, or a path that steps out of itself (`..`, `%2e%2e`, an encoded `/` or
 * `\`) is refused before anything reads it, so it is never passed on, recorded or replayed. An absolute-form target
 * naming this server is taken as its path (HTTP/1.1 servers must accept that form).
 */

/** The address a request came in on, and the names it may call this server by besides the usual ones. */
export interface LocalEnd {
  readonly address: string;
  readonly port: number;
  /** Further `host[:port]` names this server answers to (the hosts of MOCK_ALLOWED_ORIGINS), lower case. */
  readonly names?: readonly string[];
}

const MAX_SHOWN = 200;
const shown = (s: string) => (s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN)}…` : s);

/** 421 Misdirected Request: the request names a host this server is not. */
const elsewhere = (asked: string, local: LocalEnd) =>
  new ApiError(421, 'errors.request_elsewhere', { host: `127.0.0.1:${local.port}`, asked: shown(asked) });

/**
 * The host names this server answers to on `local`: loopback names, the address it was reached on, the machine's
 * name (also with a domain after it), each with the listening port, and the configured further names as given.
 */
function isOwnHost(authority: string, local: LocalEnd): boolean {
  const asked = authority.trim().toLowerCase();
  if (local.names?.includes(asked)) return true;
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(asked);
  if (!m) return false;
  const name = m[1]!.replace(/^\[|\]$/g, '');
  const port = m[2] === undefined ? 80 : Number(m[2]);
  if (port !== local.port) return false;
  const localAddress = local.address.replace(/^::ffff:/, '');
  const machine = os.hostname().toLowerCase();
  return name === 'localhost' || isLoopback(name) || name === localAddress || name === machine || name.startsWith(`${machine}.`);
}

/** Why a path (the part before `?`) is refused, or null. Checked on the raw text, before any decoding elsewhere. */
function pathProblem(rawPath: string): ApiError | null {
  const path = { path: shown(rawPath) };
  if (rawPath.startsWith('//')) return badRequest('errors.request_path_scheme_relative', path);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\x00-\x1f\x7f]/.test(rawPath)) return badRequest('errors.request_path_malformed', path);
  if (rawPath.includes('\\')) return badRequest('errors.request_path_encoded_separator', path);
  for (const m of rawPath.matchAll(/%(.{0,2})/g)) {
    if (!/^[0-9a-f]{2}$/i.test(m[1]!)) return badRequest('errors.request_path_malformed', path);
    const code = parseInt(m[1]!, 16);
    if (code === 0x2f || code === 0x5c) return badRequest('errors.request_path_encoded_separator', path);
    if (code < 0x20 || code === 0x7f) return badRequest('errors.request_path_malformed', path);
  }
  for (const segment of rawPath.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return badRequest('errors.request_path_malformed', path);
    }
    if (decoded === '.' || decoded === '..') return badRequest('errors.request_path_dot_segment', path);
  }
  return null;
}

/**
 * The origin-form target (`/path?query`) of a request to this server, or the refusal. `rawTarget`: the request
 * line's target as sent (Node's `req.url`); `host`: the Host header.
 */
export function originFormOf(rawTarget: string, host: string | undefined, local: LocalEnd): { target: string } | { refused: ApiError } {
  let target = rawTarget;
  if (!target.startsWith('/')) {
    // Absolute form (`http://host/path`), or anything else that is not a path. Read as sent: a URL parser would
    // normalise the path (and hide a `..`) and lower-case the host.
    const m = /^(https?):\/\/([^/?#]*)(.*)$/i.exec(target);
    if (!m) return { refused: badRequest('errors.request_path_malformed', { path: shown(rawTarget) }) };
    const authority = m[2]!;
    if (authority.includes('@') || !isOwnHost(authority, local)) return { refused: elsewhere(`${m[1]}://${authority}`, local) };
    target = m[3]!.startsWith('/') ? m[3]! : `/${m[3]}`;
  }
  if (host !== undefined && !isOwnHost(host, local)) return { refused: elsewhere(host, local) };
  const problem = pathProblem(target.split('?')[0]!);
  return problem ? { refused: problem } : { target };
}

const localOf = (req: http.IncomingMessage, names: readonly string[]): LocalEnd => ({ address: req.socket.localAddress ?? '', port: req.socket.localPort ?? 0, names });

/** The refusal as the one error handler would word it, in the caller's language. */
function refusalBody(req: http.IncomingMessage, refused: ApiError): string {
  const lang = pickLocale(req.headers['accept-language']);
  return JSON.stringify({ status: false, message: translate(refused.message, lang, refused.vars), key: refused.message, params: refused.vars });
}

/**
 * Screens a request before Express sees it (Express's router keeps the absolute form's scheme and host apart and
 * would put them back in front of a rewritten path): answers the refusal and returns true, or puts an
 * absolute-form target to this server into origin form and returns false.
 */
function screenRequest(req: http.IncomingMessage, res: http.ServerResponse, names: readonly string[]): boolean {
  const found = originFormOf(req.url ?? '/', req.headers.host, localOf(req, names));
  if (!('refused' in found)) {
    req.url = found.target;
    return false;
  }
  const body = refusalBody(req, found.refused);
  res.writeHead(found.refused.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
  res.end(body);
  return true;
}

/** The same for a WebSocket upgrade: answers the refusal on the socket and returns true, or false to go on. */
function screenUpgrade(req: http.IncomingMessage, socket: Duplex, names: readonly string[]): boolean {
  const found = originFormOf(req.url ?? '/', req.headers.host, localOf(req, names));
  if (!('refused' in found)) {
    req.url = found.target;
    return false;
  }
  const body = refusalBody(req, found.refused);
  socket.end(
    `HTTP/1.1 ${found.refused.status} ${http.STATUS_CODES[found.refused.status] ?? 'Refused'}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  return true;
}

/**
 * The screen of one server: `request` and `upgrade` answer a refusal and return true, or return false to go on.
 * `allowedOrigins`: the extra origins the server accepts (MOCK_ALLOWED_ORIGINS); their hosts are its names too.
 */
export function createTargetScreen(allowedOrigins: readonly string[] = []) {
  const names = allowedOrigins.flatMap((o) => {
    try {
      return [new URL(o).host.toLowerCase()];
    } catch {
      return [];
    }
  });
  return {
    request: (req: http.IncomingMessage, res: http.ServerResponse) => screenRequest(req, res, names),
    upgrade: (req: http.IncomingMessage, socket: Duplex) => screenUpgrade(req, socket, names),
  };
}
export type TargetScreen = ReturnType<typeof createTargetScreen>;
