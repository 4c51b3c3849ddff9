import path from 'node:path';
import { Classes } from '@blueprintjs/core';
import { describe, expect, it } from 'vitest';
import { placeIn } from '../../contracts/index.ts';
import { USER_AGENTS } from '../../fixtures/visitors.ts';
import { useConsole } from './helpers/console.ts';
import { textOf } from './helpers/download.ts';
import { logIn } from './helpers/log-in.ts';
import { LOOKS, openInLook, SHOTS } from './helpers/look.ts';
import { texts } from './helpers/texts.ts';

/**
 * Every role lands on today_statistics after logging in (zh-CN light, en dark): the cards, the hourly chart
 * drawn on its canvas, the top tables; administrators get the user filter, others do not; a visit made
 * through /v/… shows in the figures. Screenshots go to SHOTS_DIR (default .tmp/shots, gitignored).
 */

const app = useConsole();

const ROLES = [
  { account: 'customer01', password: 'Customer123', filter: false },
  { account: 'agent01', password: 'Agent12345', filter: false },
  { account: 'admin01', password: 'Admin12345', filter: true },
] as const;

describe.each(LOOKS)('today_statistics in $lng $theme', ({ lng, theme }) => {
  const t = texts(lng);

  it.each(ROLES)('$account lands on it and sees the hourly chart', async ({ account, password, filter }) => {
    const page = await openInLook(app, { lng, theme });
    // Blueprint's whole icon-path table of a size (~75 KiB gzipped), fetched when an icon is in none of the
    // console's per-icon tables (client/components/icons.ts): never on the first screen, nor on its reload.
    const iconTables: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/(?:paths|splitPathsBySizeLoader)-[\w-]+\.js$/.test(new URL(r.url()).pathname)) iconTables.push(r.url());
    });
    try {
      await logIn(page, app.url, account, { password, lng, landing: /#\/customer\/today_statistics/ });

      const chart = page.getByRole('img', { name: t('resources.today_statistics.charts.hourly.title') });
      await chart.locator('canvas').waitFor({ timeout: 15_000 });
      expect(await chart.getAttribute('data-theme')).toBe(theme);
      await page.getByRole('table', { name: t('resources.today_statistics.tables.devices.title') }).waitFor();
      await page
        .getByRole('table', { name: t('resources.today_statistics.tables.devices.title') })
        .getByText(t('resources.today_statistics.device.pc'))
        .waitFor();
      expect(await page.locator('[data-card]').count()).toBe(3);
      expect(await page.getByText(t('status_pages.not_built.description')).count()).toBe(0);
      const filterBox = page.getByLabel(t('resources.today_statistics.filters.user_id'));
      expect(await filterBox.count()).toBe(filter ? 1 : 0);

      // A visit through the real visit path shows in the figures (this page is read again on reload).
      const visits = () => page.locator('[data-card="visits_today"] p').first().innerText();
      const before = Number((await visits()).replace(/\D/g, ''));
      const res = await fetch(`${app.url}v/demo01`, {
        redirect: 'manual',
        headers: { 'user-agent': USER_AGENTS.chromeWindows, 'x-forwarded-for': '39.128.10.55' },
      });
      expect(res.status).toBe(200);
      await page.reload();
      await expect.poll(async () => Number((await visits()).replace(/\D/g, '')), { timeout: 10_000 }).toBe(before + 1);

      await chart.locator('canvas').waitFor(); // drawn again after the reload
      await page.locator('[data-compare] svg').first().waitFor(); // the cards' arrows, the last icons to load
      expect(iconTables).toEqual([]);
      if (account !== 'agent01')
        await page.screenshot({
          path: path.join(SHOTS, `today-statistics-${account}-${lng}-${theme}.png`),
          fullPage: true,
          style: `.${Classes.TOAST_CONTAINER} { display: none !important; }`,
        });
      if (filter) {
        // The whole service, then one user: customer02 never visited demo01, so the figure changes.
        await filterBox.fill('5');
        await filterBox.press('Enter');
        await expect.poll(async () => Number((await visits()).replace(/\D/g, '')), { timeout: 10_000 }).toBeLessThan(before + 1);
      }
    } finally {
      await page.close();
    }
  }, 90_000);
});

