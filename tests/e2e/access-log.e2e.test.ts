import fs from 'node:fs';
import path from 'node:path';
import { Classes } from '@blueprintjs/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_LOG_FILTERS,
  accessLogFilterCounts,
  buildVisitorContext,
  ipBadge,
  qrCodeAccessPublicEnquiry,
  type VisitorRecord,
  visitPath,
} from '../../contracts/index.ts';
import { useConsole } from './helpers/console.ts';
import { logIn } from './helpers/log-in.ts';
import { texts } from './helpers/texts.ts';

/**
 * The public /access_log page in Chromium against the real mock server: visits go through GET /v/{code}; the
 * lookup sends exactly §7's payload; the table shows §9's badges and the filter buttons count live; the §5
 * messages appear inline in both languages. Expected badges are stated per IP (so the page cannot agree with
 * a wrong rule) and the counts are checked against the contract's own functions over the API's answer.
 */

const WECHAT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-S9180) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';

/** IP → visits, user agent and the badge §9 gives it. */
const PLAN: ReadonlyArray<readonly [ip: string, visits: number, ua: string, badge: string]> = [
  ['39.128.10.21', 20, WECHAT, 'primary'], // ≥ 20
  ['113.64.33.8', 10, ANDROID, 'info'], // > 9
  ['112.224.5.7', 2, ANDROID, 'warning'], // shares 112.224.5 with the next
  ['112.224.5.99', 1, IPHONE, 'warning'],
  ['104.16.8.9', 1, ANDROID, 'danger'], // outside China
  ['120.192.77.1', 3, WECHAT, 'success'], // WeChat in China
  ['171.208.4.4', 2, IPHONE, 'none'],
];

const app = useConsole();
const SHOTS = process.env.SHOTS_DIR ?? '.tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });
const origin = () => app.url.replace(/\/$/, '');

beforeAll(async () => {
  for (const [ip, n, ua] of PLAN) {
    for (let i = 0; i < n; i++) {
      const res = await fetch(origin() + visitPath('demo02'), { headers: { 'X-Forwarded-For': ip, 'User-Agent': ua }, redirect: 'manual' });
      expect(res.status).toBeLessThan(400);
      await res.arrayBuffer();
    }
  }
}, 120_000);

async function open(language: 'en' | 'zh-CN', query = '?file_name=demo02&key=share02'): Promise<Page> {
  const page = await app.context.newPage();
  await page.addInitScript((lng) => localStorage.setItem('language', lng), language);
  await page.goto(`${app.url}#/access_log${query}`);
  await page.locator('textarea').waitFor({ timeout: 15_000 });
  return page;
}

