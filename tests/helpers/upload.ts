import fs from 'node:fs';
import { expect, vi } from 'vitest';
import { snapshot } from './db-snapshot.ts';
import { refusalText } from './qr.ts';
import type { Answer, TestServer } from '../../harness/server.ts';

/** `file/add` through real HTTP: multipart bodies built byte by byte, so every bad part can be sent as is. */
export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}
const BOUNDARY = '----qrconsole-test-boundary';
export function multipart(parts: readonly Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const pad = (head: number[] | string, size = 64) => {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
  return Buffer.concat([start, Buffer.alloc(Math.max(0, size - start.length), 7)]);
};
export const PNG = pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const JPEG = pad([0xff, 0xd8, 0xff, 0xe0]);
export const GIF = pad('GIF89a');
export const WEBP = pad('RIFF\x24\x00\x00\x00WEBPVP8 ');
export const HTML = Buffer.from('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>');
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>');
export const PDF = pad('%PDF-1.4\n');

/** Upload helpers bound to a test server and a token (customer01's in the suites). */
export function uploader(server: () => TestServer, token: () => string) {
  /** POST a body to file/add (`tok: null`: no token). */
  async function upload(
    body: Buffer,
    {
      tok,
      lang = 'en',
      contentType = `multipart/form-data; boundary=${BOUNDARY}`,
    }: { tok?: string | null; lang?: string; contentType?: string } = {},
  ): Promise<Answer> {
    if (tok === undefined) tok = token();
    const res = await fetch(`${server().url}/api/file/add`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'accept-language': lang, ...(tok ? { token: tok } : {}) },
      body: new Uint8Array(body),
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  }
  const one = (data: Buffer, filename = 'picture.png', type = 'image/png') =>
    multipart([{ name: 'file', filename, type, data }]);
  const stored = () => fs.readdirSync(server().server.mock.uploadDir).sort();

  /** A refusal with this status (and message), and neither a file nor a row left behind. */
  async function refusedNothingStored(
    send: () => Promise<Answer>,
    status: number,
    message?: string | RegExp,
  ) {
    const db = server().db;
    await vi.waitFor(() => expect(stored().filter((f) => f.startsWith('.part-'))).toEqual([]), {
      timeout: 2000,
    });
    const files = stored();
    const rows = snapshot(db, { except: ['sessions'] });
    const res = await send();
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.status).toBe(false);
    if (message) expect(refusalText(res.body)).toMatch(message);
    expect(snapshot(db, { except: ['sessions'] })).toEqual(rows);
    // Temporary parts are removed as the stream closes: give that a moment, then the folder must be as before.
    await vi.waitFor(() => expect(stored()).toEqual(files), { timeout: 2000 });
  }
  return { upload, one, stored, refusedNothingStored };
}
