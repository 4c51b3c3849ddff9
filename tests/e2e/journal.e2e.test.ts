import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, FrameType, type QaControlAnswer, type QaControlBody, type QaControlName } from '../../contracts/index.ts';
import { ensureClientBuilt } from '../../harness/build.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { launchBrowser, type TestBrowser } from './helpers/browser.ts';
import { logIn } from './helpers/log-in.ts';

/**
 * The journal as a browser test uses it: customer01's console in Chromium, a message sent by an administrator,
 * and the question asked of the mock, not of the page: "did the console send update_notify_status with this id
 * exactly once?" — also when the push announcing the message reaches the console twice (a frame fault).
 */

let dir: string;
let t: TestServer;
let browser: TestBrowser;
let page: Page;

async function qa<N extends QaControlName>(name: N, body: QaControlBody<N>): Promise<QaControlAnswer<N>> {
  const res = await fetch(`${t.url}${CONTROL_PREFIX}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { status: boolean; message?: string; data: QaControlAnswer<N> };
  if (!json.status) throw new Error(`control ${name}: ${json.message}`);
  return json.data;
}

/** Send customer01 a message as admin01 and answer its id. */
async function sendMessage(admin: string, title: string): Promise<number> {
  const customer = await t.login('customer01');
  await t.call('message/send', { title, content: `${title} body`, user_id: 4 }, admin);
  const mine = await t.call('message/inquire', { page: 1, page_size: 5 }, customer);
  return (mine.body.data as { content: { id: number; title: string }[] }).content.find((m) => m.title === title)!.id;
}

/** One more poll of the console after now: a second mark-read would have gone out by then. */
async function oneMorePoll() {
  await page.waitForRequest((r) => r.url().endsWith('/message/inquire'), { timeout: 15_000 });
}

beforeAll(async () => {
  const staticDir = await ensureClientBuilt();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-journal-'));
  t = await startTestServer({ dbPath: path.join(dir, 'mock.db'), staticDir });
  browser = await launchBrowser({ locale: 'en-US' });
  page = await browser.browser.newPage();
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  // The seeded unread message is read first, so every notice below can only be ours.
  const customer = await t.login('customer01');
  const unread = await t.call('message/inquire', { notify_status: 1, page: 1, page_size: 50 }, customer);
  for (const m of (unread.body.data as { content: { id: number }[] }).content) await t.call('message/update_notify_status', { id: m.id }, customer);
  await logIn(page, t.url, 'customer01');
  await page.waitForFunction(() => document.querySelector('[data-reach]')?.getAttribute('data-reach') === 'online', null, { timeout: 20_000 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('journal in Chromium', () => {
  it('the console sent update_notify_status with this id exactly once', async () => {
    const admin = await t.login('admin01');
    const id = await sendMessage(admin, 'Journal one');
    await page.getByRole('alert', { name: 'New message' }).waitFor({ timeout: 15_000 });
    await oneMorePoll();
    const sent = await qa('journal/count', { call: 'message/update_notify_status', match: { id }, user: { account: 'customer01' } });
    expect(sent.count).toBe(1);
    // The push that announced it went out once, to customer01.
    const pushed = await qa('journal/count', { kind: 'frame', direction: 'out', frame_type: FrameType.values.message, user: { account: 'customer01' }, match: { id } });
    expect(pushed.count).toBe(1);
    await page.getByRole('alert', { name: 'New message' }).getByRole('button', { name: 'Close' }).click();
  }, 60_000);

  it('still exactly once when the announcing push reaches the console twice', async () => {
    const admin = await t.login('admin01');
    await qa('frame_fault', { to: { account: 'customer01' }, action: 'duplicate', count: 1 });
    const id = await sendMessage(admin, 'Journal twice');
    await page.getByRole('alert', { name: 'New message' }).waitFor({ timeout: 15_000 });
    await oneMorePoll();
    const pushed = await qa('journal', { kind: 'frame', direction: 'out', frame_type: FrameType.values.message, match: { id } });
    expect(pushed.entries.map((e) => (e.kind === 'frame' ? e.fault ?? 'sent' : ''))).toEqual(['sent', 'duplicated']);
    expect((await qa('journal/count', { call: 'message/update_notify_status', match: { id } })).count).toBe(1);
  }, 60_000);
});
