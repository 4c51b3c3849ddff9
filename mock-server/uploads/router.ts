import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  API_PREFIX,
  fileAdd,
  UPLOAD_MIME,
  UPLOAD_URL_PREFIX,
  type UploadedFile,
  type UploadType,
} from '../../contracts/index.ts';
import { notFound } from '../services/errors.ts';
import { authenticate } from '../http/router.ts';
import { checkAccess } from '../services/call-checks.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Services } from '../compose.ts';
import { readUploadLimits } from './config.ts';
import { receiveUpload, urlOfUpload } from './receive.ts';

/** Stored names: 128 random bits in hex and the kind's extension (never anything a client chose). */
const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|webp|gif)$/;

/**
 * Uploads are people's content, and whether a file may still be shown can change (it is replaced, taken down,
 * its owner removed): so no shared cache (a proxy or CDN would keep serving it, and nothing here can purge
 * them), and the browser's own copy is revalidated on each use against the ETag (a 304 of a few hundred
 * bytes), so a file that is gone is gone at the next load. Not `immutable` for a year, as before.
 */
export const UPLOAD_CACHE = 'private, no-cache';

/** How much of a refused upload is read and dropped so its answer arrives (more is an abuse: closed at once). */
export const DRAIN_MAX_BYTES = 128 * 1024 * 1024;
/** How long a refused upload may keep sending before the connection is closed anyway. */
export const DRAIN_MAX_MS = 30_000;

/**
 * Read what is left of a request's body and drop it, up to DRAIN_MAX_BYTES (a declared length beyond it is
 * not waited for) and DRAIN_MAX_MS: the answer sent afterwards is read by the client before the close.
 */
export function drainRequest(req: Request): Promise<void> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (req.readableEnded || req.destroyed || declared > DRAIN_MAX_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', count);
      req.off('end', done);
      req.off('close', done);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_MAX_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MAX_MS);
    req.on('data', count);
    req.once('end', done);
    req.once('close', done);
    req.resume();
  });
}

/** Served files cannot run anything even if a browser were talked into rendering one as a document. */
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * `POST /api/file/add` for multipart bodies (anything else falls through to the JSON call router, which
 * refuses it) and `GET /uploads/<name>`. Files go to `dir` (next to the database; see app.ts), under a random
 * name, recorded in `files`; a refused upload leaves no file and no row. Mounted before the JSON body parser.
 */
export function createUploadRouter(services: Services, dir: string): express.Router {
  fs.mkdirSync(dir, { recursive: true });
  const router = express.Router();
  const insert = services.db.prepare(
    'INSERT INTO files (user_id, name, type, size, sha256, create_time) VALUES (?, ?, ?, ?, ?, ?)',
  );

  router.post(`${API_PREFIX}${fileAdd.path}`, async (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) return next();
    // A refusal may come before the body is read: close the connection rather than read the rest of it.
    res.set('Connection', 'close');
    const { user } = authenticate(services, req);
    checkAccess(services, fileAdd, user);
    const received = await receiveUpload(req, dir, readUploadLimits(services.db)).catch(async (refusal: unknown) => {
      // Read the rest of the body before answering: a socket closed with the upload still arriving is reset,
      // and a reset loses the answer, so the browser would say "cannot reach the server" instead of 413's sentence.
      await drainRequest(req);
      throw refusal;
    });
    const finalPath = path.join(dir, received.name);
    try {
      fs.renameSync(received.tmpPath, finalPath);
      insert.run(
        user!.id,
        received.name,
        received.type,
        received.size,
        received.sha256,
        formatDateTime(services.clock.now()),
      );
    } catch (e) {
      fs.rmSync(received.tmpPath, { force: true });
      fs.rmSync(finalPath, { force: true });
      throw e;
    }
    res.removeHeader('Connection');
    const data: UploadedFile = {
      url: urlOfUpload(received.name),
      name: received.name,
      size: received.size,
      type: received.type,
      mime: received.mime,
    };
    res.json({ status: true, data });
  });

  const byName = services.db.prepare<[string], { type: UploadType; size: number; sha256: string }>(
    'SELECT type, size, sha256 FROM files WHERE name = ?',
  );
  router.get(`${UPLOAD_URL_PREFIX}:name`, (req: Request, res: Response) => {
    const name = String(req.params.name);
    const row = STORED_NAME.test(name) ? byName.get(name) : undefined;
    const file = path.join(dir, name);
    if (!row || !fs.existsSync(file)) throw notFound();
    res.set({
      'Content-Security-Policy': FILE_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': UPLOAD_CACHE,
      // The content's own hash: a stored name never gets other bytes, so the validator is strong.
      ETag: `"${row.sha256}"`,
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
    // A copy the browser holds is confirmed in a few bytes (If-None-Match → 304).
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.set({ 'Content-Type': UPLOAD_MIME[row.type], 'Content-Length': String(row.size), 'Content-Disposition': 'inline' });
    fs.createReadStream(file).pipe(res);
  });
  return router;
}
