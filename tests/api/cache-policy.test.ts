import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, type UploadedFile } from '../../contracts/index.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { precompressDir } from '../../scripts/precompress.ts';
import { PNG, uploader } from '../helpers/upload.ts';
import { rawRequest, type RawAnswer } from '../helpers/raw-http.ts';

/**
 * What a browser or a proxy may keep, through the real server on a real port: API answers (success or
 * refusal) are never stored; an upload is private and revalidated by its ETag on each use (a file that goes
 * away is gone at the next load); a precompressed variant (`index.html.br`, `….js.gz`) is reached only through
 * its base name's negotiation, never by its own name. Decision: docs/decisions/2026-11-29-abuse-left.md.
 */
const send = rawRequest;

let t: TestServer;
let dir: string;
let token: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-policy-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>console</title>${'<p>shell</p>'.repeat(60)}`);
  fs.writeFileSync(path.join(dir, 'assets/index-AbC12_xY.js'), `export const rows = [${'1, '.repeat(400)}];\n`);
  precompressDir(dir);
  t = await startTestServer({ staticDir: dir });
  token = await t.login('customer01');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
  send(`${t.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers }, body: JSON.stringify(body) });

describe('API answers are never stored', () => {
  it.each<[string, () => Promise<RawAnswer>, number]>([
    ['a success', () => post('/api/admin/user_info', {}, { token }), 200],
    ['a success without a session', () => post('/api/website_info/inquire', {}), 200],
    ['a refused body', () => post('/api/ping', { value: 'x' }), 400],
    ['a dead token', () => post('/api/admin/user_info', {}, { token: 'nope' }), 401],
    ['no permission', () => post('/api/user/inquire', {}, { token }), 403],
    ['an unknown call', () => post('/api/nope', {}), 404],
    ['the OpenAPI document', () => send(`${t.url}/api/openapi.json`), 200],
    ['the control API', () => post(`${CONTROL_PREFIX}/clear_faults`, {}), 200],
  ])('%s: no-store', async (_name, call, status) => {
    const res = await call();
    expect(res.status, res.body.toString()).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('uploads: private, revalidated by ETag', () => {
  const { upload, one } = uploader(
    () => t,
    () => token,
  );

  it('answers private, no-cache with a strong ETag, then 304 for the copy the browser holds', async () => {
    const res = await upload(one(PNG, 'a.png', 'image/png'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { url } = res.body.data as UploadedFile;
    const first = await send(t.url + url);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.etag).toMatch(/^"[a-f0-9]{64}"$/);
    expect(first.body).toEqual(PNG);
    const again = await send(t.url + url, { headers: { 'if-none-match': first.headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await send(t.url + url, { headers: { 'if-none-match': '"0000"' } });
    expect(other.status).toBe(200);
    expect(other.body).toEqual(PNG);
  });
});

describe('precompressed variants only through their base name', () => {
  it.each(['/index.html.br', '/index.html.gz', '/assets/index-AbC12_xY.js.br', '/assets/index-AbC12_xY.js.gz', '/index.html%2Ebr', '/INDEX.HTML.BR'])(
    '%s is not found, whatever the client accepts',
    async (p) => {
      expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
      for (const accept of ['br, gzip', '']) {
        const res = await send(`${t.url}${p}`, { headers: accept ? { 'accept-encoding': accept } : {} });
        expect(res.status, `${p} ${accept}`).toBe(404);
      }
    },
  );

  it('the base name still gets its variant by negotiation', async () => {
    const res = await send(`${t.url}/index.html`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});
