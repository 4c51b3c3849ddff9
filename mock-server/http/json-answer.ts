import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { pickEncoding } from './static-site.ts';

/**
 * JSON answers of the API, compressed when large (issue 25; figures in
 * docs/decisions/2026-11-26-serving-and-caching.md). Below the threshold an answer fits in a packet or two
 * and compressing it costs more CPU than the bytes it saves. Above it, gzip at level 1 — preferred on a tie
 * because its per-call cost is the lowest (brotli allocates its window state on every call: ~40 µs before
 * the first byte) — shrinks the administrator's menu (33 KB) ten-fold for well under 0.1 ms of CPU; a client
 * that prefers brotli by weight gets brotli quality 1. Synchronous on purpose: the work is small and bounded
 * (answers are pages), and a thread-pool hand-off costs about as much.
 */
export const COMPRESS_MIN_BYTES = 2048;
const BROTLI_FAST = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
/** Offered in this order: the first wins when the client weighs both the same. */
const OFFERED = ['gzip', 'br'] as const;

export function sendJson(req: Request, res: Response, payload: unknown): void {
  const text = JSON.stringify(payload);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  // Length in UTF-16 units: a lower bound of the bytes, good enough for a threshold.
  if (text.length < COMPRESS_MIN_BYTES) {
    end(res, text);
    return;
  }
  res.setHeader('Vary', 'Accept-Encoding');
  const enc = pickEncoding(req.get('accept-encoding'), OFFERED);
  if (!enc) {
    end(res, text);
    return;
  }
  res.setHeader('Content-Encoding', enc);
  end(res, enc === 'br' ? brotliCompressSync(text, BROTLI_FAST) : gzipSync(text, { level: 1 }));
}

/**
 * The answer written as Express's `res.send` would for a POST with a JSON type already set (no ETag: app.ts
 * turns it off; a POST is never "fresh"; the status stays 200), without its per-answer work: parsing and
 * re-formatting the Content-Type to add the charset already there, and copying the text into a Buffer.
 */
function end(res: Response, body: string | Buffer): void {
  res.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  res.end(body);
}
