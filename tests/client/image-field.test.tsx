// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../client/io/errors.ts';
import { createI18n, loadResources } from '../../client/app/i18n.ts';
import MallBrandScreen from '../../client/features/mall/screens/mall-brand-list-screen.tsx';
import MallProductScreen from '../../client/features/mall/screens/mall-product-list-screen.tsx';
import { fakeEffects, until, type Routes as FakeRoutes } from './helpers/fake-effects.ts';
import { mountScreen } from './helpers/mount-screen.tsx';

/** The `image` field kind over the real store and upload saga: upload, preview, reorder, remove, refusal. */

let i18nEn: i18n;
beforeAll(async () => {
  i18nEn = createI18n('en', await loadResources('en'));
});
afterEach(() => cleanup());

const EMPTY = { content: [], total: 0 };

async function mount(route: string, element: ReactNode, routes: FakeRoutes, refuse?: string) {
  const fx = fakeEffects({ ...routes });
  const uploads: string[] = [];
  let n = 0;
  fx.effects.uploadFile = async (file) => {
    const name = (file as File).name;
    uploads.push(name);
    if (name === refuse) throw new ApiError('file/add', 413, 'File upload limit exceeded');
    n += 1;
    return { url: `/uploads/${String(n).padStart(32, '0')}.png`, name: `${n}.png`, size: file.size, type: 'png', mime: 'image/png' };
  };
  await mountScreen({ fx, i18n: i18nEn, route, buttons: ['add', 'update', 'remove'], element });
  return { fx, uploads };
}

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const url = (n: number) => `/uploads/${String(n).padStart(32, '0')}.png`;

describe('image field kind', () => {
  it('uploads a brand logo through file/add, previews it and sends its address', async () => {
    const { fx, uploads } = await mount('mall_brand_list', <MallBrandScreen />, {
      'mall_brand/list': () => EMPTY,
      'mall_brand/add': (body) => ({ id: 1, sort: 0, show_status: 1, create_time: '2026-01-01 00:00:00', ...(body as object) }),
    });
    fireEvent.click(within(await screen.findByRole('toolbar', { name: 'List actions' })).getByRole('button', { name: 'Add' }));
    const f = within(await screen.findByRole('form', { name: /New/ }));
    fireEvent.change(f.getByRole('textbox', { name: 'Name' }), { target: { value: 'Acme' } });
    fireEvent.change(f.getByLabelText('Logo'), { target: { files: [png('logo.png')] } });
    const img = (await f.findByRole('img', { name: 'Image 1' })) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(url(1));
    expect(uploads).toEqual(['logo.png']);
    fireEvent.click(f.getByRole('button', { name: 'Save' }));
    await until(() => fx.calls.some((c) => c.path === 'mall_brand/add'));
    expect(fx.calls.find((c) => c.path === 'mall_brand/add')!.body).toMatchObject({ name: 'Acme', logo: url(1) });
  });

  it('keeps product images in the order chosen, reorders and removes them, and shows a refused upload', async () => {
    const { fx } = await mount(
      'mall_product_list',
      <MallProductScreen />,
      {
        'mall_product/list': () => EMPTY,
        'mall_brand/list': () => EMPTY,
        'mall_category/list': () => ({ content: [{ id: 7, parent_id: 0, title: 'Phones', icon: '', language: 'en', titles: [{ language: 'en', title: 'Phones' }], show_status: 1, sort: 0, create_time: '2026-01-01 00:00:00' }], total: 1 }),
        'mall_product/add': () => ({}),
      },
      'big.png',
    );
    fireEvent.click(within(await screen.findByRole('toolbar', { name: 'List actions' })).getByRole('button', { name: 'Add' }));
    const f = within(await screen.findByRole('form', { name: /New/ }));
    fireEvent.change(f.getByRole('textbox', { name: 'Title' }), { target: { value: 'Phone' } });
    const category = f.getByRole('combobox', { name: 'Category' });
    await until(() => (category as HTMLSelectElement).options.length > 1);
    fireEvent.change(category, { target: { value: '7' } });
    fireEvent.change(f.getByRole('textbox', { name: 'Price (USDT)' }), { target: { value: '12.5' } });
    fireEvent.change(f.getByRole('textbox', { name: 'Lowest price (USDT)' }), { target: { value: '10' } });

    const covers = f.getByLabelText('Cover images');
    fireEvent.change(covers, { target: { files: [png('a.png'), png('b.png'), png('c.png')] } });
    await f.findByRole('img', { name: 'Image 3' });
    fireEvent.click(f.getByRole('button', { name: 'Move image 3 earlier' }));
    fireEvent.click(f.getByRole('button', { name: 'Remove image 1' }));
    fireEvent.change(covers, { target: { files: [png('big.png')] } });
    await f.findByText('File upload limit exceeded');

    fireEvent.click(f.getByRole('button', { name: 'Save' }));
    await until(() => fx.calls.some((c) => c.path === 'mall_product/add'));
    expect(fx.calls.find((c) => c.path === 'mall_product/add')!.body).toMatchObject({
      title: 'Phone', category_id: 7, price_micro: 12_500_000, lowest_price_micro: 10_000_000, cover_images: [url(3), url(2)],
    });
  });
});
