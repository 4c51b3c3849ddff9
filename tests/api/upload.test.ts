import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contracts/index.ts';
import { GIF, HTML, JPEG, multipart, pad, PDF, PNG, SVG, uploader, WEBP } from '../helpers/upload.ts';
import { rowOf } from '../../fixtures/rows.ts';
import { updateUploadConfig } from '../../fixtures/factories.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** `file/add` through real HTTP: multipart bodies built byte by byte, so every bad part can be sent as is. */

const { t, tok } = useApiServer({}, { token: 'customer01' });
const { upload, one, refusedNothingStored } = uploader(
  () => t,
  () => tok.token,
);

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
      expect(rowOf(t.db, 'files', { name: file.name }, ['user_id', 'size'])).toEqual({
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
    updateUploadConfig(t.db, { size_limit_bytes: 1024 });
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
      updateUploadConfig(t.db, { size_limit_bytes: 5242880 });
    }
  });

  it('answers an upload over the limit with its 413, not a reset, to a client still sending it', async () => {
    // A browser reads the answer only once its upload is out: the server must read the rest of a refused body
    // before it closes, or the close resets the connection and the answer is lost ("cannot reach the server").
    const body = one(pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 48 * 1024 * 1024));
    const socket = net.connect(Number(new URL(t.url).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.pause();
    const failed = new Promise<Error>((resolve) => socket.once('error', resolve));
    const headers = [
      'POST /api/file/add HTTP/1.1',
      'Host: 127.0.0.1',
      `token: ${tok.token}`,
      'Accept-Language: en',
      `Content-Type: multipart/form-data; boundary=----qrconsole-test-boundary`,
      `Content-Length: ${body.length}`,
    ];
    socket.write(`${headers.join('\r\n')}\r\n\r\n`);
    let error: Error | undefined;
    for (let at = 0; at < body.length && !error; at += 256 * 1024) {
      if (socket.write(body.subarray(at, at + 256 * 1024))) continue;
      error = await Promise.race([once(socket, 'drain').then(() => undefined), failed]);
    }
    socket.resume();
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    error ??= await Promise.race([once(socket, 'end').then(() => undefined), failed]);
    expect(error?.message).toBeUndefined();
    const answer = Buffer.concat(chunks).toString('utf8');
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"message":"File upload limit exceeded"');
    socket.destroy();
  });

  it('refuses a file over the seeded 5 MiB limit with 413', async () => {
    await refusedNothingStored(
      () => upload(one(pad([0xff, 0xd8, 0xff], 5 * 1024 * 1024 + 1))),
      413,
      /^file: File upload limit exceeded$/,
    );
  });

  it('refuses a kind the upload config no longer allows', async () => {
    updateUploadConfig(t.db, { allowed_types: 'png,jpeg' });
    try {
      await refusedNothingStored(
        () => upload(one(GIF, 'a.gif', 'image/gif')),
        415,
        /Only PNG, JPEG, WebP and GIF/,
      );
    } finally {
      updateUploadConfig(t.db, { allowed_types: 'png,jpeg,webp,gif' });
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

  it('refuses a multipart body without a boundary and a JSON body (400), a body of another type (415)', async () => {
    await refusedNothingStored(
      () => upload(one(PNG), { contentType: 'multipart/form-data' }),
      400,
      /^file: The file did not arrive as an upload/,
    );
    await refusedNothingStored(
      () => t.call('file/add', {}, tok.token),
      400,
      /^file: The file did not arrive as an upload/,
    );
    // A body of another type: 415, the type the call takes named.
    await refusedNothingStored(
      () => upload(PNG, { contentType: 'image/png' }),
      415,
      /^This call takes its body as multipart\/form-data/,
    );
  });

  it('refuses an anonymous caller and a dead token with 401 before reading the file', async () => {
    await refusedNothingStored(() => upload(one(PNG), { tok: null }), 401);
    await refusedNothingStored(() => upload(one(PNG), { tok: 'not-a-session' }), 401);
  });
});