const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe('/access_log in Chromium', () => {
  it('sends §7 payload, shows §9 badges and live filter counts that agree with the contract rules', async () => {
    const page = await open('en');
    const sent: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/qr_code_access/public_enquiry')) sent.push(r.postDataJSON());
    });
    await page.getByRole('textbox', { name: /IP addresses/ }).fill(PLAN.map(([ip]) => ip).join('\n'));
    // The visits above came in on this server's own host name (the seed's demo visits are on the code's domain).
    await page.getByRole('textbox', { name: 'Domain' }).fill('127.0.0.1');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('visitor-table').waitFor();

    // Exactly §7: key, file_name, domain, ip_list, start 'YYYY-MM-DD 00:00:00' (today − 2), end '… 23:59:59' (today).
    const today = new Date();
    const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 2);
    expect(sent).toEqual([
      {
        key: 'share02',
        file_name: 'demo02',
        domain: '127.0.0.1',
        ip_list: PLAN.map(([ip]) => ip),
        start_time: `${ymd(start)} 00:00:00`,
        end_time: `${ymd(today)} 23:59:59`,
      },
    ]);

    // Badges in the table, per IP.
    const table = page.getByTestId('visitor-table');
    for (const [ip, , , badge] of PLAN) {
      const cell = table.locator(`[data-badge]`, { hasText: new RegExp(`^${ip.replace(/\./g, '\\.')}$`) }).first();
      expect(await cell.getAttribute('data-badge'), ip).toBe(badge);
    }

    // Counts on the buttons = the contract's predicates over the same answer fetched directly.
    const res = await fetch(`${origin()}/api/${qrCodeAccessPublicEnquiry.path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(sent[0]),
    });
    const records = ((await res.json()) as { data: { content: VisitorRecord[] } }).data.content;
    expect(records).toHaveLength(PLAN.length);
    const ctx = buildVisitorContext(records);
    for (const r of records) expect(ipBadge(r, ctx)).toBe(PLAN.find(([ip]) => ip === r.ip)![3]);
    const counts = accessLogFilterCounts(records, ctx);
    expect(counts.wechat).toBe(2);
    expect(counts.non_china).toBe(1);
    expect(counts.android).toBe(3);
    expect(counts.ios).toBe(4);
    for (const f of ACCESS_LOG_FILTERS) {
      expect(await page.locator(`[data-filter="${f}"]`).textContent(), f).toContain(`(${counts[f]})`);
    }
    await page.getByText(`Showing ${PLAN.length} of ${PLAN.length} visitors`).waitFor();

    // A filter keeps its rows only; clicking it again shows all.
    await page.locator('[data-filter="wechat"]').click();
    await page.getByText(`Showing 2 of ${PLAN.length} visitors`).waitFor();
    await page.locator('[data-filter="wechat"]').click();
    await page.getByText(`Showing ${PLAN.length} of ${PLAN.length} visitors`).waitFor();

    // The device column names model codes through the lookup and splits on semicolons.
    const device = await table.getByText('Galaxy S23 Ultra').count();
    expect(device).toBeGreaterThan(0);
    await page.close();
  });

  it('shows the §5 messages inline, in English and in Chinese, and sends nothing invalid', async () => {
    for (const [language, noIp, badIp] of [
      ['en', 'please enter the IP to query', 'ip address invalid, please re-enter'],
      ['zh-CN', null, null],
    ] as const) {
      const page = await open(language);
      let calls = 0;
      page.on('request', (r) => {
        if (r.url().includes('/api/qr_code_access/public_enquiry')) calls++;
      });
      await page.locator('form button[type=submit]').click();
      const first = await page.getByRole('alert').first().textContent();
      if (noIp) expect(first).toBe(noIp);
      else expect(first).toMatch(/[\u4e00-\u9fff]/); // translated, not the English text nor a key
      expect(first).not.toMatch(/validation\./);

      await page.locator('textarea').fill('1.2.3.4\n300.1.1.1\nabc');
      await page.locator('form button[type=submit]').click();
      const second = await page.getByRole('alert').first().textContent();
      expect(second).toContain('300.1.1.1');
      expect(second).toContain('abc');
      if (badIp) expect(second).toContain(badIp);
      else expect(second).toMatch(/[\u4e00-\u9fff]/);
      expect(calls).toBe(0);
      await page.close();
    }
  });

  it('offers only the last 7 days, defaults to the last 3, and a wrong key answers the server message', async () => {
    const page = await open('en', '?file_name=demo02&key=wrong');
    const start = page.getByRole('textbox', { name: 'Start date' });
    const today = new Date();
    expect(await start.inputValue()).toBe(ymd(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 2)));
    expect(await page.getByRole('textbox', { name: 'End date' }).inputValue()).toBe(ymd(today));
    // A day older than 7 days typed in is refused by the picker (out of range): the range sent stays inside.
    const sent: { start_time: string }[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/qr_code_access/public_enquiry')) sent.push(r.postDataJSON() as { start_time: string });
    });
    await start.fill(ymd(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 10)));
    await page.keyboard.press('Escape');
    await page.locator('textarea').fill('39.128.10.21', { timeout: 5_000 });
    await page.getByRole('button', { name: 'Search' }).click({ timeout: 5_000 });
    await expect.poll(() => sent.length, { timeout: 5_000 }).toBe(1);
    expect(sent[0]!.start_time >= `${ymd(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6))} 00:00:00`).toBe(true);

    await page.reload();
    await page.locator('textarea').waitFor();
    await page.locator('textarea').fill('39.128.10.21');
    await page.getByRole('button', { name: 'Search' }).click();
    const alert = page.getByRole('alert').first();
    await alert.waitFor({ timeout: 5_000 });
    expect((await alert.textContent())?.length).toBeGreaterThan(3);
    expect(await page.getByTestId('visitor-table').count()).toBe(0);
    await page.close();
  });
});

/** The `visitor` route (logged in): the same §9 badges on the visitors list of a customer's code. */
describe.each([
  { lng: 'zh-CN', theme: 'light' },
  { lng: 'en', theme: 'dark' },
] as const)('visitor list in $lng $theme', ({ lng, theme }) => {
  it('customer01 sees demo02’s visitors with their badges; the WeChat filter keeps the WeChat visitors', async () => {
    const t = texts(lng);
    const page = await app.context.newPage();
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.addInitScript(([l, th]) => {
      localStorage.setItem('language', l!);
      localStorage.setItem('theme', th!);
    }, [lng, theme === 'dark' ? '2' : '1']);
    try {
      await logIn(page, app.url, 'customer01', { lng });
      await page.goto(`${app.url}#/customer/visitor?qr_code_id=2`);
      const table = page.getByRole('table', { name: t('menu.visitor') });
      await table.waitFor({ timeout: 15_000 });
      // The badge each IP of PLAN earns (counts may only grow with the seed's own visits of demo02, so the
      // unambiguous ones are stated).
      for (const [ip, badge] of [['39.128.10.21', 'primary'], ['113.64.33.8', 'info'], ['112.224.5.7', 'warning'], ['104.16.8.9', 'danger'], ['120.192.77.1', 'success']]) {
        await table.locator(`[data-badge="${badge}"]`, { hasText: new RegExp(`^${ip.replace(/\./g, '\\.')}$`) }).first().waitFor({ timeout: 10_000 });
      }
      expect(await page.getByText(t('resources.visitor.description')).count()).toBe(1);
      await page.screenshot({
        path: path.join(SHOTS, `visitor-customer01-${lng}-${theme}.png`),
        fullPage: true,
        style: `.${Classes.TOAST_CONTAINER} { display: none !important; }`,
      });
      await page.goto(`${app.url}#/customer/visitor?qr_code_id=2&filter=wechat`);
      await expect
        .poll(async () => (await table.locator('[data-badge]').allInnerTexts()).sort(), { timeout: 10_000 })
        .toEqual(expect.arrayContaining(['120.192.77.1', '39.128.10.21']));
      const shown = await table.locator('tbody tr').count();
      expect(shown).toBeGreaterThanOrEqual(2);
      expect(await table.locator('[data-badge]', { hasText: '104.16.8.9' }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
