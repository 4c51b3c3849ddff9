import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, Direction, frameDefs, type JournalEntry } from '../../contracts/index.ts';
import { scenario as scenarioSchema } from '../../contracts/scenario.ts';
import { ensureClientBuilt, ensureCockpitBuilt, ensureDevClientBuilt } from '../../harness/build.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import type { Saga } from '../../client/state/sagas/call.ts';
import { control } from '../helpers/control.ts';
import { playScenario, ScenarioFailure } from '../scenarios/harness.ts';
import { launchBrowser, type TestBrowser } from './helpers/browser.ts';
import { logIn } from './helpers/log-in.ts';
import { texts } from './helpers/texts.ts';

/**
 * The QA cockpit beside a console session, in Chromium: customer01's console in one window, the cockpit (served
 * by the mock at /__control/cockpit/) in another. The console's calls appear on the cockpit's time line as they
 * happen; a fault armed on the selected call is met by the console and marked on the time line; a 3001 close
 * armed from the cockpit ends the console's socket; a frame pushed from its generated form reaches the console
 * (every type the server sends, with data its form makes fit the contract);
 * a state loads with its time; the journal exports as JSON Lines; the session saved as a scenario replays green.
 * Every wait is for a state of one of the two pages, never for time.
 */

const t = texts('en');
let dir: string;
let server: TestServer;
let browser: TestBrowser;
let consolePage: Page;
let cockpit: Page;
const pageErrors: string[] = [];

/** Data that fits each server frame's contract (none for the frames that carry none), typed in the push form. */
const FRAME_SAMPLES: Record<string, Record<string, unknown> | null> = {
  heartbeat_ack: null,
  reload: null,
  close: null,
  message: { id: 1, title: 'Pushed title', content: 'Pushed for every type' },
  reply: { status: true, message: 'Every type: reply' },
  login_ack: { status: true },
  job_progress: { id: 1, type: 1, status: 1, progress: 50, message: 'half way', link: '' },
  statistics_live: { seconds: [], visits: [] },
  payment: { order_id: 1, order_no: 'P-1', status: 1 },
  menu_refresh: null,
  shield_status: { domain_id: 1, domain: 'a.example.com', status: 1, display_type: 1, spare_domain: '', moved: 0, codes_left: 0, message: '' },
  balance: { balance_micro: 0 },
};

/** The line the cockpit says after an action (its status callout). */
const said = () => cockpit.locator('.said');
/** The time line's lines whose text matches. */
const lines = (text: string | RegExp): Locator => cockpit.getByRole('listbox', { name: 'Time line' }).getByRole('option').filter({ hasText: text });

async function waitForReach(reach: string): Promise<void> {
  await consolePage.waitForFunction((r) => document.querySelector('[data-reach]')?.getAttribute('data-reach') === r, reach, { timeout: 20_000 });
}

async function tab(name: 'Entry' | 'Drive' | 'Keep') {
  await cockpit.getByRole('tab', { name }).click();
}

/** A titled part of the cockpit's side panel. */
const part = (name: string) => cockpit.getByRole('region', { name });

async function setFilter(label: string, value: string) {
  await cockpit.getByRole('textbox', { name: label }).fill(value);
}

beforeAll(async () => {
  const [staticDir, cockpitDir] = [await ensureClientBuilt(), await ensureCockpitBuilt()];
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-cockpit-'));
  server = await startTestServer({ dbPath: path.join(dir, 'mock.db'), staticDir, cockpitDir });
  browser = await launchBrowser({ locale: 'en-US' });
  consolePage = await browser.browser.newPage();
  await consolePage.addInitScript(() => localStorage.setItem('language', 'en'));
  consolePage.on('pageerror', (e) => pageErrors.push(`console: ${e.message}`));
  await logIn(consolePage, server.url, 'customer01');
  await waitForReach('online');

  cockpit = await browser.browser.newPage();
  cockpit.on('pageerror', (e) => pageErrors.push(`cockpit: ${e.message}`));
  // The address without its slash: the mock redirects to the page's folder, keeping the query.
  await cockpit.goto(`${server.url}${CONTROL_PREFIX}/cockpit?lng=en`);
  await cockpit.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 20_000 });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every file of a build folder, with its text. */
function filesOf(root: string): { file: string; text: string }[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return { file: path.relative(root, file), text: fs.readFileSync(file).toString('latin1') };
    });
}

