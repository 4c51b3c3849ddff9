import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';
import busboy from 'busboy';
import { UPLOAD_FIELD, UPLOAD_MIME, UPLOAD_URL_PREFIX, type UploadedFile } from '../../contracts/index.ts';
import { ApiError, badRequest } from '../services/errors.ts';
import type { UploadLimits } from './config.ts';
import { EXTENSION, sniffImage, SNIFF_BYTES } from './sniff.ts';

/** A received file, still under its temporary name, not yet recorded. */
export interface Received extends Omit<UploadedFile, 'url'> {
  tmpPath: string;
  sha256: string;
}

const refuse = (status: number, key: string) => new ApiError(status, key, { field: UPLOAD_FIELD });

/**
 * Stream one multipart upload into `dir` under a temporary name: exactly one file, in the field `file`,
 * stopped at limit + 1 byte (413 'File upload limit exceeded'), refused when empty or when its first bytes
 * are not an allowed image kind. The client's file name is never used. Nothing is left on disk on refusal.
 */
export function receiveUpload(req: Request, dir: string, limits: UploadLimits): Promise<Received> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        preservePath: true,
        limits: { files: 1, fileSize: limits.sizeLimit + 1, fields: 20, fieldSize: 4096, parts: 21 },
      });
    } catch {
      reject(badRequest('errors.upload_multipart', { field: UPLOAD_FIELD }));
      return;
    }
    // busboy signals 'limit' on reaching fileSize, so limit + 1: a file of exactly the limit passes, and
    // reading stops at the first byte over it.
    let settled = false;
    let file: {
      tmpPath: string;
      stream: NodeJS.ReadableStream;
      out: fs.WriteStream;
      size: number;
      head: Buffer[];
      hash: ReturnType<typeof createHash>;
      written: Promise<void>;
    } | null = null;

    const fail = (error: ApiError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      if (file) {
        const { stream, out, tmpPath } = file;
        // Stop feeding the temporary file before closing it (a write after destroy would be an error).
        stream.unpipe(out);
        stream.resume();
        const remove = () => fs.rm(tmpPath, { force: true }, () => {});
        if (out.closed) remove();
        else {
          out.once('close', remove);
          out.destroy();
        }
      }
      reject(error);
    };

    parser.on('file', (name, stream, info) => {
      if (name !== UPLOAD_FIELD || file) {
        stream.resume();
        fail(badRequest(file ? 'errors.upload_one_file' : 'errors.upload_no_file', { field: UPLOAD_FIELD }));
        return;
      }
      // The name is only checked, never used: a path or a control character in it is refused outright.
      if (!isPlainFileName(info.filename)) {
        stream.resume();
        fail(badRequest('errors.upload_file_name', { field: UPLOAD_FIELD }));
        return;
      }
      const tmpPath = path.join(dir, `.part-${randomBytes(12).toString('hex')}`);
      const out = fs.createWriteStream(tmpPath, { flags: 'wx', mode: 0o600 });
      const written = new Promise<void>((done, failed) => {
        out.once('finish', done);
        out.on('error', failed);
      });
      // Destroying the stream on a refusal rejects this with nobody waiting: that is expected, not an error.
      written.catch(() => {});
      file = { tmpPath, stream, out, size: 0, head: [], hash: createHash('sha256'), written };
      const current = file;
      stream.on('data', (chunk: Buffer) => {
        current.size += chunk.length;
        if (current.size - chunk.length < SNIFF_BYTES) current.head.push(chunk.subarray(0, SNIFF_BYTES));
        current.hash.update(chunk);
      });
      stream.on('limit', () => fail(refuse(413, 'validation.upload_limit')));
      stream.pipe(out);
    });
    parser.on('filesLimit', () => fail(refuse(400, 'errors.upload_one_file')));
    parser.on('partsLimit', () => fail(badRequest('errors.invalid_parameter')));
    parser.on('fieldsLimit', () => fail(badRequest('errors.invalid_parameter')));
    parser.on('error', () => fail(badRequest('errors.upload_multipart', { field: UPLOAD_FIELD })));
    req.on('aborted', () => fail(badRequest('errors.invalid_parameter')));
    parser.on('close', () => {
      if (settled) return;
      if (!file) return fail(refuse(400, 'errors.upload_no_file'));
      const current = file;
      current.written.then(
        () => {
          if (settled) return;
          const type = sniffImage(Buffer.concat(current.head).subarray(0, SNIFF_BYTES));
          if (current.size === 0) return fail(refuse(400, 'errors.upload_empty'));
          if (!type || !limits.allowed.has(type)) return fail(refuse(415, 'errors.upload_type'));
          settled = true;
          const name = `${randomBytes(16).toString('hex')}.${EXTENSION[type]}`;
          resolve({
            tmpPath: current.tmpPath,
            name,
            size: current.size,
            type,
            mime: UPLOAD_MIME[type],
            sha256: current.hash.digest('hex'),
          });
        },
        () => fail(badRequest('errors.resource_error')),
      );
    });
    req.pipe(parser);
  });
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const NOT_PLAIN = /[/\\\x00-\x1f\x7f]/;
/** A bare file name: no directory part, no parent reference, no control characters, not too long. */
export function isPlainFileName(name: string | undefined): boolean {
  return (
    typeof name === 'string' && name.length <= 255 && !NOT_PLAIN.test(name) && name !== '..' && name !== '.'
  );
}

export const urlOfUpload = (name: string) => `${UPLOAD_URL_PREFIX}${name}`;
