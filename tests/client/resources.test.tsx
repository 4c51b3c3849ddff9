// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { i18n } from 'i18next';
import { ShortCodeType, type UrlKeyPlatform } from '../../contracts/index.ts';
import { ApiError } from '../../client/io/errors.ts';
import { createI18n, loadResources } from '../../client/app/i18n.ts';
import { urlKeyPlatformResource } from '../../client/features/qr-codes/screens/url-key-platform-screen.tsx';
import { ResourceScreen } from '../../client/resources/components/resource-screen.tsx';
import { fakeEffects, until, type Routes as FakeRoutes } from './helpers/fake-effects.ts';
import { mountScreen } from './helpers/mount-screen.tsx';

/**
 * The generic resource list and form in jsdom over the real store and sagas (fake effect layer): what the
 * url_key_platform declaration plus its contract produce on screen, and that buttons follow the page's
 * authority list (type 2 menu items).
 */

let i18nEn: i18n;
beforeAll(async () => {
  i18nEn = createI18n('en', await loadResources('en'));
});
afterEach(() => cleanup());

const ROWS: UrlKeyPlatform[] = [
  {
    id: 1,
    name: 'Self',
    url: 'https://s.example.com/api',
    key: '',
    short_code_type: 3,
    show_status: 1,
    sort: 30,
    remark: '',
    create_time: '2026-01-01 08:00:00',
  },
  {
    id: 2,
    name: 'Platform A',
    url: 'https://a.example.net/api',
    key: '******',
    short_code_type: 4,
    show_status: 2,
    sort: 20,
    remark: '',
    create_time: '2026-01-02 08:00:00',
  },
];

/** Where the router is (the list writes its query there). */
let search = '';
function LocationProbe() {
  search = useLocation().search;
  return null;
}

async function mount(buttons: string[], routes: FakeRoutes = {}, address = '/customer/url_key_platform') {
  const fx = fakeEffects({
    'url_key_platform/inquire': () => ({ content: ROWS, total: ROWS.length }),
    ...routes,
  });
  await mountScreen({
    fx,
    i18n: i18nEn,
    route: 'url_key_platform',
    buttons: buttons,
    element: <ResourceScreen decl={urlKeyPlatformResource} />,
    address,
    beside: <LocationProbe />,
  });
  await screen.findByText('Platform A');
  return fx;
}

