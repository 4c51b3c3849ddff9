import { describe, expect, it } from 'vitest';
import { DOCUMENT_CONTENT_MAX, type DocumentRow, type MallBrand, type MallCategory, type MallProduct, type Picture, type PictureType } from '../../contracts/index.ts';
import { HOSTILE_MARKUP } from '../../fixtures/hostile.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * The bad input of issue 15 in one place, over real HTTP: a category as its own ancestor, negative price or
 * stock, lowest price above price, image addresses not from `file/add` or http(s), oversized text, and script
 * in every text field (kept as the very characters sent: text, never markup; the hostile-text browser test
 * shows it inert on screen). Each refusal is 4xx naming the field and changes no row.
 */
const { t, tok } = useApiServer({}, { admin: 'admin01' });
const refusedUnchanged = refusalChecker(() => t);
const call = async <T>(path: string, body: object) => ok<T>(await t.call(path, body, tok.admin));
const zh = (title: string) => ({ titles: [{ language: 'zh-CN', title }] });

let root: MallCategory;
let leaf: MallCategory;
let product: MallProduct;

describe('categories', () => {
  it('refuses a category as its own parent or under its own descendant (400 parent_id)', async () => {
    root = await call<MallCategory>('mall_category/add', zh('root'));
    const mid = await call<MallCategory>('mall_category/add', { ...zh('mid'), parent_id: root.id });
    leaf = await call<MallCategory>('mall_category/add', { ...zh('leaf'), parent_id: mid.id });
    for (const parent of [root.id, mid.id, leaf.id])
      await refusedUnchanged('mall_category/update', { id: root.id, parent_id: parent }, tok.admin, 400, 'parent_id: a category cannot move under itself or one of its subcategories');
  });
});

describe('products', () => {
  const base = () => ({ title: 'p', category_id: leaf.id, price_micro: 10, lowest_price_micro: 5 });

  it.each([
    ['a negative price', { price_micro: -1 }, /^price_micro: /],
    ['a negative lowest price', { lowest_price_micro: -1 }, /^lowest_price_micro: /],
    ['a negative stock', { stock: -1 }, /^stock: /],
    ['a fractional stock', { stock: 1.5 }, /^stock: /],
    ['lowest price above price', { price_micro: 5, lowest_price_micro: 6 }, 'lowest_price_micro: the lowest price may not be above the price'],
    ['an ftp: cover', { cover_images: ['ftp://example.com/a.png'] }, /^cover_images\.0: /],
    ['a javascript: cover', { cover_images: ['javascript:alert(1)'] }, /^cover_images\.0: /],
    ['a data: detail image', { detail_images: ['data:image/png;base64,AAAA'] }, /^detail_images\.0: /],
    ['a relative image path', { cover_images: ['../uploads/a.png'] }, /^cover_images\.0: /],
    ['an upload never made', { detail_images: ['/uploads/0123456789abcdef0123456789abcdef.png'] }, /^detail_images: this image was not uploaded here/],
    ['an image address with markup', { cover_images: ['https://x.example/"><svg onload=alert(1)>'] }, /^cover_images\.0: /],
  ])('add refuses %s (400 naming the field), nothing changes', async (_, extra, message) => {
    await refusedUnchanged('mall_product/add', { ...base(), ...extra }, tok.admin, 400, message);
  });

  it.each([
    ['a negative price', { price_micro: -1 }, /^price_micro: /],
    ['a price under the stored lowest price', { price_micro: 4 }, /^lowest_price_micro: /],
    ['a negative stock', { stock: -1 }, /^stock: /],
    ['a javascript: cover', { cover_images: ['javascript:alert(1)'] }, /^cover_images\.0: /],
  ])('update refuses %s (400 naming the field), nothing changes', async (_, extra, message) => {
    product ??= await call<MallProduct>('mall_product/add', base());
    await refusedUnchanged('mall_product/update', { id: product.id, ...extra }, tok.admin, 400, message);
  });
});

describe('pictures and documents', () => {
  it.each([
    ['picture/add', { kind: 1, title: 'x', image: 'ftp://example.com/a.png' }, /^image: /],
    ['picture/add', { kind: 1, title: 'x', image: '/uploads/0123456789abcdef0123456789abcdef.png' }, /^image: /],
    ['picture/add', { kind: 1, title: 'x', jump_address: 'JaVaScRiPt:alert(1)' }, /^jump_address: /],
    ['picture/add', { kind: 2, title: 'x', description: 'd'.repeat(1001) }, /^description: /],
    ['document/add', { title: 'x', type: 'help', content: '<p>'.repeat(Math.ceil((DOCUMENT_CONTENT_MAX + 1) / 3)) }, /^content: /],
    ['mall_brand/add', { name: 'x', logo: 'vbscript:msgbox(1)' }, /^logo: /],
  ])('%s refuses %j (400 naming the field), nothing changes', async (path, body, message) => {
    await refusedUnchanged(path, body, tok.admin, 400, message);
  });

  it('refuses an oversized document on update too', async () => {
    const doc = await call<DocumentRow>('document/add', { title: 'd', type: 'help', content: 'ok' });
    await refusedUnchanged('document/update', { id: doc.id, content: 'a'.repeat(DOCUMENT_CONTENT_MAX + 1) }, tok.admin, 400, /^content: /);
  });
});

describe('script in any text field is kept as text', () => {
  // Every payload that fits (the shortest first: fields with small limits still take one).
  const payload = (max: number) => HOSTILE_MARKUP.filter((p) => p.length <= max).at(-1)!;

  it('answers and lists the very characters sent, in every mall and content text field', async () => {
    const brand = await call<MallBrand>('mall_brand/add', { name: payload(64) });
    expect(brand.name).toBe(payload(64));
    const type = await call<PictureType>('picture_type/add', { name: payload(64) });
    expect(type.name).toBe(payload(64));
    const cat = await call<MallCategory>('mall_category/add', { titles: [{ language: 'zh-CN', title: payload(64) }, { language: 'en', title: payload(40) }], icon: payload(255) });
    expect(cat).toMatchObject({ title: payload(64), icon: payload(255), titles: [{ language: 'zh-CN', title: payload(64) }, { language: 'en', title: payload(40) }] });
    const p = await call<MallProduct>('mall_product/add', {
      title: payload(128), source: payload(128), category_id: cat.id, brand_id: brand.id, price_micro: 1, lowest_price_micro: 1,
      models: [payload(64)], attributes: [{ name: payload(32), value: payload(128) }],
    });
    expect(p).toMatchObject({ title: payload(128), source: payload(128), category_title: payload(64), brand_name: payload(64), models: [payload(64)], attributes: [{ name: payload(32), value: payload(128) }] });
    const pic = await call<Picture>('picture/add', { kind: 2, type_id: type.id, title: payload(128), description: payload(1000), remarks: payload(255), jump_type: 4, jump_custom: payload(255) });
    expect(pic).toMatchObject({ title: payload(128), description: payload(1000), remarks: payload(255), jump_custom: payload(255), type_name: payload(64) });
    const doc = await call<DocumentRow>('document/add', { title: payload(128), type: payload(32), content: HOSTILE_MARKUP.join('\n') });
    expect(doc).toMatchObject({ title: payload(128), type: payload(32), content: HOSTILE_MARKUP.join('\n') });
    // The storefront answers them as text too.
    const shown = ok<{ content: DocumentRow[] }>(await t.call('document/inquire', {}));
    expect(shown.content.find((d) => d.id === doc.id)?.content).toBe(HOSTILE_MARKUP.join('\n'));
  });
});
