import { Classes } from '@blueprintjs/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, type ControlAnswer } from '../../contracts/index.ts';
import { startConsole, type ConsoleUnderTest } from './helpers/console.ts';
import { logIn } from './helpers/log-in.ts';
import { LOOKS, openInLook } from './helpers/look.ts';
import { texts } from './helpers/texts.ts';

/**
 * The console under socket faults, in Chromium against the real mock (test mode) through its control API, in
 * zh-CN light and en dark: a message the server pushes reads as news while one the poll finds waiting is the
 * spec's red notice; Search after a failed list load asks again (`http_fault`); heartbeat replies that stop
 * (`frame_fault drop`) are noticed and the console reconnects (Playwright's page clock makes the 12 s of
 * silence without waiting them); the server's deliberate close (`close` 3001) says what happened and offers
 * Reconnect and Log in again. The console's clock is the page clock; the server keeps the wall clock.
 */
let app: ConsoleUnderTest;
const base = () => app.url.replace(/\/$/, '');

async function control<T = unknown>(name: string, body: unknown): Promise<T> {
  const res = await fetch(`${base()}${CONTROL_PREFIX}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { status: boolean; message?: string; data: T };
  expect(res.status, `${name}: ${json.message ?? ''}`).toBe(200);
  return json.data;
}

/** admin01's session (the token an admin's console would hold). */
const adminToken = () => {
  const { services } = app.server.mock;
  return services.sessions.create(services.users.byAccount('admin01')!.id, '127.0.0.1');
};

async function sendMessage(title: string, content: string): Promise<void> {
  const res = await fetch(`${base()}/api/message/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: adminToken() },
    body: JSON.stringify({ title, content, user_id: app.server.mock.services.users.byAccount('customer01')!.id }),
  });
  expect(res.status).toBe(200);
}

/** customer01's logged-in sockets the hub holds. */
async function customerSockets(): Promise<number> {
  const state = await control<ControlAnswer<'state'>>('state', {});
  const id = app.server.mock.services.users.byAccount('customer01')!.id;
  return state.sockets.filter((s) => s.authenticated && s.user_id === id).length;
}

async function waitForReach(page: Page, reach: string): Promise<void> {
  await page.waitForFunction((r) => document.querySelector('[data-reach]')?.getAttribute('data-reach') === r, reach, { timeout: 20_000 });
}