describe('resource list from a declaration', () => {
  it('renders the declared columns (enum labels translated), the filters derived from the list call, and the rows', async () => {
    const fx = await mount([]);
    const table = screen.getByRole('table', { name: 'Short-URL platforms' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim());
    // Visible by default: every column but the two declared hiddenByDefault (key, remark).
    expect(headers).toEqual(['ID', 'Name', 'API address', 'Short-code type', 'Shown', 'Sort', 'Created']);
    expect(within(table).getByText('Self-operated entry')).toBeTruthy(); // ShortCodeType 3 through enums.*
    expect(within(table).getByText('Hide')).toBeTruthy();

    // Filters: `name` (string → text box) and `show_status` (enum → select with "any").
    const search = screen.getByRole('search');
    expect(within(search).getByRole('textbox', { name: 'Name' })).toBeTruthy();
    const select = within(search).getByRole('combobox', { name: 'Shown' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Shown: any', 'Show', 'Hide']);

    // Applying a filter sends it with page 1 and the page size.
    fireEvent.change(within(search).getByRole('textbox', { name: 'Name' }), { target: { value: 'Plat' } });
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    await until(() => fx.calls.filter((c) => c.path === 'url_key_platform/inquire').length === 2);
    expect(fx.calls.at(-1)!.body).toEqual({ name: 'Plat', show_status: 2, page: 1, page_size: 20 });
  });

  it('takes its query from the address and writes changes back to it (the store follows, one load each)', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      ...ROWS[1]!,
      id: i + 10,
      name: i === 0 ? 'Platform A' : `Platform ${i}`,
    }));
    const fx = await mount(
      [],
      { 'url_key_platform/inquire': () => ({ content: many.slice(0, 20), total: many.length }) },
      '/customer/url_key_platform?page=2&name=Plat&sort=-name',
    );
    const loads = () => fx.calls.filter((c) => c.path === 'url_key_platform/inquire');
    expect(loads()).toHaveLength(1);
    expect(loads()[0]!.body).toEqual({ name: 'Plat', page: 2, page_size: 20 });
    expect(
      (within(screen.getByRole('search')).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value,
    ).toBe('Plat');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await until(() => loads().length === 2);
    expect(new URLSearchParams(search).get('page')).toBe('3');
    expect(loads()[1]!.body).toEqual({ name: 'Plat', page: 3, page_size: 20 });

    // A new filter starts again at page 1 and keeps the sort.
    fireEvent.change(within(screen.getByRole('search')).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Self' },
    });
    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: 'Search' }));
    await until(() => loads().length === 3);
    expect(search).toBe('?sort=-name&name=Self');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(loads()).toHaveLength(3);
  });

  it('shows Add, Edit and Delete only when the authority list grants add / update / remove', async () => {
    await mount([]);
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select all rows on this page' })).toBeNull();
    cleanup();

    await mount(['add']);
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    cleanup();

    await mount(['update', 'remove']);
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Update' })).toHaveLength(ROWS.length);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(ROWS.length);
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toBeTruthy();
  });

  it('derives the create form from the add call: kinds, required marks, enum options, validation through the schema', async () => {
    const fx = await mount(['add'], {
      'url_key_platform/add': (body) => ({ ...ROWS[0], ...(body as object), id: 3 }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('form', { name: /New/ });
    const f = within(form);
    expect(f.getByRole('textbox', { name: 'Name' })).toBeTruthy();
    const type = f.getByRole('combobox', { name: 'Short-code type' }) as HTMLSelectElement;
    // A required enum starts on its first option (no blank choice), labelled through enums.*.
    expect([...type.options].map((o) => o.value)).toEqual(ShortCodeType.options.map((o) => String(o.value)));
    expect(type.value).toBe('1');
    expect(type.options[0]!.textContent).toBe('GET request');
    expect((f.getByRole('checkbox', { name: 'Shown' }) as HTMLInputElement).checked).toBe(true); // default 1 = show

    // Empty: the contract's rules, translated; nothing sent.
    fireEvent.click(f.getByRole('button', { name: 'Save' }));
    await f.findByText('name may not be empty');
    expect(f.getByText('enter a web address starting with http:// or https://')).toBeTruthy();
    expect(fx.calls.some((c) => c.path === 'url_key_platform/add')).toBe(false);

    fireEvent.change(f.getByRole('textbox', { name: 'Name' }), { target: { value: 'New one' } });
    fireEvent.change(f.getByRole('textbox', { name: 'API address' }), {
      target: { value: 'https://n.example.com/x' },
    });
    fireEvent.change(type, { target: { value: '5' } });
    fireEvent.click(f.getByRole('button', { name: 'Save' }));
    await until(() => fx.calls.some((c) => c.path === 'url_key_platform/add'));
    expect(fx.calls.find((c) => c.path === 'url_key_platform/add')!.body).toEqual({
      name: 'New one',
      url: 'https://n.example.com/x',
      short_code_type: 5,
      show_status: 1,
      sort: 0, // the schema default shown in the number input; blank optional texts are left to their defaults
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: /New/ })).toBeNull());
  });

  it('edits by sending only the changed fields, and shows a server 400 under the field it names', async () => {
    let reject = true;
    const fx = await mount(['update'], {
      'url_key_platform/update': (body) =>
        reject
          ? new ApiError('url_key_platform/update', 400, 'this name is taken', 'answered', {
              field: 'name',
              key: 'errors.name_taken',
            })
          : { ...ROWS[1], ...(body as object) },
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Update' })[1]);
    const f = within(await screen.findByRole('form', { name: /Edit/ }));
    expect((f.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Platform A');
    fireEvent.change(f.getByRole('textbox', { name: 'Name' }), { target: { value: 'Platform A2' } });
    fireEvent.click(f.getByRole('button', { name: 'Save' }));
    await f.findByText('this name is taken');
    expect(fx.calls.find((c) => c.path === 'url_key_platform/update')!.body).toEqual({
      id: 2,
      name: 'Platform A2',
    });

    reject = false;
    fireEvent.click(f.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: /Edit/ })).toBeNull());
  });

  it('confirms a permanent deletion with an Alert before calling remove with the selected ids', async () => {
    const fx = await mount(['remove'], { 'url_key_platform/remove': () => null });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete 2' }));
    const alert = await screen.findByRole('alertdialog');
    expect(
      within(alert).getByText('Permanently delete 2 records: “Self”, “Platform A”? This cannot be undone.'),
    ).toBeTruthy();
    expect(fx.calls.some((c) => c.path === 'url_key_platform/remove')).toBe(false);
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Delete' }));
    });
    await until(() => fx.calls.some((c) => c.path === 'url_key_platform/remove'));
    expect(fx.calls.find((c) => c.path === 'url_key_platform/remove')!.body).toEqual({ ids: [1, 2] });
  });
});
