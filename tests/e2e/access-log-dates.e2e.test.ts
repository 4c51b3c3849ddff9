import type { CDPSession, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../helpers/clock.ts';
import { useConsole } from './helpers/console.ts';
import { LOOKS, openInLook, shotOf } from './helpers/look.ts';
import { texts } from './helpers/texts.ts';

/**
 * The public /access_log page takes its dates from the server's calendar (issue 22, point 6). The server's
 * clock stands at 10:30 UTC, when a browser on UTC+14 is already on the next day and one on UTC−11 still on
 * the day before; each browser is emulated in its zone (Chromium's time-zone override) with its clock at
 * the server's instant. The untouched default search must end on the server's today and be accepted.
 */

const INSTANT = Date.UTC(2026, 10, 20, 10, 30);
const ZONES = [
  { zone: 'Pacific/Kiritimati', side: 'ahead of' }, // UTC+14
  { zone: 'Pacific/Pago_Pago', side: 'behind' }, // UTC−11
] as const;

const app = useConsole({ clock: manualClock(INSTANT) });
let serverToday: string;
beforeAll(async () => {
  const res = await fetch(`${app.url}api/website_info/inquire`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  serverToday = ((await res.json()) as { data: { today: string } }).data.today;
}, 120_000);

const dayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(INSTANT);
const minusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** A tab whose browser lives in `zone`, its clock at the server's instant. */
async function inZone(page: Page, zone: string): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: zone });
  await page.clock.setFixedTime(INSTANT);
  return cdp;
}

describe('access-log dates follow the server’s calendar', () => {
  it.each(ZONES)('a browser $side the server: the default search ends on the server’s today and is accepted ($zone)', async ({ zone }) => {
    // The emulated browser really is on another day than the server (else this test could not fail).
    expect(dayIn(zone)).not.toBe(serverToday);
    const t = texts('en');
    const page = await app.context.newPage();
    await inZone(page, zone);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(zone);
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    const sent: { start_time: string; end_time: string }[] = [];
    const answers: number[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/qr_code_access/public_enquiry')) sent.push(r.postDataJSON() as (typeof sent)[number]);
    });
    page.on('response', (r) => {
      if (r.url().endsWith('/api/qr_code_access/public_enquiry')) answers.push(r.status());
    });
    await page.goto(`${app.url}#/access_log?file_name=demo01&key=share01`);
    await page.getByRole('textbox', { name: t('access_log.search.ips') }).fill('39.128.10.21');
    await page.getByRole('button', { name: t('common.actions.search') }).click();
    await expect.poll(() => answers.length).toBe(1);
    expect(answers[0]).toBe(200);
    expect(sent[0]!.end_time).toBe(`${serverToday} 23:59:59`);
    expect(sent[0]!.start_time).toBe(`${minusDays(serverToday, 2)} 00:00:00`);
    expect(await page.getByRole('textbox', { name: t('access_log.search.end') }).inputValue()).toBe(serverToday);
    await page.close();
  });

  it('looks right in zh-CN light and en dark, a browser ahead of the server', async () => {
    for (const look of LOOKS) {
      const page = await openInLook(app, look);
      await inZone(page, ZONES[0].zone);
      await page.goto(`${app.url}#/access_log?file_name=demo01&key=share01`);
      await page.getByRole('textbox', { name: texts(look.lng)('access_log.search.end') }).waitFor();
      expect(await page.getByRole('textbox', { name: texts(look.lng)('access_log.search.end') }).inputValue()).toBe(serverToday);
      await shotOf(page, `access-log-dates-${look.lng}-${look.theme}`);
      await page.close();
    }
  });
});
