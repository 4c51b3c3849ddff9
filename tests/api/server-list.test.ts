import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '../helpers/qr.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';

/** Issue 13: the server list (super administrators): add, change, unique names, bad hosts, remove. */
let t: TestServer;
let superadmin: string;
beforeAll(async () => {
  t = await startTestServer();
  superadmin = await t.login('superadmin');
});
afterAll(() => t.close());

const rows = () => t.db.prepare('SELECT * FROM servers ORDER BY id').all();

describe('server_list', () => {
  it('lists the seeded servers and adds, changes and removes one', async () => {
    const list = await t.call('server_list/inquire', { status: 1 }, superadmin);
    expect((list.body.data as { content: { name: string }[] }).content.map((s) => s.name)).toEqual(['web-01', 'visit-edge-01']);
    const add = await t.call('server_list/add', { name: 'db-01', host: 'db01.internal:3306' }, superadmin);
    expect(add.status).toBe(200);
    const id = (add.body.data as { id: number }).id;
    expect((await t.call('server_list/update', { id, status: 2 }, superadmin)).body.data).toMatchObject({ name: 'db-01', status: 2 });
    expect((await t.call('server_list/remove', { ids: [id] }, superadmin)).status).toBe(200);
    expect(rows()).toHaveLength(3);
  });
  it.each([
    [{ name: 'web-01', host: '10.1.1.1' }, 409, /^name: /],
    [{ name: 'x', host: 'bad host!' }, 400, /^host: /],
    [{ name: ' ', host: '10.1.1.1' }, 400, /^name: /],
    [{ name: 'y', host: '10.1.1.1', status: 3 }, 400, /^status: /],
  ])('refuses %j, nothing changes', async (body, status, message) => {
    const before = rows();
    const res = await t.call('server_list/add', body, superadmin);
    expect(res.status).toBe(status);
    expect(refusalText(res.body)).toMatch(message);
    expect(rows()).toEqual(before);
  });
  it('administrators without the route are refused', async () => {
    const admin = await t.login('admin01');
    expect((await t.call('server_list/inquire', {}, admin)).status).toBe(403);
  });
});
