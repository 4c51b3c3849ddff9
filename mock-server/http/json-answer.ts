import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { pickEncoding } from './static-site.ts';

/**
 * JSON answers of the API, compressed when large (issue 25; figures and the choice of threshold and levels in
 * docs/decisions/2026-11-26-serving-and-caching.md). Below the threshold an answer fits in a packet or two and
 * compressing it costs more CPU than the bytes it saves; above it, brotli at quality 4 (or gzip 6 for a
 * client without brotli) shrinks list pages 5–10× for tens of microseconds. Synchronous on purpose: the
 * work is small and bounded (answers are pages), and the thread pool's hand-off costs about as much.
 */
export const COMPRESS_MIN_BYTES = 2048;
const BROTLI_DYNAMIC = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
const OFFERED = ['br', 'gzip'] as const;

export function sendJson(req: Request, res: Response, payload: unknown): void {
  const text = JSON.stringify(payload);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  // Length in UTF-16 units: a lower bound of the bytes, good enough for a threshold.
  if (text.length < COMPRESS_MIN_BYTES) {
    res.send(text);
    return;
  }
  res.setHeader('Vary', 'Accept-Encoding');
  const enc = pickEncoding(req.get('accept-encoding'), OFFERED);
  if (!enc) {
    res.send(text);
    return;
  }
  res.setHeader('Content-Encoding', enc);
  res.send(enc === 'br' ? brotliCompressSync(text, BROTLI_DYNAMIC) : gzipSync(text, { level: 6 }));
}
