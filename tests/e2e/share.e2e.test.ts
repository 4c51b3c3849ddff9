import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { visitPath } from '../../contracts/index.ts';
import { useConsole } from './helpers/console.ts';

/**
 * The public share page (/share_access?name=&password=) in Chromium against the real mock server: its figures
 * come from qr_code_list/share_access, refresh every 5 s, follow real visits (GET /v/<file_name>, the QR
 * helper's visit path, from distinct client IPs via X-Forwarded-For, which the server trusts from loopback
 * only), stop refreshing when the page is left, and a missing parameter or a refused call shows the page
 * error in both languages.
 */

const app = useConsole();


async function openShare(query: string, language: 'en' | 'zh-CN'): Promise<{ page: Page; shareCalls: () => number }> {
  const page = await app.context.newPage();
  await page.addInitScript((lng) => localStorage.setItem('language', lng), language);
  let calls = 0;
  page.on('request', (r: Request) => {
    if (r.url().endsWith('/api/qr_code_list/share_access')) calls++;
  });
  await page.goto(`${app.url}#/share_access${query}`);
  return { page, shareCalls: () => calls };
}

async function visit(fileName: string, ip: string): Promise<void> {
  const res = await fetch(app.url.replace(/\/$/, '') + visitPath(fileName), { headers: { 'X-Forwarded-For': ip }, redirect: 'manual' });
  expect(res.status).toBeLessThan(400);
}

const figure = (page: Page, id: 'share-visits' | 'share-ips') => page.getByTestId(id).textContent().then(Number);

describe('share page in Chromium', () => {
  it('shows the title and figures, follows new visits within one refresh, and stops refreshing when left', async () => {
    const { page, shareCalls } = await openShare('?name=demo01&password=share01', 'en');
    await page.getByRole('heading', { name: /春季活动/ }).waitFor();
    const visits = await figure(page, 'share-visits');
    const ips = await figure(page, 'share-ips');
    expect(visits).toBeGreaterThan(0);

    await visit('demo01', '203.0.113.71');
    await visit('demo01', '203.0.113.72');
    await visit('demo01', '203.0.113.72');
    // The next 5 s refresh shows them: 3 more visits, 2 more distinct IPs.
    await page.waitForFunction((v) => document.querySelector('[data-testid="share-visits"]')?.textContent === String(v), visits + 3, { timeout: 8_000 });
    expect(await figure(page, 'share-ips')).toBe(ips + 2);

    // Cadence: about one call per 5 s while open.
    const before = shareCalls();
    await page.waitForTimeout(10_500);
    expect(shareCalls() - before).toBeGreaterThanOrEqual(2);
    expect(shareCalls() - before).toBeLessThanOrEqual(3);

    // Leaving the page stops the refresh.
    await page.evaluate(() => (location.hash = '#/admin_login'));
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    const left = shareCalls();
    await page.waitForTimeout(6_000);
    expect(shareCalls()).toBe(left);
    await page.close();
  }, 60_000);

  it('shows the page error without calling when a parameter is missing (English and Chinese)', async () => {
    const en = await openShare('?name=demo01', 'en');
    await en.page.getByText('page error, contact the administrator').waitFor();
    const zh = await openShare('?password=share01', 'zh-CN');
    await zh.page.getByText('页面错误，请联系管理员').waitFor();
    await en.page.waitForTimeout(5_500);
    expect(en.shareCalls()).toBe(0);
    expect(zh.shareCalls()).toBe(0);
    await en.page.close();
    await zh.page.close();
  }, 30_000);

  it('shows the page error when the call is refused (wrong password)', async () => {
    const { page, shareCalls } = await openShare('?name=demo01&password=wrong', 'en');
    await page.getByText('page error, contact the administrator').waitFor();
    expect(shareCalls()).toBe(1);
    expect(await page.getByTestId('share-visits').count()).toBe(0);
    await page.close();
  }, 30_000);
});
