import { describe, expect, it } from 'vitest';
import { qrCodeCalls, type Page, type QrCode } from '../../contracts/index.ts';
import { ok, refusalChecker, refused, SEEDED, useQrServer } from '../helpers/qr.ts';
import { countOf } from '../../fixtures/rows.ts';

/**
 * qr_code_list/* through the real HTTP server and SQLite: success, bad input (400 naming the field), another
 * customer's ids (404), wrong role (401/403), and every refusal leaves the database as it was.
 */
const { t, tok } = useQrServer();

const NOT_FOUND = 'Not found';
const child = (url = 'https://example.com/x') => ({ url });
const list = (body: object, token = tok.customer01, path = 'qr_code_list/inquire') => t.call(path, body, token).then((r) => ok<Page<QrCode>>(r));
const details = (id: number, token = tok.customer01) => t.call('qr_code_list/details', { id }, token).then((r) => ok<QrCode>(r));
/** Run a refused request and check nothing changed. */
const refusedUnchanged = refusalChecker(() => t);

describe('access', () => {
  it.each(qrCodeCalls.filter((c) => c.access.kind !== 'public').map((c) => c.path))('%s without a token answers 401', async (path) => {
    refused(await t.call(path, {}), 401);
  });

  it('user_inquire is the administrators\' view: a customer gets 403', async () => {
    await refusedUnchanged('qr_code_list/user_inquire', {}, tok.customer01, 403, 'You do not have permission for this operation');
  });
});

describe('qr_code_list/inquire, user_inquire, details', () => {
  it('a customer lists only their own live codes, with children, newest first', async () => {
    const page = await list({ page_size: 50 });
    expect(page.content.map((q) => q.file_name).sort()).toEqual(['demo01', 'demo02', 'demo03', 'demo04']);
    expect(page.total).toBe(4);
    expect(new Set(page.content.map((q) => q.user_id))).toEqual(new Set([4]));
    const demo01 = page.content.find((q) => q.file_name === 'demo01')!;
    expect(demo01).toMatchObject({ domain: 'entry1.example.com', display_type: 1, group_name: '推广组', entry_url: 'http://entry1.example.com/v/demo01' });
    expect(demo01.children.map((c) => c.url)).toEqual(['https://example.com/spring/a', 'https://example.com/spring/b', 'https://example.com/spring/c']);
  });

  it('filters: recycle bin, batch of codes, display type, sort by visits', async () => {
    expect((await list({ removed: 2 })).content.map((q) => q.file_name)).toEqual(['trash01']);
    const batch = (await list({ file_names: ['demo02', 'nope', 'demo03', 'c2code01', 'nope'] })) as Page<QrCode> & { not_found?: string[] };
    expect(batch.content.map((q) => q.file_name).sort()).toEqual(['demo02', 'demo03']);
    // What was asked and is none of the caller's codes is named, in the order asked (another's code included).
    expect(batch.not_found).toEqual(['nope', 'c2code01']);
    expect(((await list({ page_size: 5 })) as { not_found?: unknown }).not_found).toBeUndefined();
    expect((await list({ display_type: 3 })).content.map((q) => q.file_name)).toEqual(['demo03']);
    const byViews = (await list({ sort: 'view_number', order: 'desc' })).content.map((q) => q.view_number);
    expect(byViews).toEqual([...byViews].sort((a, b) => b - a));
  });

  it('an administrator lists everybody\'s codes; user_inquire filters by owner', async () => {
    expect((await list({ page_size: 50 }, tok.admin)).total).toBe(5);
    const c2 = await list({ account: 'customer02' }, tok.admin, 'qr_code_list/user_inquire');
    expect(c2.content.map((q) => [q.file_name, q.account])).toEqual([['c2code01', 'customer02']]);
  });

  it.each<[string, object, string]>([
    ['page_size over 200', { page_size: 201 }, 'page_size'],
    ['page 0', { page: 0 }, 'page'],
    ['unknown sort', { sort: 'password' }, 'sort'],
    ['removed 3', { removed: 3 }, 'removed'],
    ['file_names over 500', { file_names: Array.from({ length: 501 }, (_, i) => `c${i}`) }, 'file_names'],
    ['unknown field', { owner: 1 }, 'owner: This page sent something the server does not take; reload the page and try again'],
  ])('inquire refuses %s (400 naming it)', async (_n, body, field) => {
    refused(await t.call('qr_code_list/inquire', body, tok.customer01), 400, new RegExp(field));
  });

  it('details by id or code; another customer\'s code is 404', async () => {
    expect((await details(SEEDED.demo02)).file_name).toBe('demo02');
    expect(ok<QrCode>(await t.call('qr_code_list/details', { file_name: 'demo03' }, tok.customer01)).id).toBe(SEEDED.demo03);
    refused(await t.call('qr_code_list/details', { id: SEEDED.c2code01 }, tok.customer01), 404, NOT_FOUND);
    refused(await t.call('qr_code_list/details', { file_name: 'c2code01' }, tok.customer01), 404, NOT_FOUND);
    refused(await t.call('qr_code_list/details', {}, tok.customer01), 400, /^id: /);
    expect((await details(SEEDED.c2code01, tok.admin)).account).toBe('customer02');
  });
});

