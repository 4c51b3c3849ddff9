// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MallCategory, PayConfig } from '../../contracts/index.ts';
import { ApiError } from '../../client/io/errors.ts';
import { createI18n, loadResources } from '../../client/app/i18n.ts';
import PayConfigScreen from '../../client/features/vip/screens/pay-config-screen.tsx';
import MallCategoryScreen from '../../client/features/mall/screens/mall-category-list-screen.tsx';
import { buildTree, parentChoices } from '../../client/resources/tree/tree-model.ts';
import { fakeEffects, until, type Routes as FakeRoutes } from './helpers/fake-effects.ts';
import { mountScreen } from './helpers/mount-screen.tsx';

/** The settings form and the tree editor in jsdom over the real store and sagas (fake effect layer). */

let i18nEn: i18n;
beforeAll(async () => {
  i18nEn = createI18n('en', await loadResources('en'));
});
afterEach(() => cleanup());

async function mount(route: string, buttons: string[], element: ReactNode, routes: FakeRoutes) {
  const fx = fakeEffects(routes);
  const { store } = await mountScreen({ fx, i18n: i18nEn, route: route, buttons: buttons, element });
  return { fx, store };
}

const PAY: PayConfig = {
  qr_code_switch: 1,
  usdt_address: '',
  min_recharge: 10,
  exchange_rate: 7.2,
  order_timeout_minutes: 30,
};

