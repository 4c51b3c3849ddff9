import { describe, expect, it } from 'vitest';
import { DOCUMENT_CONTENT_MAX, type DocumentRow, type Page, type Picture, type PictureType } from '../../contracts/index.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { documents, pictures } from '../../fixtures/seed/mall.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** Rows the seed holds are left out of the comparisons (fixtures/seed/mall.ts). */
const seeded = new Set<string>([...pictures.map((p) => p.title), ...documents.map((d) => d.title)]);
const mine = (names: string[]) => names.filter((n) => !seeded.has(n));

/** Picture types, picture / picture-text items and documents over real HTTP: every call and its rules. */

const { t, tok: tokens } = useApiServer({}, { admin01: 'admin01', customer01: 'customer01' });
const refusedUnchanged = refusalChecker(() => t);
const admin = async <T>(path: string, body: object) => ok<T>(await t.call(path, body, tokens.admin01));

let type: PictureType;
let banner: Picture;

describe('picture types and items', () => {
  it('adds a type and items of both kinds; each list shows its own kind, larger sort first', async () => {
    type = await admin<PictureType>('picture_type/add', { name: 'Banner' });
    banner = await admin<Picture>('picture/add', { kind: 1, type_id: type.id, title: 'Spring', image: 'https://cdn.example.com/a.png', jump_address: '/customer/home', sort: 1 });
    await admin('picture/add', { kind: 1, title: 'Top', jump_type: 4, jump_custom: 'openChat', sort: 9 });
    await admin('picture/add', { kind: 2, title: 'Story', description: 'text' });
    expect(banner).toMatchObject({ type_name: 'Banner', click_count: 0, jump_type: 1 });
    const titles = async (body: object) => mine((await admin<Page<Picture>>('picture/list', body)).content.map((p) => p.title));
    expect(await titles({ kind: 1 })).toEqual(['Top', 'Spring']);
    expect(await titles({ kind: 2 })).toEqual(['Story']);
    expect(await titles({ kind: 1, type_id: type.id })).toEqual(['Spring']);
    expect((await admin<Picture>('picture/update', { id: banner.id, sort: 20 })).sort).toBe(20);
    await refusedUnchanged('picture_type/add', { name: 'Banner' }, tokens.admin01, 409, /^name: /);
  });

  it.each([
    ['a custom jump type without its value', { jump_type: 4 }, /^jump_custom: /],
    ['a javascript: jump address', { jump_address: 'javascript:alert(1)' }, /^jump_address: /],
    ['a protocol-relative jump address', { jump_address: '//evil.example' }, /^jump_address: /],
    ['an image not from file/add or http(s)', { image: 'data:image/png;base64,AA' }, /^image: /],
    ['an unknown type', { type_id: 999 }, /^type_id: /],
    ['a click count', { click_count: 3 }, /click_count/],
    ['an unknown kind', { kind: 3 }, /^kind: /],
  ])('add refuses %s (400), nothing changes', async (_, extra, message) => {
    await refusedUnchanged('picture/add', { kind: 1, title: 'x', ...extra }, tokens.admin01, 400, message);
  });

  it('update keeps a custom jump type needing its value', async () => {
    await refusedUnchanged('picture/update', { id: banner.id, jump_type: 4 }, tokens.admin01, 400, /^jump_custom: /);
  });

  it('refuses removing a type items use (409), shows anyone the shown items of a kind', async () => {
    await refusedUnchanged('picture_type/remove', { ids: [type.id] }, tokens.admin01, 409);
    await admin('picture/add', { kind: 1, title: 'Hidden', show_status: 2 });
    const shown = ok<Page<Picture>>(await t.call('picture/inquire', { kind: 1 }));
    expect(mine(shown.content.map((p) => p.title))).toEqual(['Spring', 'Top']);
    ok(await t.call('picture/remove', { ids: [banner.id] }, tokens.admin01));
    ok(await t.call('picture_type/remove', { ids: [type.id] }, tokens.admin01));
  });

  it('is refused to a customer (403)', async () => {
    await refusedUnchanged('picture/list', { kind: 1 }, tokens.customer01, 403);
    await refusedUnchanged('picture_type/add', { name: 'c' }, tokens.customer01, 403);
  });
});

describe('documents', () => {
  it('adds, lists, filters, updates and removes; the storefront sees shown ones; markup is kept as text', async () => {
    const markup = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const doc = await admin<DocumentRow>('document/add', { title: 'Help', type: 'help', content: `Line 1\n${markup}` });
    await admin('document/add', { title: 'Terms', type: 'agreement', content: '', show_status: 2 });
    expect(doc.content).toBe(`Line 1\n${markup}`);
    expect(mine((await admin<Page<DocumentRow>>('document/list', { type: 'help' })).content.map((d) => d.title))).toEqual(['Help']);
    expect((await admin<DocumentRow>('document/update', { id: doc.id, title: 'Help 2' })).title).toBe('Help 2');
    expect(mine(ok<Page<DocumentRow>>(await t.call('document/inquire', {})).content.map((d) => d.title))).toEqual(['Help 2']);
    ok(await t.call('document/remove', { ids: [doc.id] }, tokens.admin01));
  });

  it('refuses oversized content and an empty title (400 naming the field), nothing changes', async () => {
    await refusedUnchanged('document/add', { title: 'x', type: 'help', content: 'a'.repeat(DOCUMENT_CONTENT_MAX + 1) }, tokens.admin01, 400, /^content: /);
    await refusedUnchanged('document/add', { title: ' ', type: 'help', content: '' }, tokens.admin01, 400, /^title: /);
    await refusedUnchanged('document/add', { title: 'x', type: 'help', content: '' }, tokens.customer01, 403);
  });
});
