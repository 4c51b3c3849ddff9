import { describe, expect, it } from 'vitest';
import { useApiServer } from '../helpers/api-server.ts';
import { rowsOf } from '../../fixtures/rows.ts';
import { refusalText } from '../helpers/qr.ts';

/** Issue 13: the server list (super administrators): add, change, unique names, bad hosts, remove. */
const api = useApiServer({}, { superadmin: 'superadmin' });

const rows = () => rowsOf(api.t.db, 'servers');

describe('server_list', () => {
  it('lists the seeded servers and adds, changes and removes one', async () => {
    const list = await api.t.call('server_list/inquire', { status: 1 }, api.tok.superadmin);
    expect((list.body.data as { content: { name: string }[] }).content.map((s) => s.name)).toEqual(['web-01', 'visit-edge-01']);
    const add = await api.t.call('server_list/add', { name: 'db-01', host: 'db01.internal:3306' }, api.tok.superadmin);
    expect(add.status).toBe(200);
    const id = (add.body.data as { id: number }).id;
    expect((await api.t.call('server_list/update', { id, status: 2 }, api.tok.superadmin)).body.data).toMatchObject({ name: 'db-01', status: 2 });
    expect((await api.t.call('server_list/remove', { ids: [id] }, api.tok.superadmin)).status).toBe(200);
    expect(rows()).toHaveLength(3);
  });
  it.each([
    [{ name: 'web-01', host: '10.1.1.1' }, 409, /^name: /],
    [{ name: 'x', host: 'bad host!' }, 400, /^host: /],
    [{ name: ' ', host: '10.1.1.1' }, 400, /^name: /],
    [{ name: 'y', host: '10.1.1.1', status: 3 }, 400, /^status: /],
  ])('refuses %j, nothing changes', async (body, status, message) => {
    const before = rows();
    const res = await api.t.call('server_list/add', body, api.tok.superadmin);
    expect(res.status).toBe(status);
    expect(refusalText(res.body)).toMatch(message);
    expect(rows()).toEqual(before);
  });
  it('administrators without the route are refused', async () => {
    const admin = await api.t.login('admin01');
    expect((await api.t.call('server_list/inquire', {}, admin)).status).toBe(403);
  });
});
