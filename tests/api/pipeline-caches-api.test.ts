import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { tableCache } from '../../mock-server/services/table-cache.ts';
import { createScratchTable } from '../../fixtures/factories.ts';
import { rowsOf, setRows, valueOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Issue 25 §3: what the pipeline keeps in memory between requests (the caller's session and user, the role's
 * permission keys, the console IP black list, the data version read once per turn) follows every change made
 * through the real HTTP API at the very next request. Each case warms the cache with a call first, then
 * changes the row through an administrator's call, then asks again at once.
 */
const { t, tok } = useApiServer({}, { admin: 'superadmin' });

const CUSTOMER_ROLE = 3;
const customerId = () => valueOf<number>(t.db, 'users', 'id', { account: 'customer01' })!;
const ok = (res: { status: number; body: { message?: string } }) => expect(res.status, res.body.message).toBe(200);

describe('the caller’s user, cached per session', () => {
  it('a user disabled through user/update is refused at their next call, and logs in again once enabled', async () => {
    const token = await t.login('customer01');
    ok(await t.call('admin/user_info', {}, token));
    ok(await t.call('admin/user_info', {}, token)); // answered from the cache now
    ok(await t.call('user/update', { id: customerId(), disable: 2 }, tok.admin));
    const refused = await t.call('admin/user_info', {}, token);
    expect(refused.status).toBe(401);
    expect(refused.body.status).toBe(false);
    ok(await t.call('user/update', { id: customerId(), disable: 1 }, tok.admin));
    ok(await t.call('admin/user_info', {}, await t.login('customer01')));
  });

  it('a membership ended through user/update counts at the next call (402), renewed counts again', async () => {
    const token = await t.login('customer01');
    // An empty body: a member gets past the membership rule to the body's refusal (400); a lapsed one is 402.
    expect((await t.call('qr_code_list/add', {}, token)).status).toBe(400);
    ok(await t.call('user/update', { id: customerId(), member_expire_time: '2020-01-01 00:00:00' }, tok.admin));
    const lapsed = await t.call('qr_code_list/add', {}, token);
    expect(lapsed.status).toBe(402);
    expect(lapsed.body.status).toBe(false);
    ok(await t.call('user/update', { id: customerId(), member_expire_time: '2099-12-31 23:59:59' }, tok.admin));
    expect((await t.call('qr_code_list/add', {}, token)).status).toBe(400);
  });
});

describe('permission keys, cached per role', () => {
  it('a route taken from the role through role/update_menus is refused at the next call, given back is allowed', async () => {
    const token = await t.login('customer01');
    const body = { page: 1, page_size: 20 };
    ok(await t.call('qr_code_list/inquire', body, token));
    const granted = rowsOf<{ menu_id: number }>(t.db, 'role_menus', { role_id: CUSTOMER_ROLE }, { orderBy: 'menu_id' }).map((r) => r.menu_id);
    const route = valueOf<number>(t.db, 'menus', 'id', { path: 'qr_code_list', type: 1 })!;
    // The route and its buttons: a button left behind would bring its route back (missing ancestors are added).
    const buttons = rowsOf<{ id: number }>(t.db, 'menus', { parent_id: route }).map((r) => r.id);
    const without = granted.filter((id) => id !== route && !buttons.includes(id));
    ok(await t.call('role/update_menus', { id: CUSTOMER_ROLE, menu_ids: without }, tok.admin));
    expect((await t.call('qr_code_list/inquire', body, token)).status).toBe(403);
    ok(await t.call('role/update_menus', { id: CUSTOMER_ROLE, menu_ids: granted }, tok.admin));
    ok(await t.call('qr_code_list/inquire', body, token));
  });
});

describe('the console IP black list', () => {
  const from = (ip: string, token: string) =>
    request(t.server).post('/api/admin/user_info').set('X-Forwarded-For', ip).set('Accept-Language', 'en').set('token', token).send({});

  it('an entry added through server_ip_black/add refuses the next call from it; removed, the next is served', async () => {
    const token = await t.login('customer01');
    expect((await from('198.51.100.7', token)).status).toBe(200);
    expect((await from('198.51.100.7', token)).status).toBe(200);
    const added = await t.call('server_ip_black/add', { ip: '198.51.100.0/24', remark: 'pipeline cache' }, tok.admin);
    ok(added);
    const refused = await from('198.51.100.7', token);
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe(false);
    // Another address is still served: the check reads the caller's address, not just "a list exists".
    expect((await from('198.51.101.7', token)).status).toBe(200);
    ok(await t.call('server_ip_black/remove', { ids: [(added.body.data as { id: number }).id] }, tok.admin));
    expect((await from('198.51.100.7', token)).status).toBe(200);
  });
});

describe('another connection’s commit (PRAGMA data_version, read once per turn)', () => {
  it('is seen from the next turn of the event loop on, by every cache of the connection', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-version-'));
    const file = path.join(dir, 'k.db');
    const db = new Database(file);
    const other = new Database(file);
    try {
      createScratchTable(db, 'k', { id: 'INTEGER PRIMARY KEY', v: 'TEXT' }, [{ id: 1, v: 'a' }]);
      const read = db.prepare('SELECT v FROM k WHERE id = ?').pluck();
      const first = tableCache(db, ['k'], (id: number) => read.get(id) as string);
      const second = tableCache(db, ['k'], (id: number) => read.get(id) as string);
      expect([first.get(1), second.get(1)]).toEqual(['a', 'a']);
      await Promise.resolve();
      setRows(other, 'k', 1, { v: 'b' });
      // A new turn (here: after an await, as every request is): both caches see the commit.
      await new Promise((resolve) => setImmediate(resolve));
      expect([first.get(1), second.get(1)]).toEqual(['b', 'b']);
      setRows(other, 'k', 1, { v: 'c' });
      await Promise.resolve();
      expect([second.get(1), first.get(1)]).toEqual(['c', 'c']);
    } finally {
      other.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
