import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableCache } from '../../mock-server/services/table-cache.ts';
import { createScratchTable, insertIpBlack, updateUser } from '../../fixtures/factories.ts';
import { deleteRows, setRows, valueOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Issue 25: what the pipeline reads on every request (session and user, the console IP black list, log
 * decisions) is kept in memory, and every way the tables can change drops it: a call through the API, a
 * write on the server's own connection, a write by another connection to the file, a rolled-back write.
 * Through the real server on a real SQLite file.
 */
const server = useApiServer({ file: 'request-caches' }, { admin: 'admin01' });
const { t, tok } = server;
let other: Database.Database;
const callFrom = (ip: string, p: string, body: unknown, token: string) =>
  request(t.server).post(`/api/${p}`).set('X-Forwarded-For', ip).set('Accept-Language', 'en').set('token', token).send(body as object);

beforeAll(() => {
  // A second connection to the same file, as sqlite3 or `npm run seed:bulk` would be.
  other = new Database(path.join(server.dir, 'mock.db'));
});
afterAll(() => other?.close());

describe('the console IP black list', () => {
  it('counts an entry added or removed by another connection at the next call', async () => {
    expect((await callFrom('198.51.100.7', 'ping', { value: 1 }, tok.admin)).status).toBe(200);
    const id = insertIpBlack(other, '198.51.100.0/24');
    const refused = await callFrom('198.51.100.7', 'ping', { value: 1 }, tok.admin);
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe(false);
    deleteRows(other, 'server_ip_black', id);
    expect((await callFrom('198.51.100.7', 'ping', { value: 1 }, tok.admin)).status).toBe(200);
  });

  it('counts an entry written on the server’s own connection at the next call', async () => {
    const id = insertIpBlack(t.db, '198.51.100.9');
    expect((await callFrom('198.51.100.9', 'ping', { value: 1 }, tok.admin)).status).toBe(403);
    expect((await callFrom('198.51.100.10', 'ping', { value: 1 }, tok.admin)).status).toBe(200);
    deleteRows(t.db, 'server_ip_black', id);
    expect((await callFrom('198.51.100.9', 'ping', { value: 1 }, tok.admin)).status).toBe(200);
  });
});

describe('session and user', () => {
  it('refuses a token whose session another connection deleted, and a user disabled behind the API', async () => {
    const token = await t.login('customer01');
    expect((await t.call('admin/user_info', {}, token)).status).toBe(200);
    updateUser(other, 'customer01', { disable: 2 });
    expect((await t.call('admin/user_info', {}, token)).status).toBe(401);
    updateUser(other, 'customer01', { disable: 1 });
    const again = await t.login('customer01');
    expect((await t.call('admin/user_info', {}, again)).status).toBe(200);
    deleteRows(t.db, 'sessions', {});
    expect((await t.call('admin/user_info', {}, again)).status).toBe(401);
  });
});

describe('tableCache', () => {
  it('loads once, reloads after any write to a watched table, keeps nothing read inside a transaction', () => {
    const db = new Database(':memory:');
    createScratchTable(db, 'k', { id: 'INTEGER PRIMARY KEY', v: 'TEXT' }, [{ id: 1, v: 'a' }]);
    let loads = 0;
    const cache = tableCache(db, ['k'], (id: number) => {
      loads += 1;
      return valueOf<string>(db, 'k', 'v', id);
    });
    expect([cache.get(1), cache.get(1), loads]).toEqual(['a', 'a', 1]);
    setRows(db, 'k', 1, { v: 'b' });
    expect([cache.get(1), loads]).toEqual(['b', 2]);
    // A value read inside a transaction that then rolls back must not survive it.
    expect(() =>
      db.transaction(() => {
        setRows(db, 'k', 1, { v: 'rolled back' });
        expect(cache.get(1)).toBe('rolled back');
        throw new Error('refused');
      })(),
    ).toThrow('refused');
    expect(cache.get(1)).toBe('b');
    db.close();
  });

  it('keeps at most max keys', () => {
    const db = new Database(':memory:');
    createScratchTable(db, 'k', { id: 'INTEGER PRIMARY KEY' });
    let loads = 0;
    const cache = tableCache(db, ['k'], (n: number) => (loads += 1, n * 2), 2);
    cache.get(1);
    cache.get(2);
    cache.get(3);
    cache.get(1);
    expect(loads).toBe(4);
    db.close();
  });
});
