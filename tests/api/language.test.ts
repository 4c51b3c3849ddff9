import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '../helpers/qr.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';

/** Issue 13: the language list keeps exactly one default; the public inquire shows the shown ones. */
let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login('superadmin');
});
afterAll(() => t.close());

const rows = () => t.db.prepare('SELECT * FROM languages ORDER BY id').all();
const defaults = () => t.db.prepare('SELECT code FROM languages WHERE default_language = 2').pluck().all();
const idOf = (code: string) => t.db.prepare('SELECT id FROM languages WHERE code = ?').pluck().get(code) as number;

describe('language_list', () => {
  it('adds, shows and hides a language; the public inquire follows', async () => {
    const add = await t.call('language_list/add', { code: 'fr', title: 'Français', phone_area_code: '+33' }, admin);
    expect(add.status).toBe(200);
    expect(add.body.data).toMatchObject({ code: 'fr', show_status: 1, default_language: 1 });
    const shown = await t.call('language_list/inquire', { show_status: 1 });
    expect((shown.body.data as { content: { code: string }[] }).content.map((l) => l.code)).toContain('fr');
    await t.call('language_list/update', { id: idOf('fr'), show_status: 2 }, admin);
    const after = await t.call('language_list/inquire', { show_status: 1 });
    expect((after.body.data as { content: { code: string }[] }).content.map((l) => l.code)).not.toContain('fr');
  });
  it('set_default moves the one default', async () => {
    const res = await t.call('language_list/set_default', { id: idOf('en') }, admin);
    expect(res.status).toBe(200);
    expect(defaults()).toEqual(['en']);
    await t.call('language_list/set_default', { id: idOf('zh-CN') }, admin);
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
    const res = await t.call(path, body(), admin);
    expect(res.status).toBe(status);
    expect(refusalText(res.body)).toMatch(message);
    expect(rows()).toEqual(before);
  });
  it('customers may read but not edit', async () => {
    const customer = await t.login('customer01');
    expect((await t.call('language_list/add', { code: 'es', title: 'Español' }, customer)).status).toBe(403);
  });
});
