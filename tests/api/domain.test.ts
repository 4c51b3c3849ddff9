import { describe, expect, it } from 'vitest';
import type { Domain, Forward, Page, QrCode, QrGroup } from '../../contracts/index.ts';
import { ok, refusalChecker, refused, SEEDED, useQrServer } from '../helpers/qr.ts';
import { updateUser } from '../../fixtures/factories.ts';

/** domain/*, group/*, internal_code_group/*, forward/* through the real server. */
const { t, tok } = useQrServer();

const refusedUnchanged = refusalChecker(() => t);
const domains = (body: object, token = tok.customer01) => t.call('domain/inquire', body, token).then((r) => ok<Page<Domain>>(r));

describe('domain/*', () => {
  it('lists own domains of the three display types (administrators: all, by owner)', async () => {
    const mine = await domains({ page_size: 50 });
    expect(mine.total).toBe(5);
    expect(new Set(mine.content.map((d) => d.display_type))).toEqual(new Set([1, 2, 3]));
    expect(mine.content.find((d) => d.domain === 'entry1.example.com')).toMatchObject({ group_name: '推广组', qr_code_count: 2, account: 'customer01' });
    expect((await domains({ hold: 2 })).content.map((d) => d.domain)).toEqual(['reserve1.example.com']);
    expect((await domains({ page_size: 50 }, tok.admin)).total).toBe(8);
    expect((await domains({ account: 'customer02' }, tok.admin)).total).toBe(3);
    expect((await domains({ account: 'customer02' })).total).toBe(5);
  });

  it('adds a domain (lower-cased) pointing at the resolution address', async () => {
    const d = ok<Domain>(await t.call('domain/add', { domain: 'New-Entry.Example.ORG', display_type: 1 }, tok.customer01));
    expect(d).toMatchObject({ domain: 'new-entry.example.org', display_type: 1, resolve_target: '127.0.0.1', hold: 1, shield_status: 1, qr_code_count: 0 });
  });

  it.each<[string, object, number, RegExp]>([
    ['a domain in use', { domain: 'entry2.example.net', display_type: 1 }, 409, /already registered/],
    ['an invalid name', { domain: 'not a domain', display_type: 1 }, 400, /^domain: enter a valid domain name/],
    ['a bare word', { domain: 'localhost', display_type: 1 }, 400, /^domain: /],
    ['display type 4', { domain: 'x.example.com', display_type: 4 }, 400, /^display_type: /],
    ['no display type', { domain: 'x.example.com' }, 400, /^display_type: /],
    ['another customer\'s group', { domain: 'x.example.com', display_type: 1, group_id: SEEDED.group3 }, 404, /belongs to another account/],
  ])('add refuses %s', async (_n, body, status, message) => {
    await refusedUnchanged('domain/add', body, tok.customer01, status, message);
  });

  it('enforces the customer\'s domain limit', async () => {
    updateUser(t.db, 5, { domain_limit: 3 });
    await refusedUnchanged('domain/add', { domain: 'fourth.example.net', display_type: 2 }, tok.customer02, 409, /reached the number of domains/);
    updateUser(t.db, 5, { domain_limit: 10 });
  });

  it('updates own domains; shield status is for administrators', async () => {
    expect(ok<Domain>(await t.call('domain/update', { id: SEEDED.s1, display_type: 2, remark: 'r' }, tok.customer01))).toMatchObject({ display_type: 2, remark: 'r' });
    await refusedUnchanged('domain/update', { id: SEEDED.s1, shield_status: 2 }, tok.customer01, 403, /Only administrators/);
    expect(ok<Domain>(await t.call('domain/update', { id: SEEDED.s1, shield_status: 4 }, tok.admin)).shield_status).toBe(4);
    await refusedUnchanged('domain/update', { id: SEEDED.entry2, remark: 'mine' }, tok.customer01, 404);
    await refusedUnchanged('domain/update', { id: SEEDED.s1, domain: 'renamed.example.com' }, tok.customer01, 400, /^domain: This page sent/);
  });

  it('removing a domain leaves its QR codes without one (no_domain list)', async () => {
    const d = ok<Domain>(await t.call('domain/add', { domain: 'gone.example.com', display_type: 1 }, tok.customer01));
    const q = ok<QrCode>(await t.call('qr_code_list/add', { name: 'orphan', domain_id: d.id, children: [{ url: 'https://o.example/' }] }, tok.customer01));
    await refusedUnchanged('domain/remove', { ids: [d.id, SEEDED.entry2] }, tok.customer01, 404);
    expect(ok(await t.call('domain/remove', { ids: [d.id] }, tok.customer01))).toEqual({ removed: 1 });
    const orphans = ok<Page<QrCode>>(await t.call('qr_code_list/inquire', { no_domain: 1 }, tok.customer01));
    expect(orphans.content.map((x) => [x.id, x.domain, x.domain_id, x.entry_url])).toEqual([[q.id, '', null, '']]);
  });

  it('domain calls need a login', async () => {
    for (const path of ['domain/add', 'domain/update', 'domain/remove', 'domain/inquire']) refused(await t.call(path, {}), 401);
  });
});

