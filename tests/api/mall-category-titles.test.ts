import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { MallCategory, MallProduct, Page } from '../../contracts/index.ts';
import { migrate, migrations } from '../../mock-server/db/migrations.ts';
import { ok, refusalChecker, failureBody } from '../helpers/qr.ts';
import { insertMallCategory } from '../../fixtures/factories.ts';
import { countOf, rowsOf, valueOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Per-language category titles (issue 15, migration 023): every rule over real HTTP, the storefront's
 * `language`, the default language moving, and old rows surviving the migration.
 */
const { t, tok } = useApiServer({}, { admin: 'admin01', superadmin: 'superadmin' });
const refusedUnchanged = refusalChecker(() => t);
const call = async <T>(path: string, body: object, token = tok.admin) => ok<T>(await t.call(path, body, token));
const titles = (pairs: Record<string, string>) => Object.entries(pairs).map(([language, title]) => ({ language, title }));

let cat: MallCategory;

describe('writing titles', () => {
  it('adds a category with a title per language (a hidden language too) and answers the default one as `title`', async () => {
    cat = await call<MallCategory>('mall_category/add', { titles: titles({ en: ' Phones ', 'zh-CN': '手机', ja: '電話' }) });
    expect(cat).toMatchObject({ title: '手机', language: 'zh-CN', titles: titles({ en: 'Phones', 'zh-CN': '手机', ja: '電話' }) });
    const listed = (await call<Page<MallCategory>>('mall_category/list', { page_size: 200 })).content.find((c) => c.id === cat.id);
    expect(listed).toEqual(cat);
  });

  it('replaces the titles whole on update; an update without titles keeps them', async () => {
    const updated = await call<MallCategory>('mall_category/update', { id: cat.id, titles: titles({ 'zh-CN': '手机数码', en: 'Phones' }) });
    expect(updated).toMatchObject({ title: '手机数码', titles: titles({ 'zh-CN': '手机数码', en: 'Phones' }) });
    expect((await call<MallCategory>('mall_category/update', { id: cat.id, sort: 3 })).titles).toEqual(updated.titles);
  });

  it.each([
    ['no title in the default language', { titles: titles({ en: 'Only English' }) }, 'titles: a title in the default language (zh-CN) is required'],
    ['an unknown language', { titles: titles({ 'zh-CN': '标题', fr: 'Titre' }) }, 'titles: no such language in the language list: fr'],
    ['a language twice', { titles: [...titles({ 'zh-CN': 'a' }), ...titles({ 'zh-CN': 'b' })] }, 'titles: each language may have one title only'],
    ['a blank title', { titles: titles({ 'zh-CN': '  ' }) }, 'titles.0.title: title may not be empty'],
    ['a title over 64 characters', { titles: titles({ 'zh-CN': 'x'.repeat(65) }) }, /^titles\.0\.title: /],
  ])('add and update refuse %s (400 naming it), nothing changes', async (_, body, message) => {
    await refusedUnchanged('mall_category/add', body, tok.admin, 400, message);
    await refusedUnchanged('mall_category/update', { id: cat.id, ...body }, tok.admin, 400, message);
  });

  it('names the default language in the caller\'s language', async () => {
    const zh = await t.call('mall_category/add', { titles: titles({ en: 'x' }) }, tok.admin, 'zh-CN');
    expect(zh.body).toEqual(failureBody('titles: 必须填写默认语言（zh-CN）的标题'));
  });

  it('keeps markup in a title as text', async () => {
    const markup = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const row = await call<MallCategory>('mall_category/add', { titles: titles({ 'zh-CN': markup }) });
    expect(row.titles[0]!.title).toBe(markup);
    ok(await t.call('mall_category/remove', { ids: [row.id] }, tok.admin));
    expect(countOf(t.db, 'mall_category_titles', { category_id: row.id })).toBe(0);
  });
});

describe('the storefront in a language', () => {
  // Public: no token.
  const inquire = async (body: object) => ok<Page<MallCategory>>(await t.call('mall_category/inquire', body)).content;

  it('answers `title` in the asked language, else in the default language', async () => {
    expect((await inquire({ language: 'en' })).find((c) => c.id === cat.id)).toMatchObject({ title: 'Phones', language: 'en' });
    expect((await inquire({ language: 'ja' })).find((c) => c.id === cat.id)).toMatchObject({ title: '手机数码', language: 'zh-CN' });
    expect((await inquire({})).find((c) => c.id === cat.id)).toMatchObject({ title: '手机数码', language: 'zh-CN' });
    // Seeded categories have English titles too.
    expect((await inquire({ language: 'en', show_status: 1 })).map((c) => c.title)).toContain('Domain services');
  });

  it('refuses a language the list does not hold (400 naming language)', async () => {
    await refusedUnchanged('mall_category/inquire', { language: 'fr' }, undefined, 400, 'language: no such language in the language list: fr');
    await refusedUnchanged('mall_product/inquire', { language: 'fr' }, undefined, 400, 'language: no such language in the language list: fr');
  });

  it('answers a product\'s category title in the asked language, and all of them', async () => {
    const product = await call<MallProduct>('mall_product/add', { title: 'titled', category_id: cat.id, price_micro: 1, lowest_price_micro: 1 });
    expect(product).toMatchObject({ category_title: '手机数码', category_titles: titles({ 'zh-CN': '手机数码', en: 'Phones' }) });
    const shop = async (body: object) => ok<Page<MallProduct>>(await t.call('mall_product/inquire', { category_id: cat.id, ...body })).content;
    expect((await shop({ language: 'en' })).map((p) => p.category_title)).toEqual(['Phones']);
    expect((await shop({ language: 'ja' })).map((p) => p.category_title)).toEqual(['手机数码']);
    ok(await t.call('mall_product/remove', { ids: [product.id] }, tok.admin));
  });
});

describe('when the default language moves', () => {
  it('answers the new default language\'s title, falls back to the stored one, and requires the new default on writes', async () => {
    const plain = await call<MallCategory>('mall_category/add', { titles: titles({ 'zh-CN': '仅中文' }) });
    const product = await call<MallProduct>('mall_product/add', { title: 'p', category_id: cat.id, price_micro: 1, lowest_price_micro: 1 });
    expect(product.category_title).toBe('手机数码');
    const en = valueOf<number>(t.db, 'languages', 'id', { code: 'en' })!;
    ok(await t.call('language_list/set_default', { id: en }, tok.superadmin));
    const list = (await call<Page<MallCategory>>('mall_category/list', { page_size: 200 })).content;
    expect(list.find((c) => c.id === cat.id)).toMatchObject({ title: 'Phones', language: 'en' });
    expect(list.find((c) => c.id === plain.id)).toMatchObject({ title: '仅中文', language: 'zh-CN' });
    await refusedUnchanged('mall_category/add', { titles: titles({ 'zh-CN': '中文' }) }, tok.admin, 400, 'titles: a title in the default language (en) is required');
    // A save writes the new default's title into the row, so a product shows it.
    await call('mall_category/update', { id: cat.id, titles: titles({ en: 'Phones', 'zh-CN': '手机数码' }) });
    const products = await call<Page<MallProduct>>('mall_product/list', { category_id: cat.id });
    expect(products.content[0]!.category_title).toBe('Phones');
    const zh = valueOf<number>(t.db, 'languages', 'id', { code: 'zh-CN' })!;
    ok(await t.call('language_list/set_default', { id: zh }, tok.superadmin));
  });
});

describe('migration 023', () => {
  it('gives every existing category its one title under its own language', () => {
    const db = new Database(':memory:');
    try {
      migrate(db, migrations.filter((m) => m.version < 23));
      insertMallCategory(db, { id: 7, title: 'Old', language: 'en' });
      expect(migrate(db)).toBeGreaterThanOrEqual(23);
      expect(rowsOf(db, 'mall_category_titles', {}, { columns: ['category_id', 'language', 'title'] })).toEqual([{ category_id: 7, language: 'en', title: 'Old' }]);
    } finally {
      db.close();
    }
  });
});
