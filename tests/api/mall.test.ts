import { describe, expect, it } from 'vitest';
import type { MallBrand, MallCategory, MallProduct, Page } from '../../contracts/index.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { PNG, uploader } from '../helpers/upload.ts';
import { mallBrands, mallProducts } from '../../fixtures/seed/mall.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** Rows the seed holds are left out of the comparisons (fixtures/seed/mall.ts). */
const seeded = new Set<string>([...mallBrands.map((b) => b.name), ...mallProducts.map((p) => p.title)]);
const mine = (names: string[]) => names.filter((n) => !seeded.has(n));

/** Brands and products over real HTTP: every call, the rules of issue 15 and the storefront's filters. */

const { t, tok: tokens } = useApiServer({}, { admin01: 'admin01', customer01: 'customer01' });
const refusedUnchanged = refusalChecker(() => t);
const admin = async <T>(path: string, body: object) => ok<T>(await t.call(path, body, tokens.admin01));
const { upload, one } = uploader(
  () => t,
  () => tokens.admin01,
);
const uploaded = async () => ((await upload(one(PNG, 'a.png', 'image/png'))).body.data as { url: string }).url;

let brand: MallBrand;
let root: MallCategory;
let child: MallCategory;
let product: MallProduct;

describe('mall_brand', () => {
  it('adds with an uploaded logo, lists larger sort first, filters, updates, refuses a taken name', async () => {
    const logo = await uploaded();
    brand = await admin<MallBrand>('mall_brand/add', { name: 'Acme', logo, sort: 5 });
    expect(brand).toMatchObject({ name: 'Acme', logo, sort: 5, show_status: 1 });
    await admin('mall_brand/add', { name: 'Zed', sort: 9, show_status: 2 });
    const all = await admin<Page<MallBrand>>('mall_brand/list', {});
    expect(mine(all.content.map((b) => b.name))).toEqual(['Zed', 'Acme']);
    expect(all.content.map((b) => b.name).slice(0, 2)).toEqual(['自营', 'Partner']); // seeded, sort 20 and 10
    expect((await admin<Page<MallBrand>>('mall_brand/list', { name: 'cm' })).content.map((b) => b.name)).toEqual(['Acme']);
    expect((await admin<MallBrand>('mall_brand/update', { id: brand.id, sort: 10 })).sort).toBe(10);
    await refusedUnchanged('mall_brand/add', { name: 'Zed' }, tokens.admin01, 409, /^name: /);
  });

  it.each([
    ['a javascript: logo', { name: 'x', logo: 'javascript:alert(1)' }, /^logo: /],
    ['a data: logo', { name: 'x', logo: 'data:image/png;base64,AAAA' }, /^logo: /],
    ['an upload never made', { name: 'x', logo: '/uploads/0123456789abcdef0123456789abcdef.png' }, /^logo: /],
    ['an empty name', { name: '  ' }, /^name: /],
  ])('refuses %s (400 naming the field), nothing changes', async (_, body, message) => {
    await refusedUnchanged('mall_brand/add', body, tokens.admin01, 400, message);
  });

  it('shows the storefront shown brands only, to anyone', async () => {
    const page = ok<Page<MallBrand>>(await t.call('mall_brand/inquire', {}));
    expect(mine(page.content.map((b) => b.name))).toEqual(['Acme']);
    expect(page.content.every((b) => b.show_status === 1)).toBe(true);
  });

  it('is refused to a customer (403)', async () => {
    await refusedUnchanged('mall_brand/list', {}, tokens.customer01, 403);
    await refusedUnchanged('mall_brand/add', { name: 'c' }, tokens.customer01, 403);
  });
});

