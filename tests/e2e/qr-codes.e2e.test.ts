import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { visitPath } from '../../contracts/index.ts';
import { useConsole } from './helpers/console.ts';
import { bytesOf } from './helpers/download.ts';
import { logIn } from './helpers/log-in.ts';

/**
 * Issue 4 in Chromium against the real mock server: customer01 creates a QR code on one of their domains
 * through the generic resource form, real visits go through GET /v/{code} (the visit path, X-Forwarded-For
 * honoured from loopback), the list and the share page show the counts, and the QR image downloads as PNG
 * and SVG without any request leaving the page's own origin.
 */

const app = useConsole();
let page: Page;
const CODE = 'e2eqr0001';
const KEY = 'e2ekey01';
const WECHAT_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-S9180) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36';

/** The visits the test makes: IP → [count, user agent]. */
export const VISITS: ReadonlyArray<readonly [ip: string, count: number, ua: string]> = [
  ['39.128.10.21', 21, WECHAT_IPHONE], // ≥ 20 visits: primary
  ['113.64.33.8', 11, ANDROID], // > 9: info
  ['112.224.5.7', 2, ANDROID], // same /24 as the next: warning
  ['112.224.5.99', 1, ANDROID],
  ['104.16.8.9', 1, ANDROID], // outside China: danger
  ['120.192.77.1', 3, WECHAT_IPHONE], // WeChat in China: success
];
export const TOTAL_VISITS = VISITS.reduce((n, [, c]) => n + c, 0);

async function visitAll(url: string, code: string): Promise<void> {
  for (const [ip, count, ua] of VISITS) {
    for (let i = 0; i < count; i++) {
      const res = await fetch(url.replace(/\/$/, '') + visitPath(code), { headers: { 'X-Forwarded-For': ip, 'User-Agent': ua }, redirect: 'manual' });
      expect(res.status).toBeLessThan(400);
      await res.arrayBuffer();
    }
  }
}

beforeAll(async () => {
  page = await app.context.newPage();
  // A wide screen: the list then has room for every column the test reads (visits and distinct IPs); at
  // 1366 px the measured fit leaves the distinct IPs out (column-priority.ts), as it should.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await logIn(page, app.url, 'customer01');
}, 120_000);

const row = (name: string) => page.getByRole('row').filter({ hasText: name });

describe('QR codes in Chromium', () => {
  it('creates a QR code on a domain through the schema-derived form, validating with the contract first', async () => {
    await page.goto(`${app.url}#/customer/qr_code_list`);
    await page.getByRole('table', { name: 'QR codes' }).getByRole('row').nth(1).waitFor();
    await page.getByRole('toolbar').getByRole('button', { name: 'Add' }).click();
    const form = page.getByRole('form', { name: /New/ });
    await form.waitFor();

    // Nothing filled: the request schema's rules show inline, and nothing is sent.
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('name may not be empty').waitFor();
    expect(await form.getByText('This field is required').count()).toBe(2); // domain, target URLs

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E poster');
    await form.getByRole('combobox', { name: 'Domain', exact: true }).selectOption({ label: 'entry1.example.com' });
    await form.getByRole('textbox', { name: 'Target URLs' }).fill('https://example.com/e2e-a\nhttps://example.com/e2e-b');
    await form.getByRole('textbox', { name: 'Code', exact: true }).fill(CODE);
    await form.getByRole('textbox', { name: 'Share password' }).fill(KEY);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached', timeout: 10_000 });

    const created = row('E2E poster');
    await created.waitFor();
    expect(await created.textContent()).toContain(CODE);
    expect(await created.textContent()).toContain('entry1.example.com');
    expect(await created.textContent()).toContain('https://example.com/e2e-a');
  });

  it('shows real visits made through GET /v/{code} in the list and on the share page', async () => {
    await visitAll(app.url, CODE);
    await page.getByRole('button', { name: 'Reload' }).click();
    const created = row('E2E poster');
    // Visits and distinct IPs columns.
    await expect.poll(async () => (await created.getByRole('cell').allTextContents()).map((s) => s.trim()), { timeout: 10_000 }).toEqual(
      expect.arrayContaining([String(TOTAL_VISITS), String(VISITS.length)]),
    );

    const share = await app.context.newPage();
    await share.addInitScript(() => localStorage.setItem('language', 'en'));
    await share.goto(`${app.url}#/share_access?name=${CODE}&password=${KEY}`);
    await share.getByTestId('share-visits').waitFor();
    expect(Number(await share.getByTestId('share-visits').textContent())).toBe(TOTAL_VISITS);
    expect(Number(await share.getByTestId('share-ips').textContent())).toBe(VISITS.length);
    await share.close();
  });

  it('previews the QR image and downloads it as PNG and SVG, all from the page itself', async () => {
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(app.url) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) foreign.push(r.url());
    });
    const created = row('E2E poster');
    await created.getByRole('button', { name: 'QR code' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('img', { name: /QR code of E2E poster/ }).waitFor();
    expect(await dialog.getByLabel('Encoded address').inputValue()).toBe(`http://entry1.example.com${visitPath(CODE)}?s=1`);

    const [svg] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download SVG' }).click()]);
    expect(svg.suggestedFilename()).toBe(`qr-${CODE}.svg`);
    const svgText = (await bytesOf(svg)).toString('utf8');
    expect(svgText).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svgText).toContain('<path d="M');

    const [png] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PNG' }).click()]);
    expect(png.suggestedFilename()).toBe(`qr-${CODE}.png`);
    const bytes = await bytesOf(png);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.length).toBeGreaterThan(500);

    await dialog.getByRole('button', { name: 'Close' }).last().click();
    expect(foreign).toEqual([]);
  });

  it('shows the access log of the code in a nested list and moves it to the recycle bin with confirmation', async () => {
    const created = row('E2E poster');
    await created.getByRole('button', { name: 'Access log' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('table', { name: 'Access log' }).waitFor();
    await expect.poll(() => dialog.getByText(`of ${TOTAL_VISITS}`).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await created.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const alert = page.getByRole('alertdialog');
    // The question names the code and says it goes to the bin, from where it comes back (issue 22).
    await alert.getByText(`Move QR code ${CODE} to the recycle bin? Its link stops working until you restore it from Removed QR codes.`).waitFor();
    await alert.getByRole('button', { name: 'Delete' }).click();
    await row('E2E poster').waitFor({ state: 'detached', timeout: 10_000 });

    await page.goto(`${app.url}#/customer/qr_code_remove`);
    const removed = row('E2E poster');
    await removed.waitFor({ timeout: 10_000 });
    await removed.getByRole('button', { name: 'Restore' }).click();
    // Restoring asks first, naming the code.
    const restore = page.getByRole('alertdialog');
    await restore.getByText(`Restore QR code ${CODE} from the recycle bin?`, { exact: false }).waitFor();
    await restore.getByRole('button', { name: 'Confirm' }).click();
    await removed.waitFor({ state: 'detached', timeout: 10_000 });
  });
});