describe('the console’s production build', () => {
  it('holds nothing of the cockpit (its own build does)', async () => {
    const [consoleBuild, cockpitBuild] = [await ensureClientBuilt(), await ensureCockpitBuilt()];
    // Strings only the cockpit's code has: its name, its storage keys, its scenario's description.
    const marks = [/cockpit/i, /Saved from the QA cockpit/, /journal\/clear/];
    // The Debug recorder's effect shipping (development builds only): its control call's name.
    const devOnly = [/console_effects/];
    const found = filesOf(consoleBuild).flatMap(({ file, text }) => [...marks, ...devOnly].filter((m) => m.test(text)).map((m) => `${file}: ${m}`));
    expect(found).toEqual([]);
    const own = filesOf(cockpitBuild).map((f) => f.text).join('\n');
    for (const m of marks) expect(own, String(m)).toMatch(m);
    const dev = filesOf(await ensureDevClientBuilt()).map((f) => f.text).join('\n');
    for (const m of devOnly) expect(dev, String(m)).toMatch(m);
  }, 240_000); // three builds when their sources changed
});

describe('the QA cockpit beside the console', () => {
  beforeEach(async () => {
    await cockpit.getByRole('button', { name: 'Clear filters' }).click();
  });

  it('shows a call live, and a fault armed on it is met by the console and marked on the time line', async () => {
    await setFilter('Call or frame', 'qr_code_list/inquire');
    expect(await lines('qr_code_list/inquire').count()).toBe(0);
    await consolePage.goto(`${server.url}/#/customer/qr_code_list`);
    const call = lines('qr_code_list/inquire').first();
    await call.waitFor(); // arrived by the long poll, without a reload of the cockpit
    expect(await call.innerText()).toContain('customer01');

    // The entry in full, masked, with its contract from the served OpenAPI document.
    await call.click();
    const details = cockpit.locator('.entry-details');
    await details.getByRole('heading', { name: 'Contract' }).waitFor();
    expect(await details.innerText()).toContain('"token": "***"');
    expect(await details.innerText()).toContain('requestBody');

    // Arm a 503 on the selected call (its path is filled in from the selection).
    await tab('Drive');
    const http = part('HTTP fault on a call');
    expect(await http.getByLabel('Call', { exact: true }).inputValue()).toBe('qr_code_list/inquire');
    await http.getByLabel('Status', { exact: true }).fill('503');
    await http.getByLabel('Message', { exact: true }).fill('Armed from the cockpit');
    await http.getByRole('button', { name: 'Arm the fault' }).click();
    await said().filter({ hasText: 'Fault armed on qr_code_list/inquire: 503, for the next 1 call(s).' }).waitFor();

    // The console meets it: the list's read fails with the server's message.
    await consolePage.reload();
    await consolePage.getByText('Armed from the cockpit').first().waitFor({ timeout: 20_000 });

    // And the time line marks it: the faulted call (the fault named, the status it answered), and the cockpit's action.
    await setFilter('Status (200, 4xx, fault)', 'fault');
    const faulted = lines('qr_code_list/inquire').first();
    await faulted.waitFor();
    expect(await faulted.getAttribute('data-mark')).toBe('fault');
    expect(await faulted.locator('.status').innerText()).toMatch(/^503\s+status$/);
    await setFilter('Call or frame', '');
    await setFilter('Status (200, 4xx, fault)', '');
    // Only the lines in view are drawn (the list is virtualised): look for a line as QA would, by its text.
    await setFilter('Text', 'Fault armed on');
    await lines('Fault armed on qr_code_list/inquire').waitFor();
  }, 60_000);

  it('closes the console’s socket with 3001 from the cockpit, and the console says so', async () => {
    await tab('Drive');
    const socket = part('Socket frames of a user');
    await socket.getByLabel('Account', { exact: true }).fill('customer01');
    expect(await socket.getByLabel('Close code').inputValue()).toBe('3001');
    await socket.getByRole('button', { name: 'Close the sockets' }).click();
    await said().filter({ hasText: '1 socket(s) of customer01 closed with 3001.' }).waitFor();
    await waitForReach('disconnected');
    const notice = consolePage.getByRole('alert').filter({ hasText: t('realtime.notice.server.title') });
    await notice.waitFor();
    await notice.getByRole('button', { name: t('realtime.notice.reconnect') }).click();
    await waitForReach('online');
  }, 60_000);

  it('pushes a reply frame from the form its schema generates, and the console shows it', async () => {
    await tab('Drive');
    await cockpit.getByLabel('Frame type').selectOption({ label: 'reply (5)' });
    // reply's data { status?: boolean, message: string }: a checkbox and a text field.
    expect(await cockpit.getByRole('checkbox', { name: 'status' }).isChecked()).toBe(false);
    await cockpit.locator('#push-field-message').fill('Pushed from the cockpit');
    await cockpit.getByRole('button', { name: 'Push', exact: true }).click();
    await said().filter({ hasText: 'Frame reply (5) pushed to customer01: 1 socket(s).' }).waitFor();
    await consolePage.getByText('Pushed from the cockpit').first().waitFor();
    // The frame on the time line, by its registered name (filtered to it: only the lines in view are drawn).
    await setFilter('Call or frame', 'reply');
    await lines(/↓ reply \(5\)/).first().waitFor();
    // Data off the schema (job_progress's id 0) goes as it is, to test the console with it, and the cockpit says so.
    await cockpit.getByLabel('Frame type').selectOption({ label: 'job_progress (20)' });
    await cockpit.getByRole('button', { name: 'Push', exact: true }).click();
    await said().filter({ hasText: /pushed to customer01: 1 socket\(s\)\. Its data does not fit the frame’s contract \(id: / }).waitFor();
  }, 60_000);

  it('pushes every server frame type from the form its schema generates: each fits its contract, reaches the console and is on the time line', async () => {
    await tab('Drive');
    const sent = frameDefs.filter((d) => d.direction === Direction.toClient);
    // Every type the registry lets the server send has data here; the two that end the page's socket come last.
    expect(sent.map((d) => d.name).sort()).toEqual(Object.keys(FRAME_SAMPLES).sort());
    const last = ['reload', 'close'];
    for (const def of [...sent.filter((d) => !last.includes(d.name)), ...last.map((n) => sent.find((d) => d.name === n)!)]) {
      const sample = FRAME_SAMPLES[def.name];
      if (def.data) expect(def.data.safeParse(sample).success, def.name).toBe(true);
      await cockpit.getByLabel('Frame type').selectOption({ label: `${def.name} (${def.type})` });
      for (const [field, value] of Object.entries(sample ?? {})) {
        const input = cockpit.locator(`#push-field-${field}`);
        if (typeof value === 'boolean') {
          // Blueprint draws the box over the input: ticked from the keyboard.
          if ((await input.isChecked()) !== value) {
            await input.focus();
            await cockpit.keyboard.press('Space');
          }
          expect(await input.isChecked()).toBe(value);
        } else if ((await input.evaluate((e) => e.tagName)) === 'SELECT') await input.selectOption(String(value));
        else await input.fill(typeof value === 'object' ? JSON.stringify(value) : String(value));
      }
      const reloaded = def.name === 'reload' ? consolePage.waitForEvent('load') : null;
      await cockpit.getByRole('button', { name: 'Push', exact: true }).click();
      // Said without "does not fit the frame's contract": the generated form made data the registry accepts.
      await said().filter({ hasText: new RegExp(`^Frame ${def.name} \\(${def.type}\\) pushed to customer01: 1 socket\\(s\\)\\.$`) }).waitFor();
      // On the time line, looked for as QA would (only the lines in view are drawn).
      await setFilter('Call or frame', def.name);
      await lines(`↓ ${def.name} (${def.type})`).first().waitFor();
      await setFilter('Call or frame', '');
      if (reloaded) {
        await reloaded;
        await waitForReach('online');
      }
    }
    // `close` ended the console's socket as the server asked: the console says so and reconnects when told.
    await waitForReach('disconnected');
    const notice = consolePage.getByRole('alert').filter({ hasText: t('realtime.notice.server.title') });
    await notice.getByRole('button', { name: t('realtime.notice.reconnect') }).click();
    await waitForReach('online');
  }, 90_000);

  it('saves the live data as a state and loads it, saying how long the load took', async () => {
    await tab('Drive');
    const states = part('States');
    await states.getByRole('textbox', { name: 'Name' }).fill('cockpit-e2e');
    await states.getByRole('button', { name: 'Save the live data' }).click();
    await said().filter({ hasText: /^State cockpit-e2e saved \(\d+ bytes, [\d.]+ ms\)\.$/ }).waitFor();
    // Saved with the console's session in it, so the console signs back in after the load closes its socket (4010).
    await states.getByRole('button', { name: 'Load cockpit-e2e' }).click();
    await said().filter({ hasText: /^State cockpit-e2e loaded in [\d.]+ ms\.$/ }).waitFor({ timeout: 30_000 });
    await states.getByText(/last load [\d.]+ ms/).waitFor();
    await waitForReach('online');
    // A state name the server refuses is said in its words, and nothing is saved.
    await states.getByRole('textbox', { name: 'Name' }).fill('Not A Name');
    await states.getByRole('button', { name: 'Save the live data' }).click();
    await said().filter({ hasText: /^Refused: .*state name/ }).waitFor();
  }, 60_000);

  it('is used from the keyboard: the time line focused, a line selected with the arrows, a span marked with Shift', async () => {
    await tab('Entry');
    // The cockpit's own lines only: the console's polls would move the end of the list meanwhile.
    await cockpit.getByRole('combobox', { name: 'Kind' }).selectOption('action');
    await cockpit.keyboard.press('Alt+t');
    const list = cockpit.getByRole('listbox', { name: 'Time line' });
    await expect.poll(() => list.evaluate((el) => el === document.activeElement)).toBe(true);
    await cockpit.keyboard.press('End');
    await cockpit.keyboard.press('ArrowUp');
    const selected = list.getByRole('option', { selected: true });
    await selected.waitFor();
    const total = Number(await selected.getAttribute('aria-setsize'));
    expect(Number(await selected.getAttribute('aria-posinset'))).toBe(total - 1);
    await cockpit.keyboard.press('Shift+ArrowUp');
    await cockpit.keyboard.press('Shift+ArrowUp');
    await cockpit.getByText(`Span: entries ${total - 3}–${total - 1}`).waitFor();
    // Back to the whole session for what follows.
    await cockpit.keyboard.press('End');
    await cockpit.getByText('Span: the whole session').waitFor();
  }, 60_000);

  it('exports the journal as JSON Lines and saves the session as a scenario that replays green', async () => {
    await tab('Keep');
    let downloading = cockpit.waitForEvent('download');
    await cockpit.getByRole('button', { name: 'Export journal (JSON Lines)' }).click();
    const jsonl = path.join(dir, 'journal.jsonl');
    await (await downloading).saveAs(jsonl);
    const entries = fs
      .readFileSync(jsonl, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as JournalEntry);
    expect(entries.some((e) => e.kind === 'api' && e.call === 'qr_code_list/inquire' && e.status === 503)).toBe(true);
    expect(entries.some((e) => e.kind === 'frame' && e.direction === 'out' && e.frame_type === 5)).toBe(true);
    await said().filter({ hasText: `Journal exported: ${entries.length} entries` }).waitFor();

    downloading = cockpit.waitForEvent('download');
    await cockpit.getByLabel('Whose console').fill('customer01');
    await cockpit.getByRole('button', { name: 'Save as scenario' }).click();
    const file = path.join(dir, 'saved.json');
    await (await downloading).saveAs(file);
    const saved = scenarioSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    const steps = JSON.stringify(saved.steps);
    expect(steps).toContain('"message":"Pushed from the cockpit"');
    await playScenario(saved);
    expect(pageErrors).toEqual([]);
  }, 60_000);
});

describe('opened from a development build of the console', () => {
  it('by its hotkey and from the Debug menu, in the console’s language', async () => {
    const devServer = await startTestServer({ dbPath: path.join(dir, 'dev.db'), staticDir: await ensureDevClientBuilt(), cockpitDir: await ensureCockpitBuilt() });
    try {
      const page = await browser.browser.newPage();
      await page.addInitScript(() => localStorage.setItem('language', 'en'));
      await page.goto(`${devServer.url}/#/admin_login`);
      const debug = page.getByRole('button', { name: 'Debug menu' });
      await debug.waitFor();

      let opening = browser.browser.waitForEvent('page');
      await page.keyboard.press('Alt+Shift+Q');
      let opened = await opening;
      await opened.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 20_000 });
      expect(new URL(opened.url()).pathname).toBe(`${CONTROL_PREFIX}/cockpit/`);
      expect(new URL(opened.url()).searchParams.get('lng')).toBe('en');
      await opened.close();

      opening = browser.browser.waitForEvent('page');
      await debug.click();
      await page.getByRole('menuitem', { name: /Open the QA cockpit/ }).click();
      opened = await opening;
      await opened.getByRole('heading', { name: 'QA cockpit' }).waitFor({ timeout: 20_000 });
      await opened.close();
      await page.close();
    } finally {
      await devServer.close();
    }
  }, 240_000);
});