describe('mall_product', () => {
  it('adds a product with images, models and attributes; reorders images on update', async () => {
    root = await admin<MallCategory>('mall_category/add', { titles: [{ language: 'zh-CN', title: 'root' }] });
    child = await admin<MallCategory>('mall_category/add', { titles: [{ language: 'zh-CN', title: 'child' }], parent_id: root.id });
    const [a, b] = [await uploaded(), await uploaded()];
    product = await admin<MallProduct>('mall_product/add', {
      title: 'Phone', category_id: child.id, brand_id: brand.id, price_micro: 12_500_000, lowest_price_micro: 10_000_000,
      stock: 3, cover_images: [a, b], detail_images: ['https://cdn.example.com/d.png'], models: ['64G', '128G'],
      attributes: [{ name: 'colour', value: 'black' }], home_recommend: true,
    });
    expect(product).toMatchObject({
      category_title: 'child', brand_name: 'Acme', purchase_count: 0, cover_images: [a, b], models: ['64G', '128G'],
      attributes: [{ name: 'colour', value: 'black' }], home_recommend: true, ranking_recommend: false,
    });
    const moved = await admin<MallProduct>('mall_product/update', { id: product.id, cover_images: [b, a] });
    expect(moved.cover_images).toEqual([b, a]);
  });

  it('filters by the category subtree, brand and recommend switches', async () => {
    await admin('mall_product/add', { title: 'Other', category_id: root.id, price_micro: 1, lowest_price_micro: 1, ranking_recommend: true });
    const titles = async (body: object) => mine((await admin<Page<MallProduct>>('mall_product/list', body)).content.map((p) => p.title));
    expect(await titles({ category_id: root.id })).toEqual(['Other', 'Phone']);
    expect(await titles({ category_id: child.id })).toEqual(['Phone']);
    expect(await titles({ brand_id: brand.id })).toEqual(['Phone']);
    expect(await titles({ home_recommend: true })).toEqual(['Phone']);
    expect(await titles({ ranking_recommend: true })).toEqual(['Other']);
  });

  it.each([
    ['a negative price', { price_micro: -1 }, /^price_micro: /],
    ['a negative stock', { stock: -1 }, /^stock: /],
    ['lowest price above price', { price_micro: 5, lowest_price_micro: 6 }, /^lowest_price_micro: /],
    ['an image that is not an address', { cover_images: ['<img src=x onerror=alert(1)>'] }, /^cover_images/],
    ['an unknown category', { category_id: 999_999 }, /^category_id: /],
    ['an unknown brand', { brand_id: 999_999 }, /^brand_id: /],
    ['a purchase count', { purchase_count: 5 }, /purchase_count/],
  ])('add refuses %s (400), nothing changes', async (_, extra, message) => {
    const body = { title: 'x', category_id: child.id, price_micro: 10, lowest_price_micro: 5, ...extra };
    await refusedUnchanged('mall_product/add', body, tokens.admin01, 400, message);
  });

  it('update compares a lone lowest price with the stored price', async () => {
    await refusedUnchanged('mall_product/update', { id: product.id, lowest_price_micro: 99_000_000 }, tokens.admin01, 400, /^lowest_price_micro: /);
  });

  it('blocks removing a category or brand while products use it, then removes', async () => {
    await refusedUnchanged('mall_category/remove', { ids: [child.id] }, tokens.admin01, 409);
    await refusedUnchanged('mall_brand/remove', { ids: [brand.id] }, tokens.admin01, 409);
    ok(await t.call('mall_product/remove', { ids: [product.id] }, tokens.admin01));
    ok(await t.call('mall_brand/remove', { ids: [brand.id] }, tokens.admin01));
  });

  it('shows the storefront shown products of shown categories only, to anyone', async () => {
    const hidden = await admin<MallProduct>('mall_product/add', { title: 'Hidden', category_id: root.id, price_micro: 1, lowest_price_micro: 1, show_status: 2 });
    const titles = mine(ok<Page<MallProduct>>(await t.call('mall_product/inquire', {})).content.map((p) => p.title));
    expect(titles).toEqual(['Other']);
    await admin('mall_category/update', { id: root.id, show_status: 2 });
    expect(ok<Page<MallProduct>>(await t.call('mall_product/inquire', { category_id: root.id })).total).toBe(0);
    expect(hidden.show_status).toBe(2);
  });

  it('is refused to a customer (403) and without a session (401)', async () => {
    await refusedUnchanged('mall_product/list', {}, tokens.customer01, 403);
    await refusedUnchanged('mall_product/add', { title: 'x' }, undefined, 401);
  });
});
