import { describe, expect, it } from 'vitest';
import type { Page, RotationChild, RotationTypeEntry, ShortCode } from '../../contracts/index.ts';
import { ok, refusalChecker, SEEDED, useQrServer } from '../helpers/qr.ts';

/** rotation/*, rotation_type/*, short_code/* through the real server. */
const { t, tok } = useQrServer();

const refusedUnchanged = refusalChecker(() => t);
const children = (qr_code_id: number, token = tok.customer01) =>
  t.call('rotation/inquire', { qr_code_id, page_size: 100 }, token).then((r) => ok<Page<RotationChild>>(r).content);

describe('rotation/* (target URLs)', () => {
  it('lists the caller\'s children in rotation order with the code\'s rotation type', async () => {
    const list = await children(SEEDED.demo01);
    expect(list.map((c) => [c.file_name, c.rotation_type, c.url])).toEqual([
      ['demo01', 1, 'https://example.com/spring/a'],
      ['demo01', 1, 'https://example.com/spring/b'],
      ['demo01', 1, 'https://example.com/spring/c'],
    ]);
    expect(list.reduce((n, c) => n + c.view_number, 0)).toBe(160);
    expect(list.filter((c) => c.current === 2)).toHaveLength(1);
    expect(await children(SEEDED.c2code01)).toEqual([]);
    expect(await children(SEEDED.c2code01, tok.admin)).toHaveLength(2);
  });

  it('adds after the last child, updates (capping the turn), removes; never the last one', async () => {
    const added = ok<RotationChild>(await t.call('rotation/add', { qr_code_id: SEEDED.demo02, url: 'https://r.example/new', visit_threshold: 9 }, tok.customer01));
    expect(added).toMatchObject({ sort: 2, visit_threshold: 9, remaining: 9, current: 1, file_name: 'demo02' });
    const updated = ok<RotationChild>(await t.call('rotation/update', { id: added.id, visit_threshold: 3 }, tok.customer01));
    expect(updated).toMatchObject({ visit_threshold: 3, remaining: 3 });
    const all = await children(SEEDED.demo02);
    expect(ok(await t.call('rotation/remove', { ids: all.slice(0, 2).map((c) => c.id) }, tok.customer01))).toEqual({ removed: 2 });
    const left = await children(SEEDED.demo02);
    expect(left.map((c) => [c.id, c.current])).toEqual([[added.id, 2]]);
    await refusedUnchanged('rotation/remove', { ids: [added.id] }, tok.customer01, 409, /at least one target URL/);
  });

  it.each<[string, string, object, number]>([
    ['adding to another customer\'s code', 'rotation/add', { qr_code_id: SEEDED.c2code01, url: 'https://x.example/' }, 404],
    ['adding to a removed code', 'rotation/add', { qr_code_id: SEEDED.trash01, url: 'https://x.example/' }, 404],
    ['adding a data: URL', 'rotation/add', { qr_code_id: SEEDED.demo01, url: 'data:text/html,hi' }, 400],
    ['a zero threshold', 'rotation/add', { qr_code_id: SEEDED.demo01, url: 'https://x.example/', visit_threshold: 0 }, 400],
    ['updating another customer\'s child', 'rotation/update', { id: 11, url: 'https://x.example/' }, 404],
    ['removing 501', 'rotation/remove', { ids: Array.from({ length: 501 }, (_, i) => i + 1) }, 400],
  ])('refuses %s', async (_n, path, body, status) => {
    await refusedUnchanged(path, body, tok.customer01, status);
  });

  it('at most 50 children per code', async () => {
    const q = ok<{ id: number }>(await t.call('qr_code_list/add', { name: 'full', domain_id: 1, children: Array.from({ length: 50 }, (_, i) => ({ url: `https://f.example/${i}` })) }, tok.customer01));
    await refusedUnchanged('rotation/add', { qr_code_id: q.id, url: 'https://f.example/51' }, tok.customer01, 409, /at most 50/);
  });
});

