import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, type ControlAnswer, type ControlBody, type ControlName } from '../../contracts/index.ts';
import { createMockServer, type MockServer } from '../../mock-server/app.ts';
import { launchBrowser, type TestBrowser } from './helpers/browser.ts';
import { ensureClientBuilt } from '../../harness/build.ts';

/**
 * The real-time connection in Chromium against the real mock server (test mode, serving the built console,
 * on a SQLite FILE so it can be restarted on the same port with the same sessions). customer01 logs in
 * through the login form; the tests then restart the server, send a message, push frames of type 2 and 3
 * through the control API, and watch the page: the header indicator, the red notice, reloads.
 * They run in order (one session); the type 3 test is last because it leaves the socket closed.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dir: string;
let dbPath: string;
let staticDir: string;
let server: MockServer;
let port = 0;
let base = '';
let browser: TestBrowser;
let page: Page;

async function startServer(): Promise<void> {
  server = createMockServer({ dbPath, seed: true, mode: 'test', staticDir, log: () => {} });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
}

async function stopServer(): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

async function api<T>(call: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}/api/${call}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: boolean; message?: string; data?: T };
  if (!json.status) throw new Error(`${call}: ${res.status} ${json.message}`);
  return json.data as T;
}

async function apiLogin(account: string, password: string): Promise<string> {
  const { spki } = await api<{ spki: string }>('security/public_key', {});
  const key = createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' });
  const encrypted = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
  return (await api<{ token: string }>('admin/login', { account, password: encrypted })).token;
}

async function control<N extends ControlName>(name: N, body: ControlBody<N>): Promise<ControlAnswer<N>> {
  const res = await fetch(`${base}${CONTROL_PREFIX}/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { status: boolean; data: ControlAnswer<N> };
  if (!json.status) throw new Error(`control ${name} failed`);
  return json.data;
}

/** Sockets of customer01 the hub holds, authenticated ones only. */
async function customerSockets(): Promise<number> {
  const state = await control('state', {});
  return state.sockets.filter((s) => s.authenticated && s.user_id === 4).length;
}

const indicator = () => page.getByRole('status', { name: 'Connection' });
const reach = () => indicator().getAttribute('data-reach');
async function waitForReach(value: string, timeoutMs: number): Promise<void> {
  await page.waitForFunction((v) => document.querySelector('[data-reach]')?.getAttribute('data-reach') === v, value, { timeout: timeoutMs });
}

beforeAll(async () => {
  staticDir = await ensureClientBuilt();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-realtime-'));
  dbPath = path.join(dir, 'mock.sqlite');
  await startServer();
  browser = await launchBrowser({ locale: 'en-US' });
  page = await browser.browser.newPage();
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.goto(`${base}/#/admin_login`);
  await page.getByRole('textbox', { name: 'Account' }).fill('customer01');
  await page.getByRole('textbox', { name: 'Password' }).fill('Customer123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/#\/customer\//);
  // Ping answered (first check 10 s after start) and socket logged in.
  await waitForReach('online', 15_000);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (server?.listening) await stopServer();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('realtime in Chromium', () => {
  it("serves a production bundle with no trace of dev-only code (the debug export, React Router's development warnings)", () => {
    const js = fs.readdirSync(staticDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(0);
    for (const file of js) {
      const text = fs.readFileSync(path.join(staticDir, file), 'utf8');
      for (const marker of ['Export the last', 'Event stream (dev build only)', 'Debug menu', 'debug/install', 'You rendered descendant <Routes>'])
        expect(text, file).not.toContain(marker);
    }
  });

  it('reconnects after the mock server restarts mid-session, and the indicator comes back', async () => {
    expect(await customerSockets()).toBe(1);
    await stopServer(); // sockets close with 1001, then the port is free
    await waitForReach('offline', 5_000);
    await sleep(1500); // attempts while it is down fail (1006) and back off with jitter
    expect(await reach()).toBe('offline');
    await startServer(); // same port, same database file: the session and its key survive
    await waitForReach('online', 20_000);
    expect(await customerSockets()).toBe(1);
  }, 60_000);

  it('shows an unread message as the red notice, as text, and marks it read', async () => {
    const admin = await apiLogin('admin01', 'Admin12345');
    const customer = await apiLogin('customer01', 'Customer123');
    // The seeded unread message may not have been polled yet: read it first so the notice can only be ours.
    const unread = await api<{ content: { id: number }[] }>('message/inquire', { notify_status: 1, page: 1, page_size: 50 }, customer);
    for (const m of unread.content) await api('message/update_notify_status', { id: m.id }, customer);
    const seededNotice = page.getByRole('alert', { name: 'New message' });
    if (await seededNotice.count()) {
      await seededNotice.getByRole('button', { name: 'Close' }).click();
      await seededNotice.waitFor({ state: 'detached' });
    }
    const content = 'Maintenance tonight <b>22:00</b> <img src=x onerror="window.__xss=1">';
    // Send right after a poll: the next tick is ~10 s away, so a notice within 5 s came from the type-4 push.
    await page.waitForRequest((r) => r.url().endsWith('/message/inquire'), { timeout: 15_000 });
    await api('message/send', { title: 'Notice', content, user_id: 4 }, admin);
    const notice = page.getByRole('alert', { name: 'New message' });
    await notice.waitFor({ timeout: 5_000 });
    // Rendered as text: the markup is visible and no element was created from it.
    expect(await page.getByTestId('message-notice-content').textContent()).toBe(content);
    expect(await notice.locator('b, img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    const mine = await api<{ content: { content: string; notify_status: number; check_time: string | null }[] }>('message/inquire', { page: 1, page_size: 50 }, customer);
    const sent = mine.content.find((m) => m.content === content);
    expect(sent?.notify_status).toBe(2);
    expect(sent?.check_time).not.toBeNull();
    await notice.getByRole('button', { name: 'Close' }).click();
    await notice.waitFor({ state: 'detached' });
  }, 60_000);

  it('reloads the page on a pushed frame of type 2', async () => {
    await page.evaluate(() => ((window as unknown as { __beforeReload?: boolean }).__beforeReload = true));
    const loaded = page.waitForEvent('load', { timeout: 10_000 });
    const { delivered } = await control('push', { to: { account: 'customer01' }, type: 2 });
    expect(delivered).toBe(1);
    await loaded;
    expect(await page.evaluate(() => (window as unknown as { __beforeReload?: boolean }).__beforeReload)).toBeUndefined();
    // After the reload the stored session starts the socket again.
    await waitForReach('online', 15_000);
    expect(await customerSockets()).toBe(1);
  }, 60_000);

  it('closes the socket on a pushed frame of type 3, and it stays closed, saying so', async () => {
    const { delivered } = await control('push', { to: { account: 'customer01' }, type: 3 });
    expect(delivered).toBe(1);
    await waitForReach('disconnected', 5_000);
    await sleep(4000); // longer than several backoff delays: nothing reconnects
    expect(await customerSockets()).toBe(0);
    expect(await reach()).toBe('disconnected');
    await page.getByRole('alert').filter({ hasText: 'The server closed the live connection' }).waitFor();
    expect(page.url()).toMatch(/#\/customer\//); // still logged in: only the socket is gone
  }, 30_000);
});
