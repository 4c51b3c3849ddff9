import type { Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import type { ControlAnswer, HttpFaultKind } from '../../contracts/index.ts';
import { ApiError } from '../services/errors.ts';
import { CALL_DONE } from './state-gate.ts';

/** One pending fault of a call path (contracts/realtime/control.ts `http_fault`). */
export interface HttpFault {
  remaining: number;
  readonly status: number | null;
  readonly message: string;
  readonly delay_ms: number;
  readonly fault: HttpFaultKind | null;
  readonly after_call: boolean;
  readonly dribble: { readonly chunks: number; readonly total_ms: number } | null;
}

/** What the journal reads on an exchange a fault acted on (`res.locals[FAULT_NOTE]`). */
export const FAULT_NOTE = Symbol('http fault');
export type FaultNote = HttpFaultKind | 'dribble' | 'status' | 'delay';

/** Path of a call as the router looks it up: case-insensitive, an optional trailing slash. */
const callPathOf = (req: Request) => req.path.replace(/^\/+/, '').replace(/\/$/, '').toLowerCase();

/** A TCP reset where Node has it (resetAndDestroy, Node ≥ 16.17), else a plain close. */
function reset(socket: Socket | null) {
  if (!socket) return;
  const s = socket as Socket & { resetAndDestroy?: () => void };
  if (typeof s.resetAndDestroy === 'function') s.resetAndDestroy();
  else s.destroy();
}

/** An answer's body as JSON text: decompressed when the server compressed it (json-answer.ts). */
function plainBody(body: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === 'gzip') return gunzipSync(body);
    if (encoding === 'br') return brotliDecompressSync(body);
  } catch {
    // Not what it claims: leave the bytes as they are.
  }
  return body;
}

/**
 * Faults of HTTP calls, as a network has them (`POST /__control/http_fault`). The middleware sits in front of
 * every `/api` call. A fault before the call (status, reset, empty, no answer) never runs it; the others let the
 * call run and then spoil its answer, which is collected whole first (answers are pages; nothing streams
 * there but exports, and a fault on one is a QA choice). Held requests and trickling answers end when the
 * faults are cleared, on `reset` and when the server closes: nothing is left behind.
 */
