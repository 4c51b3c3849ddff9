import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadedFile } from '../../contracts/index.ts';
import { snapshot } from '../helpers/db-snapshot.ts';
import { startTestServer, type Answer, type TestServer } from '../helpers/server.ts';

/** `file/add` through real HTTP: multipart bodies built byte by byte, so every bad part can be sent as is. */
interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}
const BOUNDARY = '----qrconsole-test-boundary';
function multipart(parts: readonly Part[]): Buffer {
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

const pad = (head: number[] | string, size = 64) => {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
  return Buffer.concat([start, Buffer.alloc(Math.max(0, size - start.length), 7)]);
};
const PNG = pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = pad([0xff, 0xd8, 0xff, 0xe0]);
const GIF = pad('GIF89a');
const WEBP = pad('RIFF\x24\x00\x00\x00WEBPVP8 ');
const HTML = Buffer.from('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>');
const PDF = pad('%PDF-1.4\n');

let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await startTestServer();
  token = await t.login('customer01');
});
afterAll(() => t.close());

/** POST a body to file/add as customer01 (`tok: null`: no token). */
async function upload(
  body: Buffer,
  {
    tok,
    lang = 'en',
    contentType = `multipart/form-data; boundary=${BOUNDARY}`,
  }: { tok?: string | null; lang?: string; contentType?: string } = {},
): Promise<Answer> {
  if (tok === undefined) tok = token;
  const res = await fetch(`${t.url}/api/file/add`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'accept-language': lang, ...(tok ? { token: tok } : {}) },
    body: new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}
const one = (data: Buffer, filename = 'picture.png', type = 'image/png') =>
  multipart([{ name: 'file', filename, type, data }]);
const stored = () => fs.readdirSync(t.server.mock.uploadDir).sort();

/** A refusal with this status (and message), and neither a file nor a row left behind. */
async function refusedNothingStored(send: () => Promise<Answer>, status: number, message?: string | RegExp) {
  await vi.waitFor(() => expect(stored().filter((f) => f.startsWith('.part-'))).toEqual([]), {
    timeout: 2000,
  });
  const files = stored();
  const rows = snapshot(t.db, { except: ['sessions'] });
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.status).toBe(false);
  if (message) expect(res.body.message).toMatch(message);
  expect(snapshot(t.db, { except: ['sessions'] })).toEqual(rows);
  // Temporary parts are removed as the stream closes: give that a moment, then the folder must be as before.
  await vi.waitFor(() => expect(stored()).toEqual(files), { timeout: 2000 });
}

