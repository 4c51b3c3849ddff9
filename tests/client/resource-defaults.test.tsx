// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  domainInquire,
  languageListInquire,
  PAGE_SIZE_MAX,
  pictureTypeList,
  qrCodeAccessClearRecord,
  roleOptions,
  urlKeyPlatformAdd,
  urlKeyPlatformInquire,
  urlKeyPlatformUpdate,
  changePassword,
  type UrlKeyPlatform,
} from '../../contracts/index.ts';
import { createI18n, loadResources } from '../../client/app/i18n.ts';
import { urlKeyPlatformResource } from '../../client/features/qr-codes/screens/url-key-platform-screen.tsx';
import { ResourceScreen } from '../../client/resources/components/resource-screen.tsx';
import { answersRow, defaultLookupBody, defaultLookupOptions, defaultRemoveBody, takesIds } from '../../client/resources/defaults.ts';
import { allResources, defineResource } from '../../client/resources/define.ts';
import { fakeEffects, until } from './helpers/fake-effects.ts';
import { mountScreen } from './helpers/mount-screen.tsx';

/**
 * The list engine's defaults (client/resources/defaults.ts) read from the contract: a remove sends the chosen
 * rows' ids, a lookup reads one page of 200 and offers `id` under `name`; every declaration's remove and lookup
 * bodies are accepted by their calls. A save whose answer is the list's row puts it in place without reading the
 * page again; a create (or an answer that is not the row) still reloads.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
let en: i18n;
beforeAll(async () => {
  en = createI18n('en', await loadResources('en'));
  // Every screen module the console registers, so every declaration is in the registry.
  const table = fs.readFileSync(path.join(ROOT, 'client/app/screens.ts'), 'utf8');
  for (const m of table.matchAll(/import\('\.\.\/(features\/[^']+)'\)/g)) await import(path.join(ROOT, 'client', m[1]!));
}, 120_000);
afterEach(() => cleanup());

describe('defaults from the contract', () => {
  it('a remove sends the chosen keys as numbers in `ids`; a call taking anything else must declare its body', () => {
    expect(takesIds(qrCodeAccessClearRecord)).toBe(true);
    expect(defaultRemoveBody(qrCodeAccessClearRecord)([3, '7'])).toEqual({ ids: [3, 7] });
    expect(takesIds(changePassword)).toBe(false);
    expect(() => defaultRemoveBody(changePassword)).toThrow(/admin\/update_password.*declare its body/);
    expect(() => defineResource(urlKeyPlatformInquire, (r) => ({ name: 'probe_remove', columns: [], remove: r.remove(changePassword as never) }))).toThrow(
      /admin\/update_password/,
    );
  });

  it('a lookup over a paged call reads one page of the most rows allowed; any other call gets {}', () => {
    expect(defaultLookupBody(pictureTypeList)).toEqual({ page: 1, page_size: PAGE_SIZE_MAX });
    expect(defaultLookupBody(roleOptions)).toEqual({});
    expect(pictureTypeList.request.safeParse(defaultLookupBody(pictureTypeList)).success).toBe(true);
  });

  it('offers each row by its value and label fields, after a first choice when declared (pages and bare arrays)', () => {
    const page = { content: [{ id: 4, name: 'Banner', code: 'en', title: 'English' }], total: 1 };
    expect(defaultLookupOptions({})(page)).toEqual([{ value: 4, label: 'Banner' }]);
    expect(defaultLookupOptions({})([{ id: 2, name: 'Auditor' }])).toEqual([{ value: 2, label: 'Auditor' }]);
    expect(defaultLookupOptions<{ code: string; title: string }>({ value: 'code', label: 'title', first: { value: '', labelKey: 'x.none' } })(page)).toEqual([
      { value: '', labelKey: 'x.none' },
      { value: 'en', label: 'English' },
    ]);
    expect(defaultLookupOptions<{ id: number; name: string }>({ label: (row) => `#${row.id} ${row.name}` })(page)).toEqual([{ value: 4, label: '#4 Banner' }]);
    expect(defaultLookupOptions({})(null)).toEqual([]);
  });

  it('knows from the contract which answers are the list row itself', () => {
    expect(answersRow(urlKeyPlatformInquire, urlKeyPlatformUpdate)).toBe(true);
    expect(answersRow(urlKeyPlatformInquire, urlKeyPlatformAdd)).toBe(urlKeyPlatformAdd.response === urlKeyPlatformUpdate.response);
    expect(answersRow(domainInquire, urlKeyPlatformUpdate)).toBe(false);
    expect(answersRow(languageListInquire, roleOptions)).toBe(false);
  });
});

describe('every declaration', () => {
  it('sends remove bodies its remove call accepts (the default ids and the declared ones)', () => {
    const removes = allResources().filter((d) => d.remove);
    expect(removes.length).toBeGreaterThan(25);
    const refused = removes
      .map((d) => ({ name: d.name, path: d.remove!.call.path, result: d.remove!.call.request.safeParse(d.remove!.body([1, 2], [])) }))
      .filter((x) => !x.result.success)
      .map((x) => `${x.name} ${x.path}`);
    expect(refused).toEqual([]);
    expect(removes.every((d) => d.remove!.button === 'remove')).toBe(true);
  });

  it('sends lookup bodies their calls accept, and every lookup has choices (its own or the default)', () => {
    const lookups = allResources().flatMap((d) => Object.entries(d.lookups ?? {}).map(([id, l]) => ({ where: `${d.name}.${id}`, l })));
    expect(lookups.length).toBeGreaterThan(20);
    expect(lookups.filter(({ l }) => !l.call.request.safeParse(l.body).success).map((x) => x.where)).toEqual([]);
    expect(lookups.filter(({ l }) => typeof l.options !== 'function').map((x) => x.where)).toEqual([]);
  });
});

const ROWS: UrlKeyPlatform[] = [
  { id: 1, name: 'Self', url: 'https://s.example.com/api', key: '', short_code_type: 3, show_status: 1, sort: 30, remark: '', create_time: '2026-01-01 08:00:00' },
  { id: 2, name: 'Platform A', url: 'https://a.example.net/api', key: '******', short_code_type: 4, show_status: 2, sort: 20, remark: '', create_time: '2026-01-02 08:00:00' },
];

describe('a save refreshes the changed row where the answer carries it', () => {
  async function mount(update: (body: unknown) => unknown) {
    const fx = fakeEffects({
      'url_key_platform/inquire': () => ({ content: ROWS, total: ROWS.length }),
      'url_key_platform/update': update,
      'url_key_platform/add': (body) => ({ ...ROWS[0]!, ...(body as object), id: 3 }),
    });
    await mountScreen({ fx, i18n: en, route: 'url_key_platform', buttons: ['add', 'update'], element: <ResourceScreen decl={urlKeyPlatformResource} /> });
    await screen.findByText('Platform A');
    return { fx, loads: () => fx.calls.filter((c) => c.path === 'url_key_platform/inquire').length };
  }

  async function rename(to: string) {
    fireEvent.click(screen.getAllByRole('button', { name: 'Update' })[1]!);
    const f = within(await screen.findByRole('form', { name: /Edit/ }));
    fireEvent.change(f.getByRole('textbox', { name: 'Name' }), { target: { value: to } });
    fireEvent.click(f.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: /Edit/ })).toBeNull());
  }

  it('an edit answered with the row shows that row and does not read the page again', async () => {
    // The server's copy wins: it answers an address the form did not send.
    const { fx, loads } = await mount((body) => ({ ...ROWS[1]!, ...(body as object), url: 'https://a.example.net/api/v2' }));
    expect(loads()).toBe(1);
    await rename('Platform B');
    const table = screen.getByRole('table', { name: 'Short-URL platforms' });
    await within(table).findByText('Platform B');
    expect(within(table).getByText('https://a.example.net/api/v2')).toBeTruthy();
    expect(within(table).getByText('Self')).toBeTruthy();
    expect(fx.toasts.some((t) => t.intent === 'success')).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(loads()).toBe(1);
  });

  it('an edit answered with another row than the one on the page reloads the page', async () => {
    const { loads } = await mount((body) => ({ ...ROWS[1]!, ...(body as object), id: 99 }));
    await rename('Platform C');
    await until(() => loads() === 2);
  });

  it('an edit changing what the view sorts or filters by reloads the page (the row may move or leave it)', async () => {
    const { loads } = await mount((body) => ({ ...ROWS[1]!, ...(body as object), sort: 99 }));
    await rename('Platform D');
    await until(() => loads() === 2);
  });

  it('a create reloads the page (where a new row goes is the server’s to say)', async () => {
    const { loads } = await mount((body) => ({ ...ROWS[1]!, ...(body as object) }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const f = within(await screen.findByRole('form', { name: /New/ }));
    fireEvent.change(f.getByRole('textbox', { name: 'Name' }), { target: { value: 'New one' } });
    fireEvent.change(f.getByRole('textbox', { name: 'API address' }), { target: { value: 'https://n.example.com/x' } });
    fireEvent.change(f.getByRole('combobox', { name: 'Short-code type' }), { target: { value: '5' } });
    fireEvent.click(f.getByRole('button', { name: 'Save' }));
    await until(() => loads() === 2);
  });
});
