import type { Locator, Page } from 'playwright-core';
import { Classes } from '@blueprintjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, visitPath, type Locale } from '../../contracts/index.ts';
import { shortcutRange, formatDay } from '../../client/resources/date-shortcuts.ts';
import { updateUploadConfig } from '../../fixtures/factories.ts';
import { countOf } from '../../fixtures/rows.ts';
import { startConsole, type ConsoleUnderTest } from './helpers/console.ts';
import { logIn, passwordOf } from './helpers/log-in.ts';
import { openInLook, shotOf, type Look } from './helpers/look.ts';
import { texts } from './helpers/texts.ts';
import { noteToasts } from './helpers/toasts.ts';

/**
 * What users still tripped over, each tried as a person would in Chromium against the real mock server, in
 * both languages: a code's visits per turn reaching its links, a block that leaves codes behind saying so,
 * lists that keep what a row is and its figure (at 1360 px nothing under the actions column, on a phone the
 * visitor's IP, visits and location), questions that name what they remove and close on Escape, secrets typed
 * out of sight, ids without grouping, the monitor's target, a bad dashboard range marked on its field, the
 * public access log and registration speaking to the visitor, a password that must change, an upload over the
 * limit answered in words, and the look-ahead date shortcuts of an expiry. Few cases, each a whole screen.
 */
let app: ConsoleUnderTest;
/** The server's today (the access log's window ends on it). */
let serverToday: string;
beforeAll(async () => {
  app = await startConsole();
  const res = await fetch(`${app.url}api/website_info/inquire`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  serverToday = ((await res.json()) as { data: { today: string } }).data.today;
}, 180_000);
const minusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
afterAll(async () => {
  await app?.close();
});

async function control(name: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${app.url.replace(/\/$/, '')}${CONTROL_PREFIX}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: unknown }).data;
}

/** A text with its nested `$t(key)` parts resolved, as i18next shows it (the helper fills `{{vars}}` only). */
const withNested = (t: ReturnType<typeof texts>, key: string, vars: Record<string, string | number>) => t(key, vars).replace(/\$t\(([\w.]+)\)/g, (_, k: string) => t(k));

/** The page's list table once its rows are in (no skeleton left). */
async function listOf(page: Page, title: string): Promise<Locator> {
  const table = page.getByRole('table', { name: title, exact: true });
  await table.locator('tbody tr:not([aria-hidden])').first().waitFor();
  return table;
}

/** Headers the table shows (not left out to fit), in order. */
const shownHeaders = (table: Locator) =>
  table.locator('thead th').evaluateAll((ths) => ths.filter((th) => getComputedStyle(th).display !== 'none').map((th) => (th.textContent ?? '').replace(/[↑↓↕▲▼]/g, '').trim()));

const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A new tab as a phone shows the console (it lays out by the user agent): 390×844 and a phone's agent, logged in. */
async function phoneOf(look: Look, account: string): Promise<Page> {
  const page = await app.context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript((ua) => Object.defineProperty(navigator, 'userAgent', { get: () => ua }), PHONE_UA);
  page.on('pageerror', (e) => app.pageErrors.push(String(e)));
  await page.addInitScript(
    ([l, th]) => {
      localStorage.setItem('language', l);
      localStorage.setItem('theme', th);
    },
    [look.lng, look.theme === 'dark' ? '2' : '1'],
  );
  await logIn(page, app.url, account, { lng: look.lng });
  return page;
}

/** Whether a cell lies clear of the row's pinned actions (not under them) and inside the window. */
const clearOfActions = (cell: Locator) =>
  cell.evaluate((td) => {
    const row = td.closest('tr')!;
    const actions = row.lastElementChild!.getBoundingClientRect();
    const box = td.getBoundingClientRect();
    return box.right <= actions.left + 1 && box.left >= 0;
  });

/** The target a visit page jumps to. */
async function visitTarget(code: string): Promise<string> {
  const res = await fetch(app.url.replace(/\/$/, '') + visitPath(code), { redirect: 'manual' });
  const html = await res.text();
  const m = html.match(/(?:replace|href = |open)\("([^"]+)"|url=([^"]+)"|<iframe src="([^"]+)"|<a href="([^"]+)"/);
  return m?.[1] ?? m?.[2] ?? m?.[3] ?? m?.[4] ?? '';
}