/** Every reach the indicator shows from now on, with its visible label and the console's clock (page clock). */
async function noteReaches(page: Page): Promise<() => Promise<{ reach: string; label: string; at: number }[]>> {
  await page.evaluate(() => {
    const seen: { reach: string; label: string; at: number }[] = [];
    (window as unknown as { reaches: typeof seen }).reaches = seen;
    const el = document.querySelector('[data-reach]')!;
    new MutationObserver(() => {
      // The other states' labels are there too, hidden (they keep the tag's width): innerText skips them.
      const label = (el as HTMLElement).innerText.trim();
      seen.push({ reach: el.getAttribute('data-reach') ?? '', label, at: Date.now() });
    }).observe(el, { attributes: true, subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { reaches: { reach: string; label: string; at: number }[] }).reaches);
}

beforeAll(async () => {
  app = await startConsole();
}, 240_000);
afterAll(async () => {
  await app?.close();
});

describe.each(LOOKS)('socket faults in $lng $theme', (look) => {
  const t = texts(look.lng);
  let page: Page;

  beforeAll(async () => {
    // Waiting in customer01's inbox before the console opens: the first poll finds it.
    await sendMessage(`waiting ${look.lng}`, `A message that waited for you (${look.lng})`);
    page = await openInLook(app, look);
    page.setDefaultTimeout(20_000);
    await page.clock.install();
    await logIn(page, app.url, 'customer01', { lng: look.lng });
    await waitForReach(page, 'online');
  }, 60_000);
  afterAll(async () => {
    await page?.close();
  });

  it('shows a message found by the poll as the red notice, and one the server pushes as news', async () => {
    const notice = page.getByRole('alert', { name: t('messages.notice_label') });
    await page.clock.runFor(10_000); // the first poll's tick
    await notice.filter({ hasText: `A message that waited for you (${look.lng})` }).waitFor();
    expect(await notice.getAttribute('data-pushed')).toBe('false');
    expect(await notice.getAttribute('class')).toContain(Classes.INTENT_DANGER);
    await notice.getByRole('button', { name: t('common.actions.close') }).click();
    await notice.waitFor({ state: 'detached' });

    await sendMessage('News', `Pushed just now (${look.lng})`);
    await notice.filter({ hasText: `Pushed just now (${look.lng})` }).waitFor();
    expect(await notice.getAttribute('data-pushed')).toBe('true');
    const classes = (await notice.getAttribute('class')) ?? '';
    expect(classes).toContain(Classes.INTENT_PRIMARY);
    expect(classes).not.toContain(Classes.INTENT_DANGER);
    await notice.getByRole('button', { name: t('common.actions.close') }).click();
    await notice.waitFor({ state: 'detached' });
  }, 60_000);

  it('asks the list again when Search is pressed after a failed load', async () => {
    await control('http_fault', { path: 'qr_code_list/inquire', status: 500, message: 'injected failure' });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/qr_code_list/inquire')) asked.push(r.url());
    });
    await page.goto(`${app.url}#/customer/qr_code_list`);
    await page.getByText(t('common.states.load_failed')).waitFor();
    expect(asked).toHaveLength(1);
    // Search with the filters as they are (none): before, nothing was sent; only Try again asked again.
    await page.getByRole('search').getByRole('button', { name: t('common.actions.search'), exact: true }).click();
    await page.getByRole('cell', { name: 'demo01', exact: true }).first().waitFor();
    expect(asked).toHaveLength(2);
    // And once more with the list shown: Search still asks (a person pressing it wants fresh rows).
    await page.getByRole('search').getByRole('button', { name: t('common.actions.search'), exact: true }).click();
    await expect.poll(() => asked.length).toBe(3);
  }, 60_000);

  it('notices missing heartbeat replies, says it is reconnecting, and is back online', async () => {
    await waitForReach(page, 'online');
    const reaches = await noteReaches(page);
    const faultAt = await page.evaluate(() => Date.now());
    const journalFrom = Date.now(); // the server's journal is on the wall clock
    // The server's next two frames to customer01 (its replies to the next two pings) are never sent.
    await control('frame_fault', { to: { account: 'customer01' }, action: 'drop', count: 2 });
    await page.clock.runFor(12_500);
    await waitForReach(page, 'online');
    const seen = await reaches();
    const stale = seen.find((r) => r.reach === 'reconnecting');
    expect(stale, JSON.stringify(seen)).toBeDefined();
    expect(stale!.label).toBe(t('connectivity.reconnecting'));
    // Noticed at most 12 s after the last reply (which came at most a ping interval before the fault).
    expect(stale!.at - faultAt).toBeLessThanOrEqual(12_000);
    const back = seen.findLast((r) => r.reach === 'online')!;
    expect(back.at).toBeGreaterThan(stale!.at);
    expect(await customerSockets()).toBe(1);
    const dropped = await control<{ entries: { fault?: string }[] }>('journal', { kind: 'frame', direction: 'out', user: { account: 'customer01' }, since_ms: journalFrom, limit: 50 });
    expect(dropped.entries.filter((e) => e.fault === 'dropped')).toHaveLength(2);
  }, 60_000);

  it('after the server closes with 3001 says what happened and what to do: Reconnect, or Log in again', async () => {
    const notice = page.getByRole('alert').filter({ hasText: t('realtime.notice.server.title') });
    await control('close', { to: { account: 'customer01' }, code: 3001 });
    await waitForReach(page, 'disconnected');
    expect(await page.locator('[data-reach]').innerText()).toContain(t('connectivity.disconnected'));
    await notice.waitFor();
    expect(await notice.innerText()).toContain(t('realtime.notice.server.body'));
    expect(await customerSockets()).toBe(0);

    await notice.getByRole('button', { name: t('realtime.notice.reconnect') }).click();
    await waitForReach(page, 'online');
    await notice.waitFor({ state: 'detached' });
    expect(await customerSockets()).toBe(1);

    await control('close', { to: { account: 'customer01' }, code: 3001 });
    await notice.waitFor();
    await notice.getByRole('button', { name: t('realtime.notice.log_in_again') }).click();
    await page.waitForURL(/#\/admin_login/);
    await notice.waitFor({ state: 'detached' });
    expect(app.pageErrors).toEqual([]);
  }, 60_000);
});
