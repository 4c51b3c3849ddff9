// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { i18n } from 'i18next';
import { qrCodeDetails, urlKeyPlatformInquire, urlKeyPlatformUpdate, type UrlKeyPlatform } from '../../contracts/index.ts';
import { createI18n, loadResources } from '../../client/app/i18n.ts';
import { ResourceScreen } from '../../client/resources/components/resource-screen.tsx';
import { defineResource } from '../../client/resources/define.ts';
import { fakeEffects, until } from './helpers/fake-effects.ts';
import { mountScreen } from './helpers/mount-screen.tsx';

/**
 * A list that declares `details` (the QR code lists declare `qr_code_list/details`): opening one row's edit
 * form reads that row afresh and the form starts from the server's copy, not the list's. The call here is
 * only a path the fake effect layer answers; the engine does not care which call it is.
 */
let i18nEn: i18n;
beforeAll(async () => {
  i18nEn = createI18n('en', await loadResources('en'));
});
afterEach(() => cleanup());

const LISTED: UrlKeyPlatform = { id: 2, name: 'Listed name', url: 'https://a.example.net/api', key: '', short_code_type: 4, show_status: 1, sort: 20, remark: '', create_time: '2026-01-02 08:00:00' };

const probe = defineResource(urlKeyPlatformInquire, (r) => ({
  name: 'url_key_platform',
  columns: [{ field: 'name', kind: 'text' }],
  update: r.form(urlKeyPlatformUpdate, { button: 'update', fields: ['name'] }),
  details: { call: qrCodeDetails, body: (key) => ({ id: Number(key) }) },
}));

describe('a declared details call', () => {
  it('refreshes the row an edit form starts from', async () => {
    const fx = fakeEffects({
      'url_key_platform/inquire': () => ({ content: [LISTED], total: 1 }),
      'qr_code_list/details': () => ({ ...LISTED, name: 'Fresh name' }),
    });
    await mountScreen({ fx, i18n: i18nEn, route: 'url_key_platform', buttons: ['update'], element: <ResourceScreen decl={probe} /> });
    await screen.findByText('Listed name');
    expect(fx.calls.some((c) => c.path === 'qr_code_list/details')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await until(() => fx.calls.some((c) => c.path === 'qr_code_list/details'));
    expect(fx.calls.find((c) => c.path === 'qr_code_list/details')!.body).toEqual({ id: 2 });
    const form = within(await screen.findByRole('form', { name: /Edit/ }));
    await until(() => (form.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value === 'Fresh name');
  });
});