describe('a customer’s QR codes and domains (zh-CN light)', () => {
  const look: Look = { lng: 'zh-CN', theme: 'light' };
  const t = texts(look.lng);
  const q = (f: string) => t(`resources.qr_code.fields.${f}`);

  it('visits per turn reach the links; counts in view at 1360 px and on a phone; codes left on a blocked domain are told; unknown codes are named', async () => {
    const page = await openInLook(app, look, 'customer01');
    await page.goto(`${app.url}#/customer/qr_code_list`);
    let table = await listOf(page, t('menu.qr_code_list'));
    // At 1360 px the whole table fits its box: the visit counts are not under the pinned actions column.
    expect(await table.evaluate((tb) => tb.parentElement!.scrollWidth <= tb.parentElement!.clientWidth + 1)).toBe(true);
    expect(await shownHeaders(table)).toEqual(expect.arrayContaining([q('name'), q('view_number')]));
    await shotOf(page, `trip-ups-qr-list-1360-${look.lng}`);

    // demo01: sequential, its links at 5 per turn. Visits per turn 1 applies to every link: a, b, c, a, b, c.
    await table.getByRole('row').filter({ hasText: 'demo01' }).getByRole('button', { name: t('common.actions.update') }).click();
    const form = page.getByRole('form', { name: new RegExp(t('resource.form.update_title', { name: '' }).trim()) });
    await form.getByText(t('resources.qr_code.hints.visit_threshold')).waitFor();
    await form.getByRole('spinbutton', { name: q('visit_threshold') }).fill('1');
    await form.getByRole('button', { name: t('common.actions.save') }).click();
    await form.waitFor({ state: 'detached' });
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) seen.push(await visitTarget('demo01'));
    expect(new Set(seen).size).toBe(3);
    expect(seen.slice(3)).toEqual(seen.slice(0, 3));

    // On a phone: the name and the visits stay, in view beside the row's one menu; the rest is left out.
    const phone = await phoneOf(look, 'customer01');
    await phone.goto(`${app.url}#/customer/qr_code_list`);
    const small = await listOf(phone, t('menu.qr_code_list'));
    await expect.poll(() => shownHeaders(small)).toEqual(expect.arrayContaining([q('name'), q('view_number')]));
    const first = small.locator('tbody tr').first();
    const visitsAt = (await shownHeaders(small)).indexOf(q('view_number'));
    expect(await clearOfActions(first.locator('td:visible').nth(visitsAt))).toBe(true);
    await shotOf(phone, `trip-ups-qr-list-390-${look.lng}`);
    await phone.close();

    // land1 (a landing domain) blocked with no landing spare: its codes stay there, and the owner is told how many and what to do.
    const left = countOf(app.server.mock.db, 'qr_codes', { domain_id: 2, removed: 1 });
    expect(left).toBeGreaterThan(0);
    const toasts = await noteToasts(page);
    await control('shield/mark', { domain: 'land1.example.com', status: 2 });
    await control('shield/run', { force: true });
    const told = withNested(t, 'shield.blocked_left', { domain: 'land1.example.com', count: left, kind: 'landing' });
    await page.locator(`.${Classes.TOAST}`).filter({ hasText: told }).first().waitFor();
    const advice = withNested(t, 'shield.codes_left', { count: left, kind: 'landing' });
    await page.goto(`${app.url}#/customer/domain_list`);
    table = await listOf(page, t('menu.domain_list'));
    await table.getByRole('row').filter({ hasText: 'land1.example.com' }).getByText(advice).waitFor();
    await shotOf(page, `trip-ups-domain-list-codes-left-${look.lng}`);
    await page.goto(`${app.url}#/customer/shield_push`);
    table = await listOf(page, t('resources.shield.push_records'));
    await table.getByRole('row').filter({ hasText: 'land1.example.com' }).getByText(advice).waitFor();
    expect((await toasts()).filter((x) => x.includes('land1.example.com'))).toHaveLength(1);
    await control('shield/mark', { domain: 'land1.example.com', status: 1 });
    await control('shield/run', { force: true });

    // A batch query names the codes it could not find, instead of dropping them.
    await page.goto(`${app.url}#/customer/batche_query`);
    await page.getByRole('textbox', { name: q('file_names') }).fill('demo01\nnope404\nc2code01');
    await page.getByRole('button', { name: t('common.actions.search') }).click();
    await page.getByTestId('not-found-notice').filter({ hasText: t('resources.qr_code.not_found', { count: 2, values: 'nope404, c2code01' }) }).waitFor();
    await listOf(page, t('menu.batche_query'));
    await shotOf(page, `trip-ups-batch-query-${look.lng}`);
    expect(app.pageErrors).toEqual([]);
    await page.close();
  }, 180_000);
});

