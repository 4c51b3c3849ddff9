import { describe, expect, it } from 'vitest';
import { useApiServer } from '../helpers/api-server.ts';
import { rowsOf, valueOf, valuesOf } from '../../fixtures/rows.ts';
import { refusalText } from '../helpers/qr.ts';

/** Issue 13: the language list keeps exactly one default; the public inquire shows the shown ones. */
const api = useApiServer({}, { admin: 'superadmin' });

const rows = () => rowsOf(api.t.db, 'languages');
const defaults = () => valuesOf(api.t.db, 'languages', 'code', { default_language: 2 });
const idOf = (code: string) => valueOf<number>(api.t.db, 'languages', 'id', { code })!;

describe('language_list', () => {
  it('adds, shows and hides a language; the public inquire follows', async () => {
    const add = await api.t.call('language_list/add', { code: 'fr', title: 'Français', phone_area_code: '+33' }, api.tok.admin);
    expect(add.status).toBe(200);
    expect(add.body.data).toMatchObject({ code: 'fr', show_status: 1, default_language: 1 });
    const shown = await api.t.call('language_list/inquire', { show_status: 1 });
    expect((shown.body.data as { content: { code: string }[] }).content.map((l) => l.code)).toContain('fr');
    await api.t.call('language_list/update', { id: idOf('fr'), show_status: 2 }, api.tok.admin);
    const after = await api.t.call('language_list/inquire', { show_status: 1 });
    expect((after.body.data as { content: { code: string }[] }).content.map((l) => l.code)).not.toContain('fr');
  });
  it('set_default moves the one default', async () => {
    const res = await api.t.call('language_list/set_default', { id: idOf('en') }, api.tok.admin);
    expect(res.status).toBe(200);
    expect(defaults()).toEqual(['en']);
    await api.t.call('language_list/set_default', { id: idOf('zh-CN') }, api.tok.admin);
    expect(defaults()).toEqual(['zh-CN']);
  });
  it.each([
    ['a second default on add', 'language_list/add', () => ({ code: 'de', title: 'Deutsch', default_language: 2 }), 409, /^default_language: /],
    ['a second default on update', 'language_list/update', () => ({ id: idOf('en'), default_language: 2 }), 409, /^default_language: /],
    ['unsetting the default', 'language_list/update', () => ({ id: idOf('zh-CN'), default_language: 1 }), 409, /^default_language: /],
    ['removing the default', 'language_list/remove', () => ({ ids: [idOf('en'), idOf('zh-CN')] }), 409, /^ids: The default language/],
    ['a duplicate code', 'language_list/add', () => ({ code: 'en', title: 'English 2' }), 409, /^code: /],
    ['a malformed code', 'language_list/add', () => ({ code: 'English', title: 'x' }), 400, /^code: /],
    ['an empty title', 'language_list/add', () => ({ code: 'it', title: ' ' }), 400, /^title: /],
    ['an unknown id', 'language_list/set_default', () => ({ id: 9999 }), 404, /./],
  ])('refuses %s, nothing changes', async (_name, path, body, status, message) => {
    const before = rows();
    const res = await api.t.call(path, body(), api.tok.admin);
    expect(res.status).toBe(status);
    expect(refusalText(res.body)).toMatch(message);
    expect(rows()).toEqual(before);
  });
  it('customers may read but not edit', async () => {
    const customer = await api.t.login('customer01');
    expect((await api.t.call('language_list/add', { code: 'es', title: 'Español' }, customer)).status).toBe(403);
  });
});
