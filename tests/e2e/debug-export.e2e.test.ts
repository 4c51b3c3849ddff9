import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX } from '../../contracts/index.ts';
import { scenario as scenarioSchema, type Scenario } from '../../contracts/scenario.ts';
import { ensureDevClientBuilt } from '../../harness/build.ts';
import { createMockServer, type MockServer } from '../../mock-server/app.ts';
import { playScenario } from '../scenarios/harness.ts';
import { launchBrowser, type TestBrowser } from './helpers/browser.ts';
import { quietWatcher } from './helpers/settle.ts';

/**
 * The QA replay workflow as a developer does it, in a DEV build (the debug menu exists only there): a session
 * of several minutes over a dozen screens in Chromium against the real mock — pushes (a reply toast, a new
 * message, an unknown frame), a reconnect after the server drops every socket, a failed connectivity call and a
 * failed list load — then the header dock's Debug menu, whose popover opens at its button, exports the session;
 * the downloaded file is saved and replayed by the QA runner (tests/scenarios/harness.ts) in this same test.
 *
 * "Several minutes" are the console's: Playwright's page clock, paused, runs its timers (pings, polls,
 * connectivity checks) when the test moves it, without waiting them out. It starts two minutes behind the wall,
 * so the console's frames stay within the five minutes of skew the server allows for the whole session.
 */

/** customer01's screens, by their menu entries, in the order visited (login lands on the first). */
const SCREENS = [
  'Today',
  'QR codes',
  'Daily statistics',
  'Hourly statistics',
  'Historical statistics',
  'Removed QR codes',
  'Short codes',
  'Groups',
  'Internal code groups',
  'Rotations',
  'Forwarding',
  'Domains',
];
/** Console time spent on each screen (its pings, polls and connectivity checks). */
const DWELL_MS = 20_000;

let dir: string;
let server: MockServer;
let browser: TestBrowser;
let base = '';

async function control(name: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${base}${CONTROL_PREFIX}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { status: boolean; message?: string; data: unknown };
  expect(res.status, `${name}: ${json.message ?? ''}`).toBe(200);
  return json.data;
}