describe('an administrator’s lists and dashboards (en dark)', () => {
  const look: Look = { lng: 'en', theme: 'dark' };
  const t = texts(look.lng);

  it('secrets typed out of sight; deletes name what they remove and close on Escape; ids ungrouped; the monitor’s target; a bad range marked; the visitor on a phone; expiry shortcuts', async () => {
    const page = await openInLook(app, look, 'superadmin');
    const p = (f: string) => t(`resources.url_key_platform.fields.${f}`);
    await page.goto(`${app.url}#/customer/url_key_platform`);
    let table = await listOf(page, t('menu.url_key_platform'));
    await page.getByRole('toolbar', { name: t('resource.actions.toolbar') }).getByRole('button', { name: t('common.actions.add') }).click();
    let dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(p('key')).getAttribute('type')).resolves.toBe('password');
    await dialog.getByText(t('resource.form.secret_none')).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('row').filter({ hasText: '短链平台 A' }).getByRole('button', { name: t('common.actions.update') }).click();
    dialog = page.getByRole('dialog');
    const key = dialog.getByLabel(p('key'));
    await expect(key.getAttribute('type')).resolves.toBe('password');
    expect(await key.inputValue()).toBe('******');
    await dialog.getByText(t('resource.form.secret_stored')).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Deleting names the platform (not "1 record"); Escape answers "Cancel".
    await table.getByRole('row').filter({ hasText: '短链平台 B' }).getByRole('button', { name: t('common.actions.remove') }).click();
    const question = page.getByRole('alertdialog');
    await question.getByText(t('resource.confirm.remove_permanent_named', { count: 1, names: t('resource.confirm.name', { name: '短链平台 B' }) })).waitFor();
    await shotOf(page, `trip-ups-remove-named-${look.lng}`);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    await table.getByRole('row').filter({ hasText: '短链平台 B' }).waitFor();

    // A thread id reads as its digits, as the question about it does.
    await page.goto(`${app.url}#/customer/mysql_lock`);
    table = await listOf(page, t('menu.mysql_lock'));
    const lock = table.getByRole('row').filter({ hasText: 'ALTER TABLE qr_codes' });
    await lock.getByRole('cell', { name: '4101', exact: true }).waitFor();
    expect(await lock.textContent()).not.toContain('4,101');

    // The domain monitor shows where a domain should point, beside where it does.
    await page.goto(`${app.url}#/customer/admin_domain_monitor`);
    table = await listOf(page, t('menu.admin_domain_monitor'));
    expect(await shownHeaders(table)).toContain(t('resources.shield.fields.expected'));
    await table.getByRole('row').filter({ hasText: 'entry1.example.com' }).getByText('A 127.0.0.1').waitFor();

    // A start after the end is marked on the start date, not answered with "Failed to load" and a retry.
    await page.goto(`${app.url}#/customer/daily_statistics`);
    const filters = page.getByRole('search');
    await filters.getByLabel(t('resources.daily_statistics.filters.start_date'), { exact: true }).fill('2026-06-20');
    await page.keyboard.press('Escape');
    await filters.getByLabel(t('resources.daily_statistics.filters.end_date'), { exact: true }).fill('2026-06-10');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: t('resource.dashboard.apply') }).click();
    await page.getByRole('alert').filter({ hasText: t('validation.time_order') }).waitFor();
    expect(await page.getByText(t('common.states.load_failed')).count()).toBe(0);
    await shotOf(page, `trip-ups-dashboard-range-${look.lng}`);

    // The visitor list on a phone: the IP, its visits and its location, not only "127.0.0.1" domains.
    const phone = await phoneOf(look, 'superadmin');
    await phone.goto(`${app.url}#/customer/visitor`);
    const visitors = await listOf(phone, t('menu.visitor'));
    const v = (f: string) => t(`resources.visitor.fields.${f}`);
    await expect.poll(() => shownHeaders(visitors)).toEqual([v('ip'), v('ip_count'), v('latest_ip_belong')]);
    await shotOf(phone, `trip-ups-visitor-390-${look.lng}`);
    await phone.close();

    // An expiry offers spec §9's look-ahead shortcuts; next month sets the end of its last day.
    await page.goto(`${app.url}#/customer/user_list`);
    table = await listOf(page, t('menu.user_list'));
    await table.getByRole('row').filter({ hasText: 'customer02' }).getByRole('button', { name: t('common.actions.update') }).click();
    dialog = page.getByRole('dialog');
    const label = t('resources.users.fields.member_expire_time');
    const expiry = dialog.getByLabel(label, { exact: true });
    await dialog.getByRole('group', { name: t('resource.dates.shortcuts', { label }) }).getByRole('button', { name: t('resource.dates.next_month') }).click();
    expect(await expiry.inputValue()).toBe(`${formatDay(shortcutRange('next_month', new Date())[1])} 23:59:59`);
    await page.keyboard.press('Escape');
    expect(app.pageErrors).toEqual([]);
    await page.close();
  }, 180_000);
});

