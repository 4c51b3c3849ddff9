import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import express, { type RequestHandler } from 'express';

/**
 * The built console served like a production static host (issue 25; decision
 * docs/decisions/2026-11-26-serving-and-caching.md):
 * - the build writes `<file>.br` / `<file>.gz` beside each asset (scripts/precompress.ts); the variant the
 *   browser accepts best (brotli before gzip at equal weight) is sent with `Content-Encoding`, and every file
 *   that has variants answers `Vary: Accept-Encoding`, whichever one was sent;
 * - Vite's hashed assets (`assets/<name>-<hash>.<ext>`: a new content is a new name) are cached for a year,
 *   `immutable`; `index.html` (and any html) is `no-cache` (revalidated with its ETag on every load, so a new
 *   build is seen at once); other files (logo, …) an hour;
 * - a variant is a representation of its base name, never a resource of its own: `/index.html.br` (any name
 *   ending `.br` or `.gz`) is not found. Served by its own name it went out as a plain download
 *   (`application/octet-stream`, no `Content-Encoding`), with none of its base file's headers or cache rules.
 */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_HTML = 'no-cache';
export const CACHE_OTHER = 'public, max-age=3600';

export type Encoding = 'br' | 'gzip';
const EXT: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
/** The names precompression writes (scripts/precompress.ts); the build writes no other file ending so. */
const VARIANT_NAME = /\.(?:br|gz)$/i;

/** Vite's output names under assets/ end in `-<hash>.<ext>` (8+ base64url characters). */
const HASHED = /^\/assets\/.+-[\w-]{8,}\.\w+$/;

export function cacheControlFor(urlPath: string): string {
  if (urlPath.endsWith('.html') || urlPath.endsWith('/')) return CACHE_HTML;
  return HASHED.test(urlPath) ? CACHE_IMMUTABLE : CACHE_OTHER;
}

/**
 * The best of `offered` for an `Accept-Encoding` header (RFC 9110 §12.5.3): the highest q > 0, `*` standing
 * for codings not named, brotli first on a tie; null for identity (no header, nothing offered accepted).
 */
export function pickEncoding(header: string | undefined, offered: readonly Encoding[]): Encoding | null {
  if (!header || offered.length === 0) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const enc of offered) {
    const q = weights.get(enc) ?? (enc === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
    if (q > bestQ) {
      best = enc;
      bestQ = q;
    }
  }
  return best;
}

function fileStat(file: string): fs.Stats | null {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

/** send's weak ETag (size and mtime): res.sendFile follows the app's `etag` setting, off for the API. */
const weakEtag = (stat: fs.Stats) => `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;

/** Serve `dir` at `/` (index.html for `/`), precompressed variants first. */
export function staticSite(dir: string): RequestHandler {
  const root = path.resolve(dir);
  const plain = express.static(root, {
    index: 'index.html',
    setHeaders: (res: http.ServerResponse, file: string) => {
      res.setHeader('Cache-Control', cacheControlFor('/' + path.relative(root, file).split(path.sep).join('/')));
    },
  });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (urlPath.endsWith('/')) urlPath += 'index.html';
    // Not found (the 404 of whatever follows): a variant is only reached through its base name.
    if (VARIANT_NAME.test(urlPath)) return next();
    const file = path.join(root, urlPath);
    // path.join resolves `..`: anything outside the folder (or a dot file) is express.static's to refuse.
    if (!file.startsWith(root + path.sep) || urlPath.split('/').some((s) => s.startsWith('.'))) return plain(req, res, next);
    // Stat per request (cheap, and a rebuild while the server runs is seen at once): the variants on disk.
    const variants = new Map<Encoding, fs.Stats>();
    for (const enc of ['br', 'gzip'] as const) {
      const stat = fileStat(file + EXT[enc]);
      if (stat) variants.set(enc, stat);
    }
    if (variants.size === 0 || !fileStat(file)) return plain(req, res, next);
    res.setHeader('Vary', 'Accept-Encoding');
    const enc = pickEncoding(req.get('accept-encoding'), [...variants.keys()]);
    if (!enc) return plain(req, res, next);
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', enc);
    res.setHeader('Cache-Control', cacheControlFor(urlPath));
    // Each encoding is its own representation with its own validator; send answers 304 against it.
    res.setHeader('ETag', weakEtag(variants.get(enc)!));
    res.sendFile(file + EXT[enc], { cacheControl: false, dotfiles: 'allow' }, (err) => {
      if (!err || res.headersSent) return;
      // Gone between the stat and the read (a rebuild): fall back to the plain file.
      for (const h of ['Content-Encoding', 'Content-Type', 'ETag']) res.removeHeader(h);
      plain(req, res, next);
    });
  };
}