async function sendMessage(content: string): Promise<void> {
  const { services } = server.mock;
  const token = services.sessions.create(services.users.byAccount('admin01')!.id, '127.0.0.1');
  const res = await fetch(`${base}/api/message/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ title: 'Maintenance', content, user_id: services.users.byAccount('customer01')!.id }),
  });
  expect(res.status).toBe(200);
}


beforeAll(async () => {
  // A private copy: another run may rebuild dist/client-dev meanwhile.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-debug-export-'));
  const staticDir = path.join(dir, 'site');
  fs.cpSync(await ensureDevClientBuilt(), staticDir, { recursive: true });
  server = createMockServer({ dbPath: ':memory:', seed: true, mode: 'test', staticDir, log: () => {} });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await launchBrowser({ locale: 'en-US' });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (server?.listening) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  if (dir && !process.env.KEEP_E2E) fs.rmSync(dir, { recursive: true, force: true });
});

describe('debug menu export of a long dev session', () => {
  it('exports several minutes over a dozen screens, with pushes, a reconnect and failed calls, and the file replays green', async () => {
    const page = await browser.browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    page.setDefaultTimeout(20_000);
    const start = Date.now() - 2 * 60_000;
    await page.clock.install({ time: start });
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    const settle = quietWatcher(page);
    /** The page's HTTP requests still waiting for their answer. */
    const inFlight = new Set<unknown>();
    page.on('request', (r) => inFlight.add(r));
    page.on('requestfinished', (r) => inFlight.delete(r));
    page.on('requestfailed', (r) => inFlight.delete(r));
    /**
     * Wait for a state of the page while its paused clock moves on by small steps: React reveals a screen after
     * a timer of its own, so a page whose clock stands still never gets there. The clock moves only while no
     * request is waiting for its answer: on busy cores a failed check's answer could otherwise arrive after the
     * next check's, and the state it sets would last no step at all.
     */
    const until = async (what: string, done: () => Promise<boolean>) => {
      for (let tries = 0; tries < 300; tries++) {
        if (await done()) return;
        await expect.poll(() => inFlight.size).toBe(0);
        if (await done()) return;
        await page.clock.runFor(100);
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`the page never showed ${what}`);
    };
    const shows = (what: Locator) => until(String(what), () => what.first().isVisible());
    const reach = (value: string) => until(`reach ${value}`, async () => (await page.locator('[data-reach]').getAttribute('data-reach', { timeout: 1_000 }).catch(() => null)) === value);
    // The server answers every frame the console sends (a login its ack, a ping its reply) over the network, in
    // real time, whatever the page's clock says.
    const socket = { sent: 0, received: 0, open: false };
    page.on('websocket', (ws) => {
      Object.assign(socket, { sent: 0, received: 0, open: true });
      ws.on('framesent', () => void (socket.sent += 1));
      ws.on('framereceived', () => void (socket.received += 1));
      ws.on('close', () => void (socket.open = false));
    });
    const answered = () => expect.poll(() => !socket.open || socket.received >= socket.sent, { timeout: 20_000 }).toBe(true);
    /**
     * Console time passes, a ping interval at a time (its timers fire), and after each the server's replies
     * arrive and the page's calls end before time moves on: the clock never outruns the server, so the
     * session's heartbeat holds as it would live.
     */
    const pass = async (ms: number) => {
      for (let left = ms; left > 0; left -= 5_000) {
        await page.clock.runFor(Math.min(5_000, left));
        await answered();
        await settle();
      }
    };

    await page.goto(`${base}/#/admin_login`);
    // From here the console's time moves only when the test moves it: every event of the session, from the
    // browser or the server, happens at an instant the test chose, and every timer fires at its own time.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await shows(page.getByRole('textbox', { name: 'Account' }));
    await page.getByRole('textbox', { name: 'Account' }).fill('customer01');
    await page.getByRole('textbox', { name: 'Password' }).fill('Customer123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await until('the console', async () => /#\/customer\//.test(page.url()));
    await reach('online');
    await answered();
    await settle();

    const visited: string[] = [];
    for (const [i, screen] of SCREENS.entries()) {
      // The QR code list's load fails (a development build's StrictMode opens it twice: both fail); Try again loads it.
      if (screen === 'QR codes') await control('http_fault', { path: 'qr_code_list/inquire', count: 2, status: 500, message: 'injected failure' });
      // The menu entry's address (its group may be folded): the screen as the menu opens it.
      const href = await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: screen, exact: true, includeHidden: true }).getAttribute('href');
      await page.goto(`${base}/${href ?? ''}`);
      await shows(page.locator('h1[data-page-heading]'));
      visited.push(new URL(page.url()).hash.slice(1));
      if (screen === 'QR codes') {
        await shows(page.getByRole('button', { name: 'Try again' }));
        await control('clear_faults', {});
        await page.getByRole('button', { name: 'Try again' }).click();
        await shows(page.getByRole('cell', { name: 'demo01', exact: true }));
      }
      await settle();
      await pass(DWELL_MS);
      if (i === 2) {
        await control('push', { to: { account: 'customer01' }, type: 5, data: { message: 'Saved by the server' } });
        await shows(page.getByText('Saved by the server'));
      }
      if (i === 4) {
        await sendMessage('Window tonight 22:00');
        const notice = page.getByRole('alert', { name: 'New message' }).filter({ hasText: 'Window tonight 22:00' });
        await shows(notice);
        await settle();
        await notice.getByRole('button', { name: 'Close' }).click();
      }
      if (i === 5) await control('push', { to: { account: 'customer01' }, type: 42, data: { hello: 'screens' } });
      if (i === 6) {
        // The server drops every socket (as a restart does): the console reconnects after its backoff.
        await control('drop_all', { code: 4010 });
        await reach('offline');
        await reach('online');
        await answered();
        await settle();
      }
      if (i === 8) {
        // The next connectivity check fails: offline until the one after.
        await control('http_fault', { path: 'ping', status: 503, message: 'injected failure' });
        await pass(10_000);
        await reach('offline');
        await pass(10_000);
        await reach('online');
      }
    }

    // The Debug menu: its popover opens at its button (bottom-right dock), not elsewhere on the page.
    const button = page.getByRole('button', { name: 'Debug menu' });
    await button.click();
    const menu = page.getByRole('menu', { name: 'Debug menu' });
    await shows(menu);
    await page.clock.runFor(500); // the popover's opening transition runs on the page clock
    const at = (await button.boundingBox())!;
    const box = (await menu.boundingBox())!;
    expect(Math.abs(box.x + box.width - (at.x + at.width)), JSON.stringify({ at, box })).toBeLessThanOrEqual(24);
    expect(at.y - (box.y + box.height), JSON.stringify({ at, box })).toBeGreaterThanOrEqual(0);
    expect(at.y - (box.y + box.height), JSON.stringify({ at, box })).toBeLessThanOrEqual(24);

    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export the last 15 minutes as a scenario' }).click();
    const file = path.join(dir, 'exported-session.json');
    await (await downloading).saveAs(file);
    const exported: Scenario = scenarioSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    await page.close();
    expect(pageErrors).toEqual([]);

    // The file holds the session: a dozen screens, several minutes, the pushes, the reconnect, the failed call.
    expect(exported.source).toBe('export');
    const steps = JSON.stringify(exported.steps);
    const routes = exported.steps.filter((s) => 'route' in s).map((s) => (s as { route: string }).route);
    expect(new Set(visited).size).toBe(SCREENS.length);
    for (const route of visited) expect(routes).toContain(route);
    const end = Math.max(...exported.steps.map((s) => ('advanceTo' in s ? s.advanceTo : 0)));
    expect(end).toBeGreaterThan(4 * 60_000);
    for (const fragment of ['{"login":{"via":"login"}}', '{"socket":{"close":4010}}', '"type":5', '"type":4', '"type":42', '"fail":503', '"path":"message/update_notify_status"']) {
      expect(steps).toContain(fragment);
    }
    const counted = (key: string) => exported.steps.reduce((n, s) => n + ('expect' in s ? (s.expect.counts?.[key] ?? 0) : 0), 0);
    expect(counted('connect')).toBe(2);
    expect(counted('toast:success')).toBe(1);
    expect(counted('frame:ping')).toBeGreaterThan(40);

    // And the QA runner replays it green: every count of effects between events, on the virtual clock.
    await playScenario(exported);
  }, 300_000);
});
