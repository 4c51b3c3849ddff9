import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX } from '../../contracts/index.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';

/**
 * The QA cockpit's page as the mock serves it (mock-server/control/cockpit-page.ts): under the control prefix in
 * test (and dev) mode, from a build folder given here (the real build is the browser test's business); 404 from a
 * production-mode server; a missing build named with the command that makes it; anything else under the page's
 * path refused in the envelope, never a file from outside the folder.
 */
const MARKER = '<title>cockpit under test</title>';
let dir: string;
let built: string;
let test: TestServer;
let production: TestServer;
let unbuilt: TestServer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cockpit-page-'));
  built = path.join(dir, 'cockpit');
  fs.mkdirSync(path.join(built, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(built, 'index.html'), `<!doctype html>${MARKER}`);
  fs.writeFileSync(path.join(built, 'assets', 'app.js'), 'console.log("cockpit")');
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside the build');
  test = await startTestServer({ cockpitDir: built });
  production = await startTestServer({ cockpitDir: built, mode: 'production' });
  unbuilt = await startTestServer({ cockpitDir: path.join(dir, 'not-built') });
});

afterAll(async () => {
  await Promise.all([test, production, unbuilt].map((s) => s?.close()));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const get = (t: TestServer, p: string) => request(t.server).get(`${CONTROL_PREFIX}${p}`).set('Accept-Language', 'en');

describe('the cockpit page', () => {
  it('is served in test mode, with its assets, and the bare address goes to its folder keeping the query', async () => {
    const page = await get(test, '/cockpit/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain(MARKER);
    const asset = await get(test, '/cockpit/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const bare = await get(test, '/cockpit?lng=en&theme=dark');
    expect(bare.status).toBe(302);
    expect(bare.headers.location).toBe(`${CONTROL_PREFIX}/cockpit/?lng=en&theme=dark`);
  });

  it.each([
    ['a file the build does not have', '/cockpit/assets/missing.js', 'No control operation is named cockpit/assets/missing.js'],
    ['a step out of the folder', '/cockpit/%2e%2e/secret.txt', 'No control operation is named'],
    ['an encoded slash out of the folder', '/cockpit/..%2fsecret.txt', 'No control operation is named'],
  ])('refuses %s with 404 in the envelope', async (_what, p, message) => {
    const res = await get(test, p);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: false });
    expect(res.body.message).toContain(message);
    expect(res.text).not.toContain('outside the build');
  });

  it('answers a POST to its path as no control operation, changing nothing', async () => {
    const res = await request(test.server).post(`${CONTROL_PREFIX}/cockpit`).set('Accept-Language', 'en').send({});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: false, message: 'No control operation is named cockpit', key: 'errors.control_unknown', params: { name: 'cockpit' } });
  });

  it('names the command that builds it when there is no build', async () => {
    const res = await get(unbuilt, '/cockpit/');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('The QA cockpit is not built yet: run npm run build:cockpit, then reload this page');
  });

  it('is absent from a production-mode server (404, nothing of the page)', async () => {
    for (const p of ['/cockpit/', '/cockpit', '/cockpit/assets/app.js']) {
      const res = await get(production, p);
      expect(res.status, p).toBe(404);
      expect(res.text, p).not.toContain(MARKER);
    }
  });
});
