import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.ts';
import { CACHE_HTML, CACHE_IMMUTABLE, pickEncoding } from '../../mock-server/http/static-site.ts';
import { COMPRESS_MIN_BYTES } from '../../mock-server/http/json-answer.ts';
import { useApiServer } from '../helpers/api-server.ts';
import { rawRequest, type RawAnswer } from '../helpers/raw-http.ts';

/**
 * Issue 25, "serve like a production static host", through the real server on a real port: a folder laid
 * out like Vite's output, precompressed by the build step's own function, served by createMockServer.
 */
const HASHED_JS = 'assets/index-AbC12_xY.js';
const JS = `export const rows = [${Array.from({ length: 300 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
const HTML = `<!doctype html><html><head><title>console</title></head><body>${'<p>shell</p>'.repeat(60)}</body></html>`;

/** A GET with exactly the headers given (no client-side decoding), the body as the bytes on the wire. */
const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(url, { method, headers });

let dir = '';
/** A folder laid out like Vite's output, precompressed. */
function site(): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-site-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), HTML);
  fs.writeFileSync(path.join(dir, HASHED_JS), JS);
  fs.writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  precompressDir(dir);
  return dir;
}
// Registered before the server's own hooks: after hooks run last to first, so the folder goes once it closed.
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const { t } = useApiServer(() => ({ staticDir: site() }));

describe('precompressed static files', () => {
  it('writes .br and .gz beside each asset worth compressing, not beside tiny files', () => {
    expect(fs.existsSync(path.join(dir, `${HASHED_JS}.br`))).toBe(true);
    expect(fs.existsSync(path.join(dir, `${HASHED_JS}.gz`))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'logo.svg.br'))).toBe(false);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
    ['gzip;q=0.5, br;q=0.4', 'gzip', gunzipSync],
    ['*', 'br', brotliDecompressSync],
  ] as const)('Accept-Encoding %s → %s, same bytes once decoded, a year immutable', async (accept, encoding, decode) => {
    const res = await get(`${t.url}/${HASHED_JS}`, { 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(JS) / 3);
    expect(decode(res.body).toString()).toBe(JS);
  });

  it.each([[{}], [{ 'accept-encoding': 'identity' }], [{ 'accept-encoding': 'br;q=0, gzip;q=0' }]])(
    'sends the file itself when no offered coding is accepted (%j), still with Vary',
    async (headers) => {
      const res = await get(`${t.url}/${HASHED_JS}`, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe(CACHE_IMMUTABLE);
      expect(res.body.toString()).toBe(JS);
    },
  );

  it('serves index.html for / and by name, no-cache, revalidated by ETag (304)', async () => {
    for (const url of [`${t.url}/`, `${t.url}/index.html`]) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe(CACHE_HTML);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.body).toString()).toBe(HTML);
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) });
      expect(again.status).toBe(304);
    }
    const plain = await get(`${t.url}/`);
    expect(plain.headers['cache-control']).toBe(CACHE_HTML);
    expect(plain.body.toString()).toBe(HTML);
  });

  it('gives different ETags to different encodings of one file', async () => {
    const br = await get(`${t.url}/${HASHED_JS}`, { 'accept-encoding': 'br' });
    const gz = await get(`${t.url}/${HASHED_JS}`, { 'accept-encoding': 'gzip' });
    const id = await get(`${t.url}/${HASHED_JS}`);
    expect(new Set([br.headers.etag, gz.headers.etag, id.headers.etag]).size).toBe(3);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get(`${t.url}/${HASHED_JS}`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBe(0);
  });

  it('caches an unhashed file an hour, never reaches outside the folder or its variants by traversal', async () => {
    const logo = await get(`${t.url}/logo.svg`, { 'accept-encoding': 'br' });
    expect(logo.status).toBe(200);
    expect(logo.headers['content-encoding']).toBeUndefined();
    expect(logo.headers['cache-control']).toBe('public, max-age=3600');
    for (const p of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/%E0%A4%A']) {
      const res = await get(t.url + p, { 'accept-encoding': 'br' });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe('compressed JSON answers', () => {
  it(`compresses an answer of ${COMPRESS_MIN_BYTES} bytes or more for a client that accepts it, and not a small one`, async () => {
    const token = await t.login('admin01');
    const post = (p: string, body: unknown, accept?: string) =>
      new Promise<RawAnswer>((resolve, reject) => {
        const req = http.request(`${t.url}/api/${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token, ...(accept ? { 'accept-encoding': accept } : {}) },
        }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end(JSON.stringify(body));
      });
    // The menu of an administrator is large; a ping answer is a few bytes.
    const plain = await post('menu/token_menu', {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    // gzip first on a tie (the cheapest per call), brotli when the client weighs it higher or asks only for it.
    for (const [accept, decode, encoding] of [['br, gzip', gunzipSync, 'gzip'], ['br;q=1, gzip;q=0.5', brotliDecompressSync, 'br'], ['br', brotliDecompressSync, 'br'], ['gzip', gunzipSync, 'gzip']] as const) {
      const res = await post('menu/token_menu', {}, accept);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.length).toBeLessThan(plain.body.length / 4);
      expect(JSON.parse(decode(res.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    }
    const small = await post('ping', { value: 10 }, 'br, gzip');
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).status).toBe(true);
  });

  it('picks codings by weight, brotli first on a tie', () => {
    expect(pickEncoding('gzip, br', ['br', 'gzip'])).toBe('br');
    expect(pickEncoding('gzip', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('x-gzip', ['gzip'])).toBe('gzip');
    expect(pickEncoding('br;q=0.1, gzip;q=0.9', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('*;q=0', ['br', 'gzip'])).toBeNull();
    expect(pickEncoding('deflate', ['br', 'gzip'])).toBeNull();
    expect(pickEncoding(undefined, ['br'])).toBeNull();
  });
});
