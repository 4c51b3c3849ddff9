import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../client/io/storage.ts';
import { createMockServer, type MockServer } from '../../mock-server/app.ts';
import { TEST_SCRYPT } from '../../mock-server/services/passwords.ts';
import { hashToken } from '../../mock-server/services/sessions.ts';
import { benchClient } from '../../harness/bench.ts';
import { ensureClientBuilt } from '../../harness/build.ts';
import { MOCK_READY_LINE, startNpmScript, type NpmScript } from '../../harness/npm-script.ts';
import { SEEDED } from '../helpers/qr.ts';
import { launchBrowser, type TestBrowser } from './helpers/browser.ts';
import { logIn } from './helpers/log-in.ts';

/**
 * Record → replay in the console, as a QA engineer does it, with the real commands. The real service is a mock in
 * production mode where customer01 renamed a QR code (so its list differs from any seeded mock's). Chromium uses
 * the console through `npm run mock -- --proxy URL --record DIR` (log in through the form, open a few screens);
 * then a fresh Chromium uses it through `npm run mock -- --replay DIR`, logs in through the form, walks the same
 * screens and sees the recorded list. The recording holds no real token or key; replay answers a call that needs
 * a session only for a session it handed out itself.
 */

const RECORDED_NAME = `recorded-${process.pid}`;
/** The screens walked, each with a text it shows once its data is in. */
const SCREENS: readonly [route: string, shows: string][] = [
  ['qr_code_list', RECORDED_NAME],
  ['domain_list', 'land1.example.com'],
  ['today_statistics', '今日访问量'],
];

let dir = '';
let recording = '';
let staticDir = '';
let service: MockServer;
let serviceUrl = '';
const commands: NpmScript[] = [];
const browsers: TestBrowser[] = [];

/** `npm run mock -- …` on a free port over its own copy of a seeded database; its URL once it listens. */
async function mock(name: string, args: string[]): Promise<string> {
  const db = path.join(dir, `${name}.db`);
  fs.copyFileSync(path.join(dir, 'seeded.db'), db);
  const command = startNpmScript('mock', ['--port', '0', '--db', db, '--static', staticDir, ...args]);
  commands.push(command);
  return (await command.waitFor(MOCK_READY_LINE))[2]!;
}

/** 5xx answers and uncaught errors a page meets. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (r) => void (r.status() >= 500 && failures.push(`${r.status()} ${r.url()}`)));
  page.on('pageerror', (e) => failures.push(String(e)));
  return failures;
}

/** Log in through the form at `url`, then open each screen and wait for its data; the token the console holds. */
async function walk(url: string): Promise<{ token: string; failures: string[] }> {
  const browser = await launchBrowser();
  browsers.push(browser);
  const page = await browser.browser.newPage();
  const failures = watchFailures(page);
  await logIn(page, url, 'customer01', { lng: 'zh-CN' });
  for (const [route, shows] of SCREENS) {
    await page.goto(`${url}/#/customer/${route}`);
    await page.getByText(shows).first().waitFor({ timeout: 30_000 });
  }
  const token = (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)) ?? '';
  await page.close();
  return { token, failures };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'record-replay-e2e-'));
  recording = path.join(dir, 'recording');
  staticDir = path.join(dir, 'console');
  fs.cpSync(await ensureClientBuilt(), staticDir, { recursive: true });
  // One database seeded in test mode (cheap password hashes, kept in the file) for both commands to copy.
  const seeded = createMockServer({ dbPath: path.join(dir, 'seeded.db'), mode: 'test', seed: true, log: () => {} });
  await new Promise<void>((resolve) => seeded.close(() => resolve()));

  service = createMockServer({ dbPath: ':memory:', mode: 'production', scrypt: TEST_SCRYPT, log: () => {} });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as { port: number }).port}`;
  const client = benchClient(service);
  const renamed = await client.call('qr_code_list/update', { id: SEEDED.demo02, name: RECORDED_NAME }, await client.tokenOf('customer01'));
  expect(renamed.status, renamed.message).toBe(true);
}, 180_000);

afterAll(async () => {
  for (const b of browsers) await b.close();
  for (const c of commands) await c.stop();
  if (service) {
    service.closeAllConnections();
    await new Promise<void>((resolve) => service.close(() => resolve()));
  }
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('record → replay in the console', () => {
  let realToken = '';

  it('records a session: the console logs in through the recording proxy and walks its screens', async () => {
    const url = await mock('recorder', ['--proxy', serviceUrl, '--record', recording]);
    const { token, failures } = await walk(url);
    realToken = token;
    expect(failures).toEqual([]);
    // The real service's own session, and nowhere in the recording.
    expect(service.mock.services.users.bySession(hashToken(token))).toBeDefined();
    await commands.at(-1)!.stop();
    const files = fs.readdirSync(path.join(recording, 'calls'));
    expect(files).toEqual(expect.arrayContaining(['admin__login.jsonl', 'qr_code_list__inquire.jsonl']));
    for (const f of files) expect(fs.readFileSync(path.join(recording, 'calls', f), 'utf8')).not.toContain(token);
  }, 180_000);

  it('replays it: a fresh console logs in through the form and walks the same screens with the recorded data', async () => {
    const url = await mock('replayer', ['--replay', recording]);
    const { token, failures } = await walk(url);
    expect(token).not.toBe('');
    expect(token).not.toBe(realToken);
    expect(failures).toEqual([]);

    // A call that needs a session: only for the one the replay handed out.
    const inquire = (t?: string) =>
      fetch(`${url}/api/qr_code_list/inquire`, { method: 'POST', headers: { 'content-type': 'application/json', ...(t ? { token: t } : {}) }, body: '{"page":1,"page_size":20}' });
    for (const t of [undefined, 'made-up-token', realToken]) expect((await inquire(t)).status, `token ${t}`).toBe(401);
    expect((await inquire(token)).status).toBe(200);
  }, 180_000);
});
