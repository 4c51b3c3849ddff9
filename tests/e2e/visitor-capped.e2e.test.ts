import { beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../contracts/index.ts';
import { liveVisitorRowsWithAgent } from '../../fixtures/statistics.ts';
import { valueOf } from '../../fixtures/rows.ts';
import { bulkSeed } from '../../mock-server/seed/bulk.ts';
import { useConsole } from './helpers/console.ts';
import { LOOKS, openInLook, shotOf } from './helpers/look.ts';
import { texts } from './helpers/texts.ts';

/**
 * The capped count of a filtered visitor list (issue 25, docs/decisions/2026-11-26-capped-counts.md) in Chromium,
 * in zh-CN light and en dark: more WeChat visitors than the cap read "1–20 of 10,000+", paging goes on past the
 * first page with no "last page", and a filter with few matches gives back the exact count.
 */
const app = useConsole();

beforeAll(async () => {
  const db = app.server.mock.db;
  const owner = valueOf<number>(db, 'users', 'id', { account: 'customer01' })!;
  const domain = valueOf<number>(db, 'domains', 'id', { user_id: owner })!;
  // 200,000 records at 5 visits per IP: about 40,000 visitors, a third of them on a WeChat user agent.
  bulkSeed(db, { records: 200_000, bigRecords: 100_000, codes: 2, days: 30, seed: 7, userId: owner, domainId: domain, now: Date.now(), log: () => {} });
  expect(liveVisitorRowsWithAgent(db, 'MicroMessenger')).toBeGreaterThan(COUNT_CAP);
}, 180_000);

describe.each(LOOKS)('a capped visitor count in $lng $theme', (look) => {
  const t = texts(look.lng);
  const number = new Intl.NumberFormat(look.lng);

  it('says "10,000+", pages on past the first page without a last page, and an IP filter gives the exact count', async () => {
    const page = await openInLook(app, look, 'customer01');
    await page.goto(`${app.url}#/customer/visitor?filter=wechat`);
    const pager = page.getByRole('navigation', { name: t('resource.pagination.label') });
    const range = (from: number, to: number) => t('resource.pagination.range_capped', { from: number.format(from), to: number.format(to), total: number.format(COUNT_CAP) });
    await pager.getByText(range(1, 20), { exact: true }).waitFor();
    const last = pager.getByRole('button', { name: t('resource.pagination.last') });
    expect(await last.isDisabled()).toBe(true);
    await shotOf(page, `visitor-capped-${look.lng}-${look.theme}`);

    await pager.getByRole('button', { name: t('resource.pagination.next') }).click();
    await pager.getByText(range(21, 40), { exact: true }).waitFor();
    expect(page.url()).toContain('page=2');
    expect(await last.isDisabled()).toBe(true);

    // Narrowed to one visitor's IP (typed into the filter): few matches, counted exactly, no "+".
    const ip = (await page.getByRole('table').locator('tbody tr').first().locator('[data-badge]').innerText()).trim();
    await page.getByRole('textbox', { name: t('resources.visitor.fields.ip') }).fill(ip);
    await page.getByRole('button', { name: t('common.actions.search') }).click();
    await expect.poll(async () => (await pager.locator('[aria-live]').innerText()).includes('+')).toBe(false);
    const said = await pager.locator('[aria-live]').innerText();
    const rows = await page.getByRole('table').locator('tbody tr').count();
    expect(said).toBe(t('resource.pagination.range', { from: 1, to: number.format(rows), total: number.format(rows) }));
    expect(app.pageErrors).toEqual([]);
    await page.close();
  });
});