describe('rotation_type/* (administrators)', () => {
  it('everyone reads the labels; only administrators change them', async () => {
    const list = ok<Page<RotationTypeEntry>>(await t.call('rotation_type/inquire', {}, tok.customer01));
    expect(list.content.map((r) => r.rotation_type)).toEqual([1, 2, 3]);
    for (const [path, body] of [
      ['rotation_type/add', { rotation_type: 1, name: 'x' }],
      ['rotation_type/update', { id: 1, name: 'x' }],
      ['rotation_type/remove', { ids: [1] }],
    ] as const) {
      await refusedUnchanged(path, body, tok.customer01, 403);
      await refusedUnchanged(path, body, tok.agent, 403);
    }
    const added = ok<RotationTypeEntry>(await t.call('rotation_type/add', { rotation_type: 2, name: '随机 B', sort: 99 }, tok.admin));
    expect(ok<Page<RotationTypeEntry>>(await t.call('rotation_type/inquire', {}, tok.customer01)).content[0]!.id).toBe(added.id);
    await refusedUnchanged('rotation_type/add', { rotation_type: 2, name: '随机 B' }, tok.admin, 409);
    await refusedUnchanged('rotation_type/add', { rotation_type: 4, name: 'z' }, tok.admin, 400, /^rotation_type: /);
    expect(ok<RotationTypeEntry>(await t.call('rotation_type/update', { id: added.id, show_status: 2 }, tok.admin)).show_status).toBe(2);
    expect(ok<Page<RotationTypeEntry>>(await t.call('rotation_type/inquire', { show_status: 1 }, tok.customer01)).total).toBe(3);
    expect(ok(await t.call('rotation_type/remove', { ids: [added.id] }, tok.admin))).toEqual({ removed: 1 });
    await refusedUnchanged('rotation_type/remove', { ids: [added.id] }, tok.admin, 404);
  });
});

describe('short_code/*', () => {
  it('makes, lists, changes and deletes short codes of own QR codes', async () => {
    const made = ok<ShortCode>(await t.call('short_code/add', { qr_code_id: SEEDED.demo02 }, tok.customer01));
    expect(made).toMatchObject({ qr_code_id: SEEDED.demo02, file_name: 'demo02', short_code_type: 3, short_url: `/s/${made.code}` });
    expect(made.code).toMatch(/^[A-Za-z0-9]{6}$/);
    const named = ok<ShortCode>(await t.call('short_code/add', { qr_code_id: SEEDED.demo02, code: 'Mine42', short_code_type: 4, url_key_platform_id: 1 }, tok.customer01));
    expect(named.short_url).toMatch(/\/Mine42$/);
    expect(named.short_url.startsWith('http')).toBe(true);
    await refusedUnchanged('short_code/add', { qr_code_id: SEEDED.demo01, code: 'Mine42' }, tok.customer01, 409, /already in use/);
    await refusedUnchanged('short_code/add', { qr_code_id: SEEDED.c2code01 }, tok.customer01, 404);
    await refusedUnchanged('short_code/add', { qr_code_id: SEEDED.demo01, code: 'a!' }, tok.customer01, 400, /^code: /);
    await refusedUnchanged('short_code/add', { qr_code_id: SEEDED.demo01, url_key_platform_id: 999 }, tok.customer01, 404);
    expect(ok<Page<ShortCode>>(await t.call('short_code/inquire', { qr_code_id: SEEDED.demo02 }, tok.customer01)).total).toBe(2);
    expect(ok<Page<ShortCode>>(await t.call('short_code/inquire', {}, tok.customer02)).total).toBe(0);
    expect(ok<ShortCode>(await t.call('short_code/update', { id: named.id, url_key_platform_id: null, short_code_type: 13 }, tok.customer01))).toMatchObject({
      short_code_type: 13,
      short_url: '/s/Mine42',
    });
    await refusedUnchanged('short_code/update', { id: named.id, remark: 'x' }, tok.customer02, 404);
    expect(ok(await t.call('short_code/remove', { ids: [made.id, named.id] }, tok.customer01))).toEqual({ removed: 2 });
  });
});