describe('a development console’s saga effects on the time line', () => {
  let devServer: TestServer;
  let dev: Page;
  let view: Page;
  const viewLines = (text: string | RegExp): Locator => view.getByRole('listbox', { name: 'Time line' }).getByRole('option').filter({ hasText: text });

  beforeAll(async () => {
    devServer = await startTestServer({ dbPath: path.join(dir, 'effects.db'), staticDir: await ensureDevClientBuilt(), cockpitDir: await ensureCockpitBuilt() });
    dev = await browser.browser.newPage();
    await dev.addInitScript(() => localStorage.setItem('language', 'en'));
    dev.on('pageerror', (e) => pageErrors.push(`dev console: ${e.message}`));
    await logIn(dev, devServer.url, 'customer01');
    view = await browser.browser.newPage();
    view.on('pageerror', (e) => pageErrors.push(`cockpit (dev): ${e.message}`));
    await view.goto(`${devServer.url}${CONTROL_PREFIX}/cockpit/?lng=en`);
    await view.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 20_000 });
  }, 240_000);
  afterAll(async () => {
    await dev?.close();
    await view?.close();
    await devServer?.close();
  });

  it('shows the effects the console’s sagas ran, of its user, with a kind filter and their detail', async () => {
    await view.getByRole('combobox', { name: 'Kind' }).selectOption('effect');
    // Only effects pass the filter; a call's HTTP entry and its effect are both there without it.
    const drawn = view.getByRole('listbox', { name: 'Time line' }).getByRole('option');
    await drawn.first().waitFor({ timeout: 20_000 });
    expect(new Set(await drawn.locator('.kind').allInnerTexts())).toEqual(new Set(['effect']));
    // The console's socket login (an output of its real-time saga), sent by its Debug recorder with its token;
    // looked for by its name, since only the lines in view are drawn.
    await view.getByRole('textbox', { name: 'Call or frame' }).fill('frame:login');
    const login = viewLines(/^.*frame:login/).first();
    await login.waitFor({ timeout: 20_000 });
    expect(await login.innerText()).toContain('customer01');
    await login.click();
    const details = view.locator('.entry-details');
    await details.getByText(/^Console page [0-9a-f]{16}; kept by the Debug export\.$/).waitFor();
    expect(await details.innerText()).toContain('"output": "frame:login"');

    // The console's calls too, and their answers where they came back (the message poll the QA runner replays).
    await view.getByRole('textbox', { name: 'Call or frame' }).fill('answer:message/inquire');
    await viewLines('answer:message/inquire').first().click();
    await details.getByText(/"answer": \{/).first().waitFor();
    await view.getByRole('button', { name: 'Clear filters' }).click();

    // The kind's name in both languages.
    await view.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
    expect(await view.getByRole('combobox', { name: '类别' }).locator('option[value="effect"]').innerText()).toBe('副作用');
    await view.getByRole('combobox', { name: '语言' }).selectOption('en');
    expect(await view.getByRole('combobox', { name: 'Kind' }).locator('option[value="effect"]').innerText()).toBe('effect');
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('saves the session with the answers the console’s calls got: it replays green, and fails without the message poll', async () => {
    // The rule the span exercises: a message frame makes the console read its messages at once.
    const pushedAt = Date.now();
    await control(devServer, 'push', { to: { account: 'customer01' }, type: 4, data: { id: 7, title: 'From the cockpit test', content: 'Read me' } });
    const effectsSince = (text: string) => control(devServer, 'journal/count', { kind: 'effect', text, since_ms: pushedAt - 1_000 }).then((r) => r.count);
    await expect.poll(() => effectsSince('socket:frame:4'), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => effectsSince('answer:message/inquire'), { timeout: 20_000 }).toBeGreaterThan(0);

    await view.getByRole('button', { name: 'Clear filters' }).click();
    await view.getByRole('tab', { name: 'Keep' }).click();
    const downloading = view.waitForEvent('download');
    await view.getByLabel('Whose console').fill('customer01');
    await view.getByRole('button', { name: 'Save as scenario' }).click();
    const file = path.join(dir, 'saved-effects.json');
    await (await downloading).saveAs(file);
    await view.locator('.said').filter({ hasText: /effects of the console over \d+ s from its start, with the \d+ answer\(s\) its calls got/ }).waitFor();
    const saved = scenarioSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    const steps = JSON.stringify(saved.steps);
    expect(steps).toContain('{"http":{"path":"message/inquire","data":');
    expect(steps).toContain('{"answer":"message/inquire"}');
    expect(steps).toContain('"From the cockpit test"');
    expect(steps).toContain('"counts":{');

    await playScenario(saved);
    // Broken rule: the console no longer polls its messages (nor on a message frame).
    const nothing = function* (): Saga {};
    await expect(playScenario(saved, { watchers: { polling: () => nothing() } })).rejects.toThrow(ScenarioFailure);
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
