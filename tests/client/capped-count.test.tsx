// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { COUNT_CAP, type VisitorRow } from '../../contracts/index.ts';
import { createI18n, loadResources } from '../../client/app/i18n.ts';
import { visitorResource } from '../../client/features/users/screens/visitor-screen.tsx';
import { ResourceScreen } from '../../client/resources/components/resource-screen.tsx';
import { fakeEffects } from './helpers/fake-effects.ts';
import { mountScreen } from './helpers/mount-screen.tsx';

/**
 * A capped total (contracts' cappedPageOf, docs/decisions/2026-11-26-capped-counts.md) on the visitor list, in
 * both languages: the pager says "10,000+", "next" goes on past the cap while pages come back full, "last"
 * (unknown) is off, and the range of a page past the cap is its own rows.
 */
afterEach(() => cleanup());

const row = (id: number): VisitorRow => ({
  id,
  qr_code_id: 1,
  file_name: 'demo01',
  account: 'customer01',
  domain: 'a.example.com',
  ip: `39.128.10.${id % 250}`,
  ip_count: 1,
  latest_create_time: '2026-06-15 12:00:00',
  latest_ip_belong: '中国 广东 深圳 移动',
  latest_source: 'iPhone;iOS 17.2;WeChat 8.0.44',
  latest_user_agent: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.44',
});

async function mount(language: 'en' | 'zh-CN', query = '') {
  const i18n = createI18n(language, await loadResources(language));
  const fx = fakeEffects({
    'visitor/inquire': (body) => {
      const { page, page_size } = body as { page: number; page_size: number };
      return { content: Array.from({ length: page_size }, (_, i) => row((page - 1) * page_size + i + 1)), total: COUNT_CAP, total_capped: true };
    },
  });
  await mountScreen({ fx, i18n, route: 'visitor', buttons: [], element: <ResourceScreen decl={visitorResource} />, address: `/customer/visitor?${query}filter=wechat` });
  return { fx, i18n };
}

describe('a capped total in the pager', () => {
  it.each([
    ['en', '1–20 of 10,000+', 'Page 1 of 500+', '10,001–10,020 of 10,000+'],
    ['zh-CN', '第 1–20 条，共 10,000+ 条', '第 1 / 500+ 页', '第 10,001–10,020 条，共 10,000+ 条'],
  ] as const)('%s: says 10,000+ and pages on past the cap', async (language, range, pageOf, beyond) => {
    const { fx, i18n } = await mount(language);
    const pager = await screen.findByRole('navigation', { name: i18n.t('resource.pagination.label') });
    await within(pager).findByText(range);
    within(pager).getByText(pageOf);
    const next = within(pager).getByRole('button', { name: i18n.t('resource.pagination.next') });
    const last = within(pager).getByRole('button', { name: i18n.t('resource.pagination.last') });
    expect((next as HTMLButtonElement).disabled).toBe(false);
    expect((last as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(next);
    await within(pager).findByText(range.replace('1–20', '21–40'));
    expect(fx.calls.filter((c) => c.path === 'visitor/inquire').at(-1)!.body).toMatchObject({ page: 2, filter: 'wechat' });
    cleanup();
    // A page past the cap (an address carries the page): its own rows' range, and "next" still on.
    const again = await mount(language, 'page=501&');
    const deep = await screen.findByRole('navigation', { name: i18n.t('resource.pagination.label') });
    await within(deep).findByText(beyond);
    expect(again.fx.calls.find((c) => c.path === 'visitor/inquire')!.body).toMatchObject({ page: 501, filter: 'wechat' });
    expect((within(deep).getByRole('button', { name: i18n.t('resource.pagination.next') }) as HTMLButtonElement).disabled).toBe(false);
  });
});
