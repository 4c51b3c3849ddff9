import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useApiServer } from '../helpers/api-server.ts';
import { rowsOf } from '../../fixtures/rows.ts';

/** Issue 13: simulated MySQL locks and slow threads: seeded, created through the control API, locks released. */
const api = useApiServer({}, { superadmin: 'superadmin' });

const control = (name: string, body: object) => request(api.t.server).post(`/__control/${name}`).send(body);
const locks = () => rowsOf<{ id: number; thread_id: number }>(api.t.db, 'mysql_locks');

describe('mysql_lock', () => {
  it('lists the seeded locks and one created through the control API', async () => {
    const made = await control('mysql_lock', { thread_id: 5001, query: 'LOCK TABLES users WRITE' });
    expect(made.status).toBe(200);
    const res = await api.t.call('mysql_lock/inquire', { page: 1, page_size: 50 }, api.tok.superadmin);
    expect(res.status).toBe(200);
    const threads = (res.body.data as { content: { thread_id: number }[] }).content.map((l) => l.thread_id);
    expect(threads).toEqual(expect.arrayContaining([4101, 4102, 5001]));
    expect((await control('mysql_lock', { thread_id: 5001, query: 'again' })).status).toBe(400);
  });
  it('release removes exactly the named locks and writes the audit log', async () => {
    const target = locks().find((l) => l.thread_id === 5001)!;
    const res = await api.t.call('mysql_lock/release', { ids: [target.id] }, api.tok.superadmin);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ removed: 1 });
    expect(locks().map((l) => l.thread_id)).toEqual([4101, 4102]);
    const log = rowsOf(api.t.db, 'logs', { source: 'mysql_lock/release' }, { columns: ['target_ids'] });
    expect(log).toEqual([{ target_ids: JSON.stringify({ ids: [target.id] }) }]);
  });
  it('all or none: an unknown id releases nothing; administrators without the route are refused', async () => {
    const before = locks();
    expect((await api.t.call('mysql_lock/release', { ids: [before[0]!.id, 99999] }, api.tok.superadmin)).status).toBe(404);
    const admin = await api.t.login('admin01');
    expect((await api.t.call('mysql_lock/release', { ids: [before[0]!.id] }, admin)).status).toBe(403);
    expect((await api.t.call('mysql_lock/release', { ids: [] }, api.tok.superadmin)).status).toBe(400);
    expect(locks()).toEqual(before);
  });
});

describe('mysql_time_consuming', () => {
  it('lists slow threads longest first, filtered by db and minimum time', async () => {
    await control('mysql_slow_thread', { thread_id: 3900, time: 600, sql: 'SELECT 1' });
    const res = await api.t.call('mysql_time_consuming/inquire', { min_time: 30, db: 'qr_console' }, api.tok.superadmin);
    expect(res.status).toBe(200);
    expect((res.body.data as { content: { time: number }[] }).content.map((r) => r.time)).toEqual([600, 148, 37]);
    expect((await api.t.call('mysql_time_consuming/inquire', { min_time: -1 }, api.tok.superadmin)).status).toBe(400);
  });
});