describe.each<{ lng: Locale }>([{ lng: 'zh-CN' }, { lng: 'en' }])('the public pages speak to the visitor ($lng)', ({ lng }) => {
  const t = texts(lng);

  it('access log: a wrong password says to check code and password; a date outside the window says which days; registration asks for what is missing first', async () => {
    const page = await openInLook(app, { lng, theme: 'light' });
    await page.goto(`${app.url}#/access_log?file_name=demo01&key=wrong-key`);
    await page.getByRole('textbox', { name: t('access_log.search.ips') }).fill('39.128.10.21');
    await page.getByRole('button', { name: t('common.actions.search') }).click();
    await page.getByText(t('errors.access_key_wrong')).waitFor();
    expect(await page.getByText(t('errors.share_not_found')).count()).toBe(0);
    // A start date before the 7-day window, typed: said under the field, with the days that can be searched.
    const start = page.getByRole('textbox', { name: t('access_log.search.start') });
    const kept = await start.inputValue();
    // Off the calendar about to open (Blueprint previews the day under the pointer in the inputs).
    await page.mouse.move(0, 0);
    await start.fill('2020-01-01');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    const window = { from: minusDays(serverToday, 6), to: serverToday };
    await page.getByRole('alert').filter({ hasText: t('access_log.search.date_out_of_window', { day: '2020-01-01', ...window }) }).waitFor();
    await expect.poll(() => start.inputValue()).toBe(kept);
    await shotOf(page, `trip-ups-access-log-${lng}`);

    await page.goto(`${app.url}#/admin_register`);
    await page.getByRole('button', { name: t('common.actions.register') }).click();
    await page.getByText(t('validation.login_err_02')).waitFor();
    await page.getByText(t('validation.login_err_03')).waitFor();
    await page.getByText(t('validation.repeat_password_required')).waitFor();
    expect(await page.getByText(t('validation.login_err_04')).count()).toBe(0);
    // The mismatch is said once both are typed.
    await page.getByLabel(t('auth.fields.password'), { exact: true }).fill('Abc12345');
    await page.getByLabel(t('auth.fields.repeat_password'), { exact: true }).fill('Abc12346');
    await page.getByText(t('validation.login_err_04')).waitFor();
    await shotOf(page, `trip-ups-register-${lng}`);
    expect(app.pageErrors).toEqual([]);
    await page.close();
  }, 120_000);

  it('a new password equal to the old one is refused; an upload over the limit says so in words', async () => {
    const page = await openInLook(app, { lng, theme: 'dark' }, 'admin01');
    await page.goto(`${app.url}#/customer/update_password`);
    const old = passwordOf('admin01');
    await page.getByLabel(t('auth.fields.old_password'), { exact: true }).fill(old);
    await page.getByLabel(t('auth.fields.new_password'), { exact: true }).fill(old);
    await page.getByLabel(t('auth.fields.repeat_new_password'), { exact: true }).fill(old);
    await page.getByRole('button', { name: t('auth.update_password.submit') }).click();
    await page.getByText(t('validation.password_same_as_old')).waitFor();
    await page.goto(`${app.url}#/customer/image_configs`);
    await listOf(page, t('menu.image_configs'));

    updateUploadConfig(app.server.mock.db, { size_limit_bytes: 1024 });
    try {
      await page.getByRole('toolbar', { name: t('resource.actions.toolbar') }).getByRole('button', { name: t('common.actions.add') }).click();
      const dialog = page.getByRole('dialog');
      const png = Buffer.alloc(2 * 1024 * 1024, 7);
      png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      await dialog.getByLabel(t('resources.pictures.fields.image'), { exact: true }).setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: png });
      await dialog.getByRole('alert').filter({ hasText: t('validation.upload_limit') }).waitFor();
      expect(await dialog.getByText(t('errors.network')).count()).toBe(0);
      await shotOf(page, `trip-ups-upload-limit-${lng}`);
    } finally {
      updateUploadConfig(app.server.mock.db, { size_limit_bytes: 5 * 1024 * 1024 });
    }
    expect(app.pageErrors).toEqual([]);
    await page.close();
  }, 120_000);
});