describe('file/add accepts images by their bytes', () => {
  it.each<[string, Buffer, string, string]>([
    ['PNG', PNG, 'png', 'image/png'],
    ['JPEG', JPEG, 'jpg', 'image/jpeg'],
    ['GIF', GIF, 'gif', 'image/gif'],
    ['WebP', WEBP, 'webp', 'image/webp'],
  ])(
    'stores a %s under a random name and serves it with its type, nosniff and a sandboxing CSP',
    async (_kind, data, ext, mime) => {
      const res = await upload(one(data, 'holiday photo.bin', 'application/octet-stream'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const file = res.body.data as UploadedFile;
      expect(file.name).toMatch(new RegExp(`^[a-f0-9]{32}\\.${ext}$`));
      expect(file).toMatchObject({ url: `/uploads/${file.name}`, size: data.length, mime });
      expect(fs.readFileSync(`${t.server.mock.uploadDir}/${file.name}`)).toEqual(data);
      expect(t.db.prepare('SELECT user_id, size FROM files WHERE name = ?').get(file.name)).toEqual({
        user_id: 4,
        size: data.length,
      });

      const served = await fetch(t.url + file.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(mime);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(data);
    },
  );

  it('takes a file of exactly the size limit, refuses one byte more', async () => {
    t.db.prepare('UPDATE upload_config SET size_limit_bytes = 1024').run();
    try {
      expect((await upload(one(pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 1024)))).status).toBe(
        200,
      );
      await refusedNothingStored(
        () => upload(one(pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 1025))),
        413,
        /^file: File upload limit exceeded$/,
      );
      await refusedNothingStored(
        () => upload(one(pad([0xff, 0xd8, 0xff], 200_000)), { lang: 'zh-CN' }),
        413,
        /^file: 文件上传超出限制$/,
      );
    } finally {
      t.db.prepare('UPDATE upload_config SET size_limit_bytes = 5242880').run();
    }
  });

  it('refuses a file over the seeded 5 MiB limit with 413', async () => {
    await refusedNothingStored(
      () => upload(one(pad([0xff, 0xd8, 0xff], 5 * 1024 * 1024 + 1))),
      413,
      /^file: File upload limit exceeded$/,
    );
  });

  it('refuses a kind the upload config no longer allows', async () => {
    t.db.prepare(`UPDATE upload_config SET allowed_types = 'png,jpeg'`).run();
    try {
      await refusedNothingStored(
        () => upload(one(GIF, 'a.gif', 'image/gif')),
        415,
        /Only PNG, JPEG, WebP and GIF/,
      );
    } finally {
      t.db.prepare(`UPDATE upload_config SET allowed_types = 'png,jpeg,webp,gif'`).run();
    }
  });
});

describe('file/add refuses bad input and stores nothing', () => {
  it.each<[string, () => Buffer, number, RegExp]>([
    [
      'a PDF (wrong type)',
      () => one(PDF, 'doc.pdf', 'application/pdf'),
      415,
      /^file: Only PNG, JPEG, WebP and GIF images/,
    ],
    [
      'an HTML file renamed .png and declared image/png',
      () => one(HTML, 'photo.png', 'image/png'),
      415,
      /^file: Only PNG/,
    ],
    ['an SVG image', () => one(SVG, 'logo.svg', 'image/svg+xml'), 415, /^file: Only PNG/],
    ['an SVG declared as PNG', () => one(SVG, 'logo.png', 'image/png'), 415, /^file: Only PNG/],
    ['zero bytes', () => one(Buffer.alloc(0)), 400, /^file: The file is empty$/],
    [
      'a parent path in the file name',
      () => one(PNG, '../../mock.db'),
      400,
      /^file: The file name may not contain a path$/,
    ],
    ['a folder in the file name', () => one(PNG, 'uploads/x.png'), 400, /may not contain a path/],
    ['a Windows path in the file name', () => one(PNG, 'C:\\\\temp\\\\x.png'), 400, /may not contain a path/],
    [
      'no file at all (a text field only)',
      () => multipart([{ name: 'title', data: 'hello' }]),
      400,
      /^file: Choose a file to upload$/,
    ],
    [
      'the file in another field',
      () => multipart([{ name: 'image', filename: 'a.png', type: 'image/png', data: PNG }]),
      400,
      /Choose a file/,
    ],
    [
      'two files',
      () =>
        multipart([
          { name: 'file', filename: 'a.png', data: PNG },
          { name: 'file', filename: 'b.png', data: PNG },
        ]),
      400,
      /one file at a time/,
    ],
  ])('%s', async (_name, body, status, message) => {
    await refusedNothingStored(() => upload(body()), status, message);
  });

  it('refuses a multipart body without a boundary, a JSON body and a body of another type', async () => {
    await refusedNothingStored(
      () => upload(one(PNG), { contentType: 'multipart/form-data' }),
      400,
      /multipart\/form-data/,
    );
    await refusedNothingStored(
      () => t.call('file/add', {}, token),
      400,
      /^file: Send the file as multipart\/form-data/,
    );
    await refusedNothingStored(
      () => upload(PNG, { contentType: 'image/png' }),
      400,
      /malformed|not valid JSON/i,
    );
  });

  it('refuses an anonymous caller and a dead token with 401 before reading the file', async () => {
    await refusedNothingStored(() => upload(one(PNG), { tok: null }), 401);
    await refusedNothingStored(() => upload(one(PNG), { tok: 'not-a-session' }), 401);
  });
});

describe('GET /uploads/<name>', () => {
  it.each(['0123456789abcdef0123456789abcdef.png', '..%2Fmock.db', '.part-abc', 'x.html'])(
    'answers 404 for %s',
    async (name) => {
      expect((await fetch(`${t.url}/uploads/${name}`)).status).toBe(404);
    },
  );
});

describe('file/add over random bytes', () => {
  const MAGIC: readonly (readonly number[])[] = [
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    [0xff, 0xd8, 0xff],
    [...Buffer.from('GIF87a')],
    [...Buffer.from('GIF89a')],
  ];
  it('stores exactly the files that start with an image signature, and nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.constantFrom(...MAGIC), { nil: null }),
        fc.uint8Array({ minLength: 1, maxLength: 2048 }),
        async (magic, tail) => {
          const data = Buffer.concat([Buffer.from(magic ?? []), Buffer.from(tail)]);
          const isImage = MAGIC.some((m) => m.every((b, i) => data[i] === b));
          if (isImage)
            expect((await upload(one(data, 'r.bin', 'application/octet-stream'))).status).toBe(200);
          else await refusedNothingStored(() => upload(one(data, 'r.png')), 415);
        },
      ),
      { numRuns: 60, seed: 20261123 },
    );
  }, 60_000);
});