export function createHttpFaults() {
  const faults = new Map<string, HttpFault>();
  /** Requests a `no_answer` fault holds, and answers being trickled: ended by `release`. */
  const open = new Set<{ res: Response; end: () => void }>();
  /** Requests waiting out a `delay_ms`: clearing the faults lets them go on at once. */
  const delays = new Set<() => void>();

  function track(res: Response, end: () => void) {
    const entry = { res, end };
    open.add(entry);
    res.once('close', () => open.delete(entry));
    return entry;
  }

  function hold(res: Response) {
    // Never answered: the client's own timeout ends it, or `release` closes the socket.
    track(res, () => res.socket?.destroy());
  }

  /** Send `body` with its real length in `chunks` pieces spread over `totalMs`. */
  function dribble(res: Response, write: (chunk: Buffer) => void, end: () => void, body: Buffer, chunks: number, totalMs: number) {
    res.setHeader('Content-Length', body.length);
    const size = Math.max(1, Math.ceil(body.length / chunks));
    const pieces: Buffer[] = [];
    for (let at = 0; at < body.length; at += size) pieces.push(body.subarray(at, at + size));
    const gap = pieces.length > 1 ? totalMs / (pieces.length - 1) : 0;
    let timer: NodeJS.Timeout | undefined;
    const entry = track(res, () => {
      clearTimeout(timer);
      res.socket?.destroy();
    });
    const next = (i: number) => {
      if (res.destroyed) return;
      write(pieces[i]!);
      if (i + 1 >= pieces.length) {
        open.delete(entry);
        end();
        return;
      }
      timer = setTimeout(() => next(i + 1), gap);
    };
    if (pieces.length === 0) {
      open.delete(entry);
      end();
    } else next(0);
  }

  /** Let the call run, collect its answer, then do `fault`'s part with it. */
  function spoilAnswer(res: Response, f: HttpFault) {
    const write = res.write.bind(res) as (chunk: Buffer) => boolean;
    const end = res.end.bind(res) as (chunk?: Buffer) => Response;
    const parts: Buffer[] = [];
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    };
    res.write = ((chunk: unknown, encoding?: unknown) => {
      collect(chunk, encoding);
      return true;
    }) as Response['write'];
    res.end = ((chunk?: unknown, encoding?: unknown) => {
      collect(chunk, encoding);
      // The call is done with the database, whatever the fault does with its answer now.
      ((res.locals as Record<symbol, unknown>)[CALL_DONE] as (() => void) | undefined)?.();
      res.write = write as Response['write'];
      res.end = end as Response['end'];
      const body = Buffer.concat(parts);
      switch (f.fault) {
        case 'connection_reset':
          reset(res.socket);
          break;
        case 'empty_response':
          res.socket?.destroy();
          break;
        case 'no_answer':
          hold(res);
          break;
        case 'truncated_body': {
          // The full length declared, half of it sent, then the connection ends: the client reads too few bytes.
          res.removeHeader('Transfer-Encoding');
          res.setHeader('Content-Length', body.length);
          const half = body.subarray(0, Math.max(0, Math.floor(body.length / 2)));
          write(half);
          const socket = res.socket;
          // After the bytes are on their way; `destroy` right away could drop them with the connection.
          setImmediate(() => socket?.destroy());
          break;
        }
        case 'malformed_body': {
          // The call's own answer, uncompressed and cut short: a complete HTTP answer whose JSON does not parse.
          const text = plainBody(body, res.getHeader('Content-Encoding') as string | undefined);
          const cut = text.subarray(0, Math.max(1, Math.floor(text.length / 2)));
          res.removeHeader('Content-Encoding');
          res.setHeader('Content-Length', cut.length);
          end(cut);
          break;
        }
        default:
          if (f.dribble) dribble(res, write, () => end(), body, f.dribble.chunks, f.dribble.total_ms);
          else end(body);
      }
      return res;
    }) as Response['end'];
  }

  const before = (f: HttpFault) => !f.after_call && (f.fault === 'connection_reset' || f.fault === 'empty_response' || f.fault === 'no_answer');

  return {
    add(path: string, f: Omit<HttpFault, 'remaining'> & { count: number }) {
      const { count, ...rest } = f;
      faults.set(path, { ...rest, remaining: count });
    },
    list(): ControlAnswer<'state'>['faults'] {
      return [...faults].map(([path, f]) => ({ path, ...f }));
    },
    /** Requests held or trickling now. */
    held: () => open.size,
    /** Forget pending faults and end what they hold (held requests, trickling answers). */
    clear() {
      faults.clear();
      for (const stop of [...delays]) {
        delays.delete(stop);
        stop();
      }
      for (const o of [...open]) {
        open.delete(o);
        o.end();
      }
    },

    /** Before the call router (and the upload route): apply a pending fault of `/api/<path>`. */
    async middleware(req: Request, res: Response, next: NextFunction) {
      const path = callPathOf(req);
      const f = faults.get(path);
      if (!f) return next();
      f.remaining -= 1;
      if (f.remaining <= 0) faults.delete(path);
      const note: FaultNote = f.fault ?? (f.status !== null ? 'status' : f.dribble ? 'dribble' : 'delay');
      (res.locals as Record<symbol, unknown>)[FAULT_NOTE] = note;
      if (f.delay_ms > 0) {
        // Clearing the faults ends the wait: the request goes on as if the fault had not been there.
        const cleared = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            delays.delete(stop);
            resolve(false);
          }, f.delay_ms);
          const stop = () => {
            clearTimeout(timer);
            resolve(true);
          };
          delays.add(stop);
          res.once('close', () => {
            delays.delete(stop);
            clearTimeout(timer);
          });
        });
        if (res.destroyed) return;
        if (cleared) return next();
      }
      if (f.status !== null) throw new ApiError(f.status, f.message);
      if (before(f)) {
        if (f.fault === 'connection_reset') reset(req.socket);
        else if (f.fault === 'empty_response') req.socket.destroy();
        else hold(res);
        return;
      }
      if (f.fault !== null || f.dribble !== null) spoilAnswer(res, f);
      next();
    },
  };
}
export type HttpFaults = ReturnType<typeof createHttpFaults>;