describe.each([
  ['group', 'qr_groups'],
  ['internal_code_group', 'internal_code_groups'],
])('%s/*', (area) => {
  it('adds, lists with counts, renames and removes (members stay, ungrouped)', async () => {
    const g = ok<QrGroup>(await t.call(`${area}/add`, { name: `${area} new`, sort: 5 }, tok.customer01));
    expect(g).toMatchObject({ user_id: 4, account: 'customer01', name: `${area} new`, sort: 5, qr_code_count: 0 });
    await refusedUnchanged(`${area}/add`, { name: `${area} new` }, tok.customer01, 409, /already in use/);
    const field = area === 'group' ? 'group_id' : 'internal_code_group_id';
    ok(await t.call('qr_code_list/batch_update', { ids: [SEEDED.demo01], fields: { [field]: g.id } }, tok.customer01));
    const listed = ok<Page<QrGroup>>(await t.call(`${area}/inquire`, {}, tok.customer01));
    expect(listed.content.find((x) => x.id === g.id)?.qr_code_count).toBe(1);
    expect(listed.content.every((x) => x.user_id === 4)).toBe(true);
    expect(ok<QrGroup>(await t.call(`${area}/update`, { id: g.id, name: `${area} renamed` }, tok.customer01)).name).toBe(`${area} renamed`);
    await refusedUnchanged(`${area}/update`, { id: g.id }, tok.customer02, 404);
    await refusedUnchanged(`${area}/remove`, { ids: [g.id] }, tok.customer02, 404);
    expect(ok(await t.call(`${area}/remove`, { ids: [g.id] }, tok.customer01))).toEqual({ removed: 1 });
    const code = ok<QrCode>(await t.call('qr_code_list/details', { id: SEEDED.demo01 }, tok.customer01));
    expect(code[field]).toBeNull();
  });

  it.each<[string, object, RegExp]>([
    ['an empty name', { name: '' }, /^name: name may not be empty/],
    ['a numeric name', { name: 5 }, /^name: /],
    ['a negative sort', { name: 'x', sort: -1 }, /^sort: /],
  ])('add refuses %s', async (_n, body, message) => {
    await refusedUnchanged(`${area}/add`, body, tok.customer01, 400, message);
  });
});

describe('forward/*', () => {
  it('one forwarding rule per own domain', async () => {
    const f = ok<Forward>(await t.call('forward/add', { domain_id: SEEDED.s1, target_url: 'https://f.example/' }, tok.customer01));
    expect(f).toMatchObject({ domain: 's1.example.com', jump_type: 1, show_status: 1 });
    await refusedUnchanged('forward/add', { domain_id: SEEDED.s1, target_url: 'https://f.example/2' }, tok.customer01, 409, /already has a forwarding rule/);
    await refusedUnchanged('forward/add', { domain_id: SEEDED.entry2, target_url: 'https://f.example/' }, tok.customer01, 404);
    await refusedUnchanged('forward/add', { domain_id: SEEDED.entry1, target_url: 'ftp://f.example/' }, tok.customer01, 400, /^target_url: /);
    expect(ok<Forward>(await t.call('forward/update', { id: f.id, jump_type: 2, show_status: 2 }, tok.customer01))).toMatchObject({ jump_type: 2, show_status: 2 });
    await refusedUnchanged('forward/update', { id: f.id, jump_type: 2 }, tok.customer02, 404);
    expect(ok<Page<Forward>>(await t.call('forward/inquire', {}, tok.customer02)).total).toBe(0);
    expect(ok<Page<Forward>>(await t.call('forward/inquire', { domain: 's1' }, tok.customer01)).total).toBe(1);
    expect(ok(await t.call('forward/remove', { ids: [f.id] }, tok.customer01))).toEqual({ removed: 1 });
    await refusedUnchanged('forward/remove', { ids: [f.id] }, tok.customer01, 404);
  });
});
