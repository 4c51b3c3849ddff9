import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, type ControlBody, type ControlName } from '../../contracts/index.ts';
import { CALL_TIMEOUT_MS } from '../../client/io/call-api.ts';
import { useConsole } from './helpers/console.ts';
import { logIn } from './helpers/log-in.ts';

/**
 * "The server did not answer" in Chromium: the control API holds the list's read (`http_fault` with a delay
 * longer than the call's time limit, twice, since a read is retried once); Playwright's clock moves the page
 * past each limit; the list says the server did not answer and offers Try again, which loads it once the
 * fault is gone. A failing fault (a status) is an answer: shown as the server's message, never resent.
 */
const app = useConsole();
let page: Page;

async function control<N extends ControlName>(name: N, body: ControlBody<N>): Promise<void> {
  const res = await fetch(`${app.url.replace(/\/$/, '')}${CONTROL_PREFIX}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

const isList = (url: string) => url.endsWith('/api/qr_code_list/inquire');

beforeAll(async () => {
  page = await app.context.newPage();
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.clock.install();
  await logIn(page, app.url, 'customer01');
}, 120_000);

describe('a call with no answer', () => {
  it('times out (a read twice), shows "did not answer" with Try again, and recovers', async () => {
    await control('http_fault', { path: 'qr_code_list/inquire', count: 2, delay_ms: 60_000 });
    const first = page.waitForRequest((r) => isList(r.url()));
    await page.goto(`${app.url}#/customer/qr_code_list`);
    await first;
    const second = page.waitForRequest((r) => isList(r.url()));
    await page.clock.fastForward(CALL_TIMEOUT_MS);
    await second; // the read was sent once more after the first time limit
    await page.clock.fastForward(CALL_TIMEOUT_MS);
    await page.getByText('The server did not answer. Try again.').waitFor({ timeout: 10_000 });

    const answered = page.waitForResponse((r) => isList(r.url()) && r.status() === 200);
    await page.getByRole('button', { name: 'Try again' }).first().click();
    await answered;
    await page.getByRole('table', { name: 'QR codes' }).getByRole('row').nth(1).waitFor();
    expect(await page.getByText('The server did not answer').count()).toBe(0);
  }, 60_000);

  it('an answered failure (fault with a status) is shown as the server said it, and not sent twice', async () => {
    await control('http_fault', { path: 'qr_code_list/inquire', count: 1, status: 503, message: 'Maintenance window' });
    const sent: string[] = [];
    const onRequest = (r: { url(): string }) => void (isList(r.url()) && sent.push(r.url()));
    page.on('request', onRequest);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByText('Maintenance window').waitFor({ timeout: 10_000 });
    page.off('request', onRequest);
    expect(sent).toHaveLength(1);
    expect(await page.getByText('The server did not answer').count()).toBe(0);
  }, 30_000);
});