describe('daily_statistics (en dark)', () => {
  const t = texts('en');
  it('a shortcut gives the last week: chart, 7 rows and a CSV of them', async () => {
    const page = await openInLook(app, { lng: 'en', theme: 'dark' });
    try {
      await logIn(page, app.url, 'customer01', { landing: /#\/customer\/today_statistics/ });
      await page.goto(`${app.url}#/customer/daily_statistics`);
      const rows = page.getByRole('table', { name: t('resources.daily_statistics.tables.days.title') }).getByRole('row');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(31);
      await page.getByRole('button', { name: t('resources.daily_statistics.presets.week') }).click();
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(8);
      await page.getByRole('img', { name: t('resources.daily_statistics.charts.daily.title') }).locator('canvas').waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t('resource.dashboard.csv'), exact: true }).click()]);
      const csv = await textOf(download);
      expect(csv.trim().split('\r\n')).toHaveLength(8);
      expect(csv).toContain(t('resources.daily_statistics.fields.ip_view_number'));
      await page.screenshot({ path: path.join(SHOTS, 'daily-statistics-customer01-en-dark.png'), fullPage: true });
    } finally {
      await page.close();
    }
  }, 90_000);
});

describe('the other statistics screens (zh-CN light)', () => {
  const t = texts('zh-CN');
  it('home, hourly and historical for a customer; pc_historical for an administrator', async () => {
    const page = await openInLook(app, { lng: 'zh-CN', theme: 'light' });
    const login = async (account: string, password: string) => {
      await page.evaluate(() => localStorage.removeItem('token')).catch(() => undefined);
      await logIn(page, app.url, account, { password, lng: 'zh-CN', landing: /#\/customer\/today_statistics/ });
    };
    try {
      await login('customer01', 'Customer123');
      await page.goto(`${app.url}#/customer/home`);
      await page.getByRole('img', { name: t('resources.home.charts.visits.title') }).locator('canvas').waitFor();
      await page.goto(`${app.url}#/customer/hourly_statistics`);
      await page.getByRole('img', { name: t('resources.hourly_statistics.charts.hourly.title') }).locator('canvas').waitFor();
      await page.goto(`${app.url}#/customer/historical_statistics`);
      await page.getByRole('cell', { name: 'demo01', exact: true }).waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'historical-statistics-customer01-zh-CN-light.png'), fullPage: true });
      await page.evaluate(() => localStorage.clear());
      await login('admin01', 'Admin12345');
      await page.goto(`${app.url}#/customer/pc_historical_statistics`);
      await page.getByRole('columnheader', { name: new RegExp(t('resources.pc_historical_statistics.fields.pc_view_number')) }).waitFor();
      expect(await page.getByText(t('status_pages.not_built.description')).count()).toBe(0);
    } finally {
      await page.close();
    }
  }, 90_000);
});

