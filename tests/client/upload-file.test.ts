import { describe, expect, it } from 'vitest';
import { createUploadFile } from '../../client/io/upload-file.ts';
import { ApiError } from '../../client/io/errors.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** The console's upload helper over Node's fetch, FormData and Blob, against a real server. */
const { t, tok } = useApiServer({}, { token: 'customer01' });

const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])], {
  type: 'image/png',
});

describe('uploadFile', () => {
  it('sends the file as multipart and answers the stored URL', async () => {
    const upload = createUploadFile(fetch, t.url);
    const file = await upload(png, { token: tok.token, language: 'en' }, 'logo.png');
    expect(file).toMatchObject({ type: 'png', size: 12, mime: 'image/png' });
    expect(file.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect((await fetch(t.url + file.url)).status).toBe(200);
  });

  it("throws an ApiError with the server's message in the console's language", async () => {
    const upload = createUploadFile(fetch, t.url);
    const html = new Blob(['<!DOCTYPE html><p>hi</p>'], { type: 'image/png' });
    const refused = upload(html, { token: tok.token, language: 'zh-CN' }, 'photo.png');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      httpStatus: 415,
      message: '只能上传 PNG、JPEG、WebP 和 GIF 图片',
      field: 'file',
      key: 'errors.upload_type',
    });
    await expect(upload(png, { token: null, language: 'en' })).rejects.toMatchObject({ httpStatus: 401 });
  });

  it('reports a network failure as status 0', async () => {
    const upload = createUploadFile(() => Promise.reject(new TypeError('offline')), t.url);
    await expect(upload(png, { token: tok.token, language: 'en' })).rejects.toMatchObject({ httpStatus: 0 });
  });
});