describe('settings form (pay_config)', () => {
  it('reads the record, sends only what changed, and follows the save in the start-up copy', async () => {
    let stored = PAY;
    const { fx, store } = await mount('pay_config', ['update'], <PayConfigScreen />, {
      'pay_config/inquire': () => stored,
      'pay_config/update': (body) => (stored = { ...stored, ...(body as Partial<PayConfig>) }),
    });
    const input = await screen.findByRole('spinbutton', { name: 'Minimum top-up (USDT)' });
    expect((input as HTMLInputElement).value).toBe('10');
    fireEvent.change(input, { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await until(() => fx.calls.some((c) => c.path === 'pay_config/update'));
    expect(fx.calls.find((c) => c.path === 'pay_config/update')!.body).toEqual({ min_recharge: 12.5 });
    await waitFor(() =>
      expect(store.getState().settings.payConfig).toEqual({
        status: 'succeeded',
        data: { ...PAY, min_recharge: 12.5 },
      }),
    );
  });

  it('says there is nothing to save when no field changed, and sends nothing', async () => {
    const { fx } = await mount('pay_config', ['update'], <PayConfigScreen />, { 'pay_config/inquire': () => PAY });
    await screen.findByRole('spinbutton', { name: 'Exchange rate' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nothing to save: no field was changed.')).toBeTruthy();
    expect(fx.calls.some((c) => c.path === 'pay_config/update')).toBe(false);
  });

  it('puts the server refusal under the field it names', async () => {
    await mount('pay_config', ['update'], <PayConfigScreen />, {
      'pay_config/inquire': () => PAY,
      'pay_config/update': () => new ApiError('pay_config/update', 400, 'Not today', 'answered', { field: 'exchange_rate' }),
    });
    const rate = await screen.findByRole('spinbutton', { name: 'Exchange rate' });
    fireEvent.change(rate, { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Under the input, tied to it; on top one sentence naming the input by its label, never the field name.
    const under = await screen.findByText('Not today');
    expect(rate.getAttribute('aria-describedby')).toBe(under.id);
    expect(screen.getByText('Not saved: check “Exchange rate” below.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('exchange_rate');
    // The refusal was about the old value: changing the input clears it.
    fireEvent.change(rate, { target: { value: '9' } });
    await waitFor(() => expect(screen.queryByText('Not today')).toBeNull());
    expect(screen.queryByText(/Not saved/)).toBeNull();
  });

  it('is read-only without the update authority', async () => {
    await mount('pay_config', [], <PayConfigScreen />, { 'pay_config/inquire': () => PAY });
    expect(
      ((await screen.findByRole('spinbutton', { name: 'Exchange rate' })) as HTMLInputElement).disabled,
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText(/changing them needs the update permission/)).toBeTruthy();
  });
});

const cat = (id: number, parent_id: number, title: string, sort = 0): MallCategory => ({
  id,
  parent_id,
  // The server answers the default language's title; the tree shows the console language's (en here).
  title: `${title} (zh)`,
  icon: '',
  language: 'zh-CN',
  titles: [
    { language: 'zh-CN', title: `${title} (zh)` },
    { language: 'en', title },
  ],
  show_status: 1,
  sort,
  create_time: '2026-01-01 00:00:00',
});
const CATS = [cat(1, 0, 'Root A', 1), cat(2, 1, 'Child A1'), cat(3, 2, 'Grandchild'), cat(4, 0, 'Root B', 9)];
const fields = { parentOf: (r: MallCategory) => r.parent_id, sortOf: (r: MallCategory) => r.sort };

describe('tree model', () => {
  it('builds larger-sort-first siblings and leaves a node and its descendants out of its parent choices', () => {
    const nodes = buildTree(CATS, fields);
    expect(nodes.map((n) => n.row.title)).toEqual(['Root B (zh)', 'Root A (zh)']);
    expect(nodes[1]!.children[0]!.children[0]!.row.title).toBe('Grandchild (zh)');
    expect(parentChoices(nodes, (r) => r.title, 1).map((c) => c.value)).toEqual([0, 4]);
    expect(parentChoices(nodes, (r) => r.title, 3).map((c) => c.value)).toEqual([0, 4, 1, 2]);
  });

  it('survives rows that point at themselves or at a missing parent (shown at the top level)', () => {
    const nodes = buildTree([cat(1, 1, 'Self'), cat(2, 99, 'Orphan')], fields);
    expect(nodes.map((n) => n.row.title).sort()).toEqual(['Orphan (zh)', 'Self (zh)']);
  });
});

describe('tree editor (mall_category_list)', () => {
  it('offers remove only on a leaf, and moves a node with the parent picker', async () => {
    const { fx } = await mount('mall_category_list', ['add', 'update', 'remove'], <MallCategoryScreen />, {
      'mall_category/list': () => ({ content: CATS, total: CATS.length }),
      'language_list/inquire': () => ({
        content: [
          {
            id: 2,
            code: 'en',
            title: 'English',
            abbreviation: 'EN',
            country: 'US',
            phone_area_code: '+1',
            icon: '',
            show_status: 1,
            default_language: 1,
          },
          { id: 1, code: 'zh-CN', title: '简体中文', abbreviation: '中', country: 'CN', phone_area_code: '+86', icon: '', show_status: 1, default_language: 2 },
        ],
        total: 2,
      }),
      'mall_category/update': (body) => ({ ...CATS[0]!, ...(body as object) }),
    });
    fireEvent.click(await screen.findByText('Root A'));
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    screen.getByText(/It has one child node/);

    const form = screen.getByRole('form', { name: /Root A/ });
    const picker = within(form).getByRole('combobox', { name: 'Parent' }) as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent?.trim())).toEqual(['(top level)', 'Root B']);
    // One title input per language of another call's rows (the declaration's lookup), the default one first.
    const titles = within(form).getByRole('group', { name: 'Titles' });
    expect(within(titles).getAllByRole('textbox').map((i) => (i as HTMLInputElement).value)).toEqual(['Root A (zh)', 'Root A']);
    within(titles).getByLabelText(/English \(en\)/);
    fireEvent.change(picker, { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await until(() => fx.calls.some((c) => c.path === 'mall_category/update'));
    expect(fx.calls.find((c) => c.path === 'mall_category/update')!.body).toEqual({ id: 1, parent_id: 4 });

    fireEvent.click(screen.getByText('Grandchild'));
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(false);

    // The keyboard chooses a node too (Blueprint's tree rows take no focus; their labels do).
    fireEvent.keyDown(screen.getByRole('button', { name: 'Root B' }), { key: 'Enter' });
    await screen.findByRole('form', { name: /Root B/ });
  });
});