describe.each(LOOKS)('overlay and breakdowns on daily_statistics in $lng $theme', ({ lng, theme }) => {
  const t = texts(lng);
  const B = 'resource.dashboard.breakdowns';
  it('the switch overlays the previous period; a breakdown row highlights the others; a breakdown exports as CSV', async () => {
    const page = await openInLook(app, { lng, theme });
    try {
      await logIn(page, app.url, 'customer01', { lng, landing: /#\/customer\/today_statistics/ });
      await page.goto(`${app.url}#/customer/daily_statistics`);
      const chart = page.getByRole('img', { name: t('resources.daily_statistics.charts.daily.title') });
      await chart.locator('canvas').waitFor({ timeout: 15_000 });
      expect(await chart.getAttribute('data-series')).toBe('2');
      // Overlay: two more series, dashed, each with its own legend entry.
      await page.getByText(t('resource.dashboard.overlay')).click();
      await expect.poll(() => chart.getAttribute('data-series'), { timeout: 10_000 }).toBe('4');
      const visits = t('resources.daily_statistics.charts.daily.series.view_number');
      await chart.getByText(t('resource.dashboard.previous_series', { series: visits }), { exact: true }).waitFor();
      await chart.screenshot({ path: path.join(SHOTS, `daily-statistics-overlay-${lng}-${theme}.png`) });

      // Cross-highlighting: WeChat in the browser breakdown cuts the carrier breakdown.
      const table = (d: string) => page.getByRole('table', { name: t(`${B}.dimensions.${d}`), exact: true });
      const wechat = table('browser').getByRole('button', { name: 'WeChat', exact: true });
      await wechat.click();
      await expect.poll(() => wechat.getAttribute('aria-pressed')).toBe('true');
      const status = page.locator('[data-highlight="browser"]');
      await status.waitFor();
      const wechatTotal = Number((await table('browser').locator('tr[data-key="WeChat"] td').nth(1).innerText()).replace(/\D/g, ''));
      expect(wechatTotal).toBeGreaterThan(0);
      const cut = async (d: string) =>
        (await table(d).locator('tbody tr').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-highlighted') ?? NaN)))) as number[];
      for (const d of ['carrier', 'city', 'device', 'os']) {
        const counts = await cut(d);
        expect(counts.every((n) => Number.isInteger(n))).toBe(true);
        expect(counts.reduce((a, n) => a + n, 0)).toBe(wechatTotal);
      }
      // WeChat visitors are all on phones: the desktop row holds none of them.
      expect(Number(await table('device').locator('tr[data-key="pc"]').getAttribute('data-highlighted'))).toBe(0);

      // CSV of the city breakdown under the highlight: header, one line per row, the highlighted column.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `${t('resource.dashboard.csv')} · ${t(`${B}.dimensions.city`)}`, exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('daily_statistics-breakdown-city.csv');
      const lines = (await textOf(download)).replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe(
        [t(`${B}.dimensions.city`), t(`${B}.visits`), t(`${B}.highlighted_column`, { value: 'WeChat' })].join(','),
      );
      expect(lines).toHaveLength(1 + (await table('city').locator('tbody tr').count()));
      const cities = lines.slice(1).map((l) => l.split(','));
      expect(cities.reduce((a, c) => a + Number(c[2]), 0)).toBe(wechatTotal);
      expect(cities.some((c) => c[0] === placeIn('中国 广东 深圳', lng))).toBe(true); // the IP service's words in the reader's language
      await page.screenshot({ path: path.join(SHOTS, `daily-statistics-breakdowns-${lng}-${theme}.png`), fullPage: true });

      // Escape clears the highlight everywhere.
      await page.keyboard.press('Escape');
      await status.waitFor({ state: 'detached' });
      expect(await wechat.getAttribute('aria-pressed')).toBe('false');
      expect(await table('carrier').locator('tr[data-highlighted]').count()).toBe(0);
    } finally {
      await page.close();
    }
  }, 90_000);
});

describe.each(LOOKS)('access_real_time_statistics and visit_summary in $lng $theme', ({ lng, theme }) => {
  const t = texts(lng);
  it('a visit through /v/… appears live without a reload; visit_summary splits by domain kind with CSV', async () => {
    const page = await openInLook(app, { lng, theme });
    await page.setViewportSize({ width: 1360, height: 1000 });
    try {
      await logIn(page, app.url, 'admin01', { lng, landing: /#\/customer\/today_statistics/ });
      await page.goto(`${app.url}#/customer/access_real_time_statistics`);
      await page.locator('[data-live-status="live"]').waitFor({ timeout: 15_000 });
      await page.getByRole('img', { name: t('resources.access_real_time_statistics.charts.per_second.title') }).locator('canvas').waitFor();
      const card = async (id: string) => Number((await page.locator(`[data-card="${id}"] p`).first().innerText()).replace(/\D/g, ''));
      // The hour's figure counts the new visit exactly: the earlier tests' visits of a minute ago may leave the
      // minute's window meanwhile (a sliding window), never the hour's.
      const before = await card('last_hour');
      const ip = lng === 'en' ? '39.128.10.201' : '39.128.10.202';
      const res = await fetch(`${app.url}v/demo02`, { redirect: 'manual', headers: { 'user-agent': USER_AGENTS.chromeWindows, 'x-forwarded-for': ip } });
      expect(res.status).toBe(200);
      // Pushed over the socket (frame 21) within about a second: no reload, no polling.
      const visits = page.getByRole('table', { name: t('resources.access_real_time_statistics.tables.visits.title') });
      await visits.getByRole('cell', { name: ip, exact: true }).waitFor({ timeout: 10_000 });
      await expect.poll(() => card('last_hour'), { timeout: 10_000 }).toBe(before + 1);
      expect(await card('last_minute')).toBeGreaterThanOrEqual(1); // and the minute's, which holds it
      await page.screenshot({ path: path.join(SHOTS, `access-real-time-statistics-admin01-${lng}-${theme}.png`), fullPage: true, style: `.${Classes.TOAST_CONTAINER} { display: none !important; }` });

      await page.goto(`${app.url}#/customer/visit_summary`);
      const domains = page.getByRole('table', { name: t('resources.visit_summary.tables.domains.title') });
      await domains.getByRole('cell', { name: 'land1.example.com', exact: true }).waitFor({ timeout: 10_000 });
      await domains.getByRole('cell', { name: t('resources.visit_summary.kind.2'), exact: true }).first().waitFor();
      expect(await page.locator('[data-card]').count()).toBe(5);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t('resource.dashboard.csv') }).first().click()]);
      const csv = await textOf(download);
      expect(csv).toContain('land1.example.com');
      await page.getByRole('button', { name: t('resources.visit_summary.presets.week') }).click();
      await domains.getByRole('cell', { name: 'land1.example.com', exact: true }).waitFor({ timeout: 10_000 });
      await page.screenshot({ path: path.join(SHOTS, `visit-summary-admin01-${lng}-${theme}.png`), fullPage: true, style: `.${Classes.TOAST_CONTAINER} { display: none !important; }` });
    } finally {
      await page.close();
    }
  }, 90_000);
});

it('no uncaught page errors', () => {
  expect(app.pageErrors).toEqual([]);
});