describe('qr_code_list/add', () => {
  it('creates a code on the caller\'s domain with generated code and password, first child current', async () => {
    const q = ok<QrCode>(
      await t.call('qr_code_list/add', { name: '新活码', domain_id: SEEDED.land1, rotation_type: 3, children: [child('https://a.example/1'), { url: 'https://a.example/2', visit_threshold: 7 }] }, tok.customer01),
    );
    expect(q).toMatchObject({ user_id: 4, name: '新活码', domain: 'land1.example.com', rotation_type: 3, jump_type: 1, open_log: 2, removed: 1, view_number: 0 });
    expect(q.file_name).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(q.password).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(q.children.map((c) => [c.url, c.visit_threshold, c.remaining, c.current])).toEqual([
      ['https://a.example/1', 100, 100, 2],
      ['https://a.example/2', 7, 7, 1],
    ]);
    expect(ok<QrCode>(await t.call('qr_code_list/details', { file_name: q.file_name }, tok.customer01)).id).toBe(q.id);
  });

  it.each<[string, object, number, RegExp]>([
    ['missing name', { domain_id: 1, children: [child()] }, 400, /^name: /],
    ['empty name', { name: ' ', domain_id: 1, children: [child()] }, 400, /^name: name may not be empty/],
    ['domain_id as a string', { name: 'x', domain_id: '1', children: [child()] }, 400, /^domain_id: /],
    ['no children', { name: 'x', domain_id: 1, children: [] }, 400, /^children: add at least one target URL/],
    ['a javascript: target', { name: 'x', domain_id: 1, children: [child('javascript:alert(1)')] }, 400, /^children\.0\.url: enter a web address starting with http:\/\/ or https:\/\//],
    ['51 children', { name: 'x', domain_id: 1, children: Array.from({ length: 51 }, () => child()) }, 400, /^children: /],
    ['a bad code', { name: 'x', domain_id: 1, file_name: 'a b', children: [child()] }, 400, /^file_name: the code must be/],
    ['jump type 7', { name: 'x', domain_id: 1, jump_type: 7, children: [child()] }, 400, /^jump_type: Choose one of the options/],
    ['rotation type 0', { name: 'x', domain_id: 1, rotation_type: 0, children: [child()] }, 400, /^rotation_type: /],
    ['short code type 14', { name: 'x', domain_id: 1, short_code_type: 14, children: [child()] }, 400, /^short_code_type: /],
    ['a short password', { name: 'x', domain_id: 1, password: 'ab', children: [child()] }, 400, /^password: the share password/],
    ['an unknown field', { name: 'x', domain_id: 1, children: [child()], user_id: 5 }, 400, /^user_id: This page sent/],
    ['another customer\'s domain', { name: 'x', domain_id: SEEDED.entry2, children: [child()] }, 404, /Not found/],
    ['a missing domain', { name: 'x', domain_id: 999, children: [child()] }, 404, /Not found/],
    ['a domain on hold', { name: 'x', domain_id: SEEDED.reserve1, children: [child()] }, 409, /on hold/],
    ['a code in use', { name: 'x', domain_id: 1, file_name: 'c2code01', children: [child()] }, 409, /already in use/],
    ['another customer\'s group', { name: 'x', domain_id: 1, group_id: SEEDED.group3, children: [child()] }, 404, /belongs to another account/],
  ])('refuses %s and changes nothing', async (_n, body, status, message) => {
    await refusedUnchanged('qr_code_list/add', body, tok.customer01, status, message);
  });
});

describe('qr_code_list/update and update_url', () => {
  it('changes only the fields sent', async () => {
    const before = await details(SEEDED.demo02);
    const after = ok<QrCode>(await t.call('qr_code_list/update', { id: SEEDED.demo02, jump_type: 5, remark: '改' }, tok.customer01));
    expect(after).toMatchObject({ jump_type: 5, remark: '改', name: before.name, rotation_type: before.rotation_type });
  });

  it.each<[string, object, number]>([
    ['another customer\'s code', { id: SEEDED.c2code01, name: 'mine' }, 404],
    ['moving to another customer\'s domain', { id: SEEDED.demo02, domain_id: SEEDED.entry2 }, 404],
    ['a code already used', { id: SEEDED.demo02, file_name: 'demo01' }, 409],
    ['open_log 3', { id: SEEDED.demo02, open_log: 3 }, 400],
    ['no id', { name: 'x' }, 400],
  ])('refuses %s', async (_n, body, status) => {
    await refusedUnchanged('qr_code_list/update', body, tok.customer01, status);
  });

  it('update_url replaces the targets and restarts rotation at the first', async () => {
    const q = ok<QrCode>(await t.call('qr_code_list/update_url', { id: SEEDED.demo02, children: [child('https://n.example/1'), child('https://n.example/2'), child('https://n.example/3')] }, tok.customer01));
    expect(q.children.map((c) => [c.url, c.current, c.view_number])).toEqual([
      ['https://n.example/1', 2, 0],
      ['https://n.example/2', 1, 0],
      ['https://n.example/3', 1, 0],
    ]);
    await refusedUnchanged('qr_code_list/update_url', { id: SEEDED.c2code01, children: [child()] }, tok.customer01, 404);
    await refusedUnchanged('qr_code_list/update_url', { id: SEEDED.demo02, children: [] }, tok.customer01, 400, /^children: /);
  });
});

describe('qr_code_list/share_access (public)', () => {
  it('answers name, id and the two figures for the right code and password, without a login', async () => {
    const q = await details(SEEDED.demo01);
    expect(ok(await t.call('qr_code_list/share_access', { file_name: 'demo01', password: 'share01' }))).toEqual({
      name: q.name,
      id: q.id,
      view_number: q.view_number,
      ip_view_number: q.ip_view_number,
    });
    expect(q.view_number).toBe(160);
    expect(q.ip_view_number).toBeGreaterThan(5);
  });

  it.each<[string, object, number, RegExp]>([
    ['a wrong password', { file_name: 'demo01', password: 'share02' }, 404, /^page error, contact the administrator$/],
    ['an unknown code', { file_name: 'nope', password: 'share01' }, 404, /^page error/],
    ['a removed code', { file_name: 'trash01', password: 'share05' }, 404, /^page error/],
    ['a code with sharing off', { file_name: 'demo04', password: 'x' }, 404, /^page error/],
    ['no password', { file_name: 'demo01' }, 400, /^password: /],
    ['no code', { password: 'share01' }, 400, /^file_name: /],
    ['a numeric password', { file_name: 'demo01', password: 123 }, 400, /^password: /],
  ])('refuses %s', async (_n, body, status, message) => {
    refused(await t.call('qr_code_list/share_access', body), status, message);
  });
});

describe('batch calls', () => {
  it('change_domain_name moves the given codes, or every code of a domain', async () => {
    expect(ok(await t.call('qr_code_list/change_domain_name', { ids: [SEEDED.demo02], domain_id: SEEDED.s1 }, tok.customer01))).toEqual({ updated: 1 });
    expect((await details(SEEDED.demo02)).domain).toBe('s1.example.com');
    const moved = ok<{ updated: number }>(await t.call('qr_code_list/change_domain_name', { from_domain_id: SEEDED.s1, domain_id: SEEDED.land1 }, tok.customer01));
    expect(moved.updated).toBe(2);
    expect((await list({ domain_id: SEEDED.land1, page_size: 50 })).content.map((q) => q.file_name)).toEqual(expect.arrayContaining(['demo02', 'demo03']));
  });

  it.each<[string, object, number]>([
    ['both ids and a source domain', { ids: [1], from_domain_id: 2, domain_id: 3 }, 400],
    ['neither', { domain_id: 3 }, 400],
    ['another customer\'s target domain', { ids: [SEEDED.demo01], domain_id: SEEDED.entry2 }, 404],
    ['another customer\'s code among mine', { ids: [SEEDED.demo01, SEEDED.c2code01], domain_id: SEEDED.land1 }, 404],
    ['a held target domain', { ids: [SEEDED.demo01], domain_id: SEEDED.reserve1 }, 409],
  ])('change_domain_name refuses %s', async (_n, body, status) => {
    await refusedUnchanged('qr_code_list/change_domain_name', body, tok.customer01, status);
  });

  it('batch_update sets the same fields on all codes', async () => {
    expect(ok(await t.call('qr_code_list/batch_update', { ids: [SEEDED.demo01, SEEDED.demo02], fields: { jump_type: 2, internal_code_group_id: 1 } }, tok.customer01))).toEqual({ updated: 2 });
    for (const id of [SEEDED.demo01, SEEDED.demo02]) expect(await details(id)).toMatchObject({ jump_type: 2, internal_code_group_name: '内码 A' });
  });

  it.each<[string, object, number, RegExp?]>([
    ['another customer\'s id', { ids: [SEEDED.demo01, SEEDED.c2code01], fields: { jump_type: 3 } }, 404],
    ['a removed code', { ids: [SEEDED.trash01], fields: { jump_type: 3 } }, 404],
    ['501 ids', { ids: Array.from({ length: 501 }, (_, i) => i + 1), fields: { jump_type: 3 } }, 400, /^ids: at most 500 items per batch/],
    ['no fields', { ids: [1], fields: {} }, 400, /^fields: choose at least one setting/],
    ['an unknown field', { ids: [1], fields: { password: 'x' } }, 400, /^fields\.password: This page sent/],
    ['ids as strings', { ids: ['1'], fields: { jump_type: 3 } }, 400, /^ids\.0: /],
    ['another customer\'s group', { ids: [1], fields: { group_id: SEEDED.group3 } }, 404],
  ])('batch_update refuses %s', async (_n, body, status, message) => {
    await refusedUnchanged('qr_code_list/batch_update', body, tok.customer01, status, message);
  });

  it('update_restriction_visit and update_open_log', async () => {
    expect(ok(await t.call('qr_code_list/update_restriction_visit', { ids: [SEEDED.demo02], visit_restriction: 2 }, tok.customer01))).toEqual({ updated: 1 });
    expect(ok(await t.call('qr_code_list/update_open_log', { ids: [SEEDED.demo02], open_log: 1 }, tok.customer01))).toEqual({ updated: 1 });
    expect(await details(SEEDED.demo02)).toMatchObject({ visit_restriction: 2, visit_method: 1, open_log: 1 });
    await refusedUnchanged('qr_code_list/update_restriction_visit', { ids: [SEEDED.demo02] }, tok.customer01, 400, /choose at least one/);
    await refusedUnchanged('qr_code_list/update_restriction_visit', { ids: [SEEDED.c2code01], visit_method: 2 }, tok.customer01, 404);
    await refusedUnchanged('qr_code_list/update_open_log', { ids: [SEEDED.c2code01], open_log: 1 }, tok.customer01, 404);
    await refusedUnchanged('qr_code_list/update_open_log', { ids: [SEEDED.demo02], open_log: 'on' }, tok.customer01, 400, /^open_log: /);
    // Administrators may change any customer's codes.
    expect(ok(await t.call('qr_code_list/update_open_log', { ids: [SEEDED.c2code01], open_log: 2 }, tok.admin))).toEqual({ updated: 1 });
  });

  it('get_ip answers the resolution target', async () => {
    expect(ok(await t.call('qr_code_list/get_ip', {}, tok.customer01))).toEqual({ ip: '127.0.0.1', cname: 'entry.qr-console.local' });
  });
});

describe('remove, restore, permanent removal', () => {
  it('remove sends codes to the recycle bin, update_remove restores them', async () => {
    const q = ok<QrCode>(await t.call('qr_code_list/add', { name: 'bin', domain_id: 1, children: [child()] }, tok.customer01));
    expect(ok(await t.call('qr_code_list/remove', { ids: [q.id] }, tok.customer01))).toEqual({ updated: 1 });
    expect(await details(q.id)).toMatchObject({ removed: 2, remove_time: '2026-06-15 12:00:00' });
    expect((await list({ removed: 2 })).content.map((x) => x.id)).toContain(q.id);
    expect(ok(await t.call('qr_code_list/update_remove', { ids: [q.id] }, tok.customer01))).toEqual({ updated: 1 });
    expect(await details(q.id)).toMatchObject({ removed: 1, remove_time: null });
  });

  it('permanent removal only from the recycle bin, with the code\'s log and counters', async () => {
    await refusedUnchanged('qr_code_list/qr_code_remove', { ids: [SEEDED.demo03] }, tok.customer01, 409, /recycle bin/);
    await refusedUnchanged('qr_code_list/qr_code_remove', { ids: [SEEDED.trash01, SEEDED.c2code01] }, tok.customer01, 404);
    ok(await t.call('qr_code_list/remove', { ids: [SEEDED.demo03] }, tok.customer01));
    expect(ok(await t.call('qr_code_list/qr_code_remove', { ids: [SEEDED.demo03, SEEDED.trash01] }, tok.customer01))).toEqual({ removed: 2 });
    refused(await t.call('qr_code_list/details', { id: SEEDED.demo03 }, tok.customer01), 404);
    for (const table of ['access_records', 'qr_code_daily', 'qr_code_ips', 'qr_code_children', 'short_codes', 'stealing_records']) {
      expect(countOf(t.db, table, { qr_code_id: SEEDED.demo03 }) + countOf(t.db, table, { qr_code_id: SEEDED.trash01 }), table).toBe(0);
    }
  });

  it.each<[string, string, object, number]>([
    ['remove of another customer\'s code', 'qr_code_list/remove', { ids: [SEEDED.c2code01] }, 404],
    ['remove of an unknown id', 'qr_code_list/remove', { ids: [99_999] }, 404],
    ['restore of a live code', 'qr_code_list/update_remove', { ids: [SEEDED.demo01] }, 404],
    ['remove with no ids', 'qr_code_list/remove', { ids: [] }, 400],
  ])('refuses %s', async (_n, path, body, status) => {
    await refusedUnchanged(path, body, tok.customer01, status);
  });
});
