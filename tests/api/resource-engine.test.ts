import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Page, QrCode, UrlKeyPlatform } from '../../contracts/index.ts';
import { urlKeyPlatformInquire } from '../../contracts/index.ts';
import { defineResource } from '../../mock-server/resources/define.ts';
import { prepared, Where } from '../../mock-server/resources/engine.ts';
import { ok, refusalChecker, refusalText, SEEDED, useQrServer } from '../helpers/qr.ts';
import { createScratchTable } from '../../fixtures/factories.ts';

/** What the resource engine (mock-server/resources/) guarantees for every resource declared on it. */
const { t, tok } = useQrServer();

const refusedUnchanged = refusalChecker(() => t);

describe('uniqueness answers 409 naming the field, in both locales, and changes nothing', () => {
  it.each<[string, string, object, 'customer01' | 'admin', string, RegExp, RegExp]>([
    ['a taken domain', 'domain/add', { domain: 'entry2.example.net', display_type: 1 }, 'customer01', 'domain', /already registered/, /已被添加/],
    ['an own group name', 'group/add', { name: '推广组' }, 'customer01', 'name', /already in use/, /已被使用/],
    ['an own internal group name', 'internal_code_group/add', { name: '内码 A' }, 'customer01', 'name', /already in use/, /已被使用/],
    ['a rotation type name', 'rotation_type/add', { rotation_type: 1, name: '轮询' }, 'admin', 'name', /already in use/, /已被使用/],
    ['a taken short code', 'short_code/add', { qr_code_id: SEEDED.demo02, code: 'abc123' }, 'customer01', 'code', /already in use/, /已被使用/],
    ['a second forward on a domain', 'forward/add', { domain_id: SEEDED.land1, target_url: 'https://f.example/' }, 'customer01', 'domain_id', /forwarding rule/, /转发/],
    ['a taken code on update', 'qr_code_list/update', { id: SEEDED.demo02, file_name: 'demo01' }, 'customer01', 'file_name', /already in use/, /已被使用/],
  ])('%s', async (_name, path, body, who, field, en, zh) => {
    await refusedUnchanged(path, body, tok[who], 409, new RegExp(`^${field}: .*${en.source}`));
    const zhAnswer = await t.call(path, body, tok[who], 'zh-CN');
    expect(zhAnswer.status).toBe(409);
    expect(refusalText(zhAnswer.body)).toMatch(new RegExp(`^${field}: .*${zh.source}`));
  });

  it('a group name is unique per owner only, and a row keeps its own value on update', async () => {
    ok(await t.call('group/add', { name: '默认分组' }, tok.customer01)); // customer02's name
    const code = ok<QrCode>(await t.call('qr_code_list/update', { id: SEEDED.demo01, file_name: 'demo01', remark: 'same code' }, tok.customer01));
    expect(code).toMatchObject({ file_name: 'demo01', remark: 'same code' });
  });
});

describe('lists', () => {
  it('bind filter values: LIKE wildcards in a filter match literally', async () => {
    expect(ok<Page<UrlKeyPlatform>>(await t.call('url_key_platform/inquire', { name: '%' }, tok.customer01)).total).toBe(0);
    expect(ok<Page<UrlKeyPlatform>>(await t.call('url_key_platform/inquire', { name: '_' }, tok.customer01)).total).toBe(0);
  });

  it('scope a customer to their rows; administrators see all and may filter by owner', async () => {
    const mine = ok<Page<{ user_id: number }>>(await t.call('group/inquire', { page_size: 50, user_id: 5 }, tok.customer01));
    expect(mine.content.every((g) => g.user_id === 4)).toBe(true);
    const theirs = ok<Page<{ user_id: number }>>(await t.call('group/inquire', { page_size: 50, user_id: 5 }, tok.admin));
    expect(theirs.content.length).toBeGreaterThan(0);
    expect(theirs.content.every((g) => g.user_id === 5)).toBe(true);
  });
});

describe('remove all or none', () => {
  it('one foreign id among own ones: 404 and nothing removed (hard and soft delete)', async () => {
    await refusedUnchanged('group/remove', { ids: [SEEDED.group1, SEEDED.group3] }, tok.customer01, 404);
    await refusedUnchanged('qr_code_list/remove', { ids: [SEEDED.demo01, SEEDED.c2code01] }, tok.customer01, 404);
    // A soft-deleted row is not "live": removing it again is a 404 too; purging a live one is a 409.
    await refusedUnchanged('qr_code_list/remove', { ids: [SEEDED.trash01] }, tok.customer01, 404);
    await refusedUnchanged('qr_code_list/qr_code_remove', { ids: [SEEDED.trash01, SEEDED.demo01] }, tok.customer01, 409, /recycle bin/);
  });
});

describe('spec checks', () => {
  it('refuses a table or column name that is not a plain identifier, at definition time', () => {
    const spec = { calls: { inquire: urlKeyPlatformInquire }, alias: 'p', orderBy: 'p.id' };
    expect(() => defineResource({ ...spec, table: 'url_key_platforms; DROP TABLE users' })).toThrow(/bad identifier/);
    expect(() => defineResource({ ...spec, table: 'url_key_platforms', filters: { name: { op: 'like', column: 'p.name OR 1' } } })).toThrow(/bad identifier/);
  });

  it('builds WHERE clauses from fragments with bound values', () => {
    const db = new Database(':memory:');
    createScratchTable(db, 'x', { id: 'INTEGER PRIMARY KEY', name: 'TEXT' }, [{ name: 'a%b' }, { name: 'axb' }, { name: null }]);
    const where = new Where().filter('name', { op: 'like' }, '%').filter('id', { op: 'in' }, [1, 2, 3]).filter('name', { op: 'eq' }, undefined);
    expect(where.sql).toBe("WHERE name LIKE ? ESCAPE '\\' AND id IN (?, ?, ?)");
    expect(prepared(db, `SELECT name FROM x ${where.sql}`).pluck().all(...where.params)).toEqual(['a%b']);
    expect(prepared(db, `SELECT name FROM x ${where.sql}`)).toBe(prepared(db, `SELECT name FROM x ${where.sql}`));
    db.close();
  });
});
