import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { LogType } from '../../contracts/index.ts';
import { users } from '../../fixtures/seed/users.ts';
import { rowsOf, valuesOf } from '../../fixtures/rows.ts';
import { lastIdOf, logsAfter, userIdOf, type LogRow as StoredLog } from '../../fixtures/factories.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Issue 9 §5, the audit log through the real HTTP server: logins, refused logins, logouts, registrations and
 * administrators' successful writes leave one `logs` row each (who, which call, the ids it names, IP, user
 * agent, time); reads, refusals and customers' writes leave none; no password or secret is ever written.
 */

type LogRow = StoredLog & { id: number };

const UA = 'AuditTest/1.0 (vitest)';
const { t } = useApiServer();

const lastId = () => lastIdOf(t.db, 'logs');
const rowsAfter = (id: number) => logsAfter<LogRow>(t.db, id);
const userId = (account: string) => userIdOf(t.db, account);
const codesOf = (account: string) => valuesOf<number>(t.db, 'qr_codes', 'id', { user_id: userId(account), removed: 1 });

/** A call with a user agent (t.call sends none). */
async function callAs(path: string, body: unknown, token?: string) {
  const req = request(t.server).post(`/api/${path}`).set('Accept-Language', 'en').set('User-Agent', UA).set('Content-Type', 'application/json');
  if (token) req.set('token', token);
  const res = await req.send(JSON.stringify(body));
  return { status: res.status, body: res.body as { status: boolean; data?: unknown; message?: string } };
}

async function loginAs(account: string, password = users.find((u) => u.account === account)!.password) {
  const res = await callAs('admin/login', { account, password: t.encrypt(password) });
  return { ...res, token: (res.body.data as { token?: string } | undefined)?.token };
}

describe('login, refused login, logout and registration', () => {
  it('a login writes one login row: the user, the call, IP, user agent and time', async () => {
    const from = lastId();
    const res = await loginAs('customer01');
    expect(res.status).toBe(200);
    expect(rowsAfter(from)).toEqual([
      expect.objectContaining({ type: LogType.values.login, user_id: userId('customer01'), account: 'customer01', source: 'admin/login', ip: '127.0.0.1', ua: UA }),
    ]);
    const [row] = rowsAfter(from);
    expect(Math.abs(row!.at_ms - Date.now())).toBeLessThan(60_000);
    expect(row!.create_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it.each([
    ['a wrong password', 'customer02', 'Wrong12345', 'errors.bad_credentials', true],
    ['an unknown account', 'nobody77', 'Whatever123', 'errors.bad_credentials', false],
    ['a disabled account', 'disabled01', 'Disabled123', 'errors.account_disabled', true],
  ])('%s writes one login_failed row with the account as typed and the reason', async (_name, account, password, reason, known) => {
    const from = lastId();
    const res = await loginAs(account, password);
    expect(res.status).toBeGreaterThanOrEqual(400);
    const rows = rowsAfter(from);
    expect(rows).toEqual([expect.objectContaining({ type: LogType.values.login_failed, account, source: 'admin/login', ua: UA, user_id: known ? userId(account) : null })]);
    expect(JSON.parse(rows[0]!.content)).toEqual({ reason });
    expect(JSON.stringify(rows)).not.toContain(password);
  });

  it('a logout writes one logout row for the session’s user', async () => {
    const { token } = await loginAs('agent01');
    const from = lastId();
    expect((await callAs('admin/logout', {}, token)).status).toBe(200);
    expect(rowsAfter(from)).toEqual([expect.objectContaining({ type: LogType.values.logout, user_id: userId('agent01'), source: 'admin/logout', ua: UA })]);
  });

  it('a registration writes one register row with the superior it joined under', async () => {
    const from = lastId();
    const account = `audit${Date.now() % 100_000}`;
    const res = await callAs('admin/register', { account, password: t.encrypt('Passw0rd9'), code: 'AGENT01' });
    expect(res.status, res.body.message).toBe(200);
    const rows = rowsAfter(from);
    expect(rows).toEqual([expect.objectContaining({ type: LogType.values.register, user_id: userId(account), account, source: 'admin/register' })]);
    expect(JSON.parse(rows[0]!.content)).toEqual({ superior_id: userId('agent01') });
  });
});

describe('writes', () => {
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    admin = (await loginAs('admin01')).token!;
    customer = (await loginAs('customer01')).token!;
  });

  it('an administrator’s write writes one admin_write row: who, the call, the ids it names, the body', async () => {
    const ids = codesOf('customer02').slice(0, 2);
    const from = lastId();
    const res = await callAs('qr_code_list/remove', { ids }, admin);
    expect(res.status, res.body.message).toBe(200);
    const rows = rowsAfter(from);
    expect(rows).toEqual([
      expect.objectContaining({ type: LogType.values.admin_write, user_id: userId('admin01'), account: 'admin01', source: 'qr_code_list/remove', ip: '127.0.0.1', ua: UA }),
    ]);
    expect(JSON.parse(rows[0]!.target_ids)).toEqual({ ids });
    expect(JSON.parse(rows[0]!.content)).toEqual({ ids });
  });

  it('an add names the id it created; a secret field (a platform key) is written as ***', async () => {
    const from = lastId();
    const res = await callAs('url_key_platform/add', { name: 'audit', url: 'https://audit.example.com', key: 'sk-live-0123456789', short_code_type: 4 }, admin);
    expect(res.status, res.body.message).toBe(200);
    const rows = rowsAfter(from);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.target_ids)).toEqual({ id: (res.body.data as { id: number }).id });
    expect(JSON.parse(rows[0]!.content)).toMatchObject({ name: 'audit', key: '***' });
    expect(JSON.stringify(rows)).not.toContain('sk-live');
  });

  it('changing the own password is a write whose passwords never reach the log', async () => {
    const from = lastId();
    const res = await callAs('admin/update_password', { old_password: t.encrypt('Admin12345'), new_password: t.encrypt('Admin54321') }, admin);
    expect(res.status, res.body.message).toBe(200);
    const rows = rowsAfter(from);
    expect(rows).toEqual([expect.objectContaining({ type: LogType.values.admin_write, source: 'admin/update_password' })]);
    expect(JSON.parse(rows[0]!.content)).toEqual({ old_password: '***', new_password: '***' });
    admin = (await loginAs('admin01', 'Admin54321')).token!;
  });

  it('a read writes nothing', async () => {
    const from = lastId();
    expect((await callAs('qr_code_list/details', { id: codesOf('customer01')[0] }, admin)).status).toBe(200);
    expect((await callAs('qr_code_list/inquire', { page: 1, page_size: 10 }, admin)).status).toBe(200);
    expect(rowsAfter(from)).toEqual([]);
  });

  it.each([
    ['an unknown id (404)', { ids: [987_654] }],
    ['a body that fails validation (400)', { ids: 'all' }],
  ])('a refused write writes nothing: %s', async (_name, body) => {
    const from = lastId();
    const res = await callAs('qr_code_list/remove', body, admin);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(rowsAfter(from)).toEqual([]);
  });

  it('a write refused for want of permission (403) writes nothing', async () => {
    const from = lastId();
    expect((await callAs('url_key_platform/add', { name: 'x', url: 'https://x.example.com', short_code_type: 4 }, customer)).status).toBe(403);
    expect(rowsAfter(from)).toEqual([]);
  });

  it('a customer’s own successful write is not audited (administrators’ writes are)', async () => {
    const from = lastId();
    const res = await callAs('qr_code_list/remove', { ids: codesOf('customer01').slice(0, 1) }, customer);
    expect(res.status, res.body.message).toBe(200);
    expect(rowsAfter(from)).toEqual([]);
  });

  it('no row anywhere holds a password, ciphertext or secret', () => {
    const all = JSON.stringify(rowsOf(t.db, 'logs'));
    for (const secret of [...users.map((u) => u.password), 'Admin54321', 'Passw0rd9', 'Wrong12345', 'sk-live-0123456789']) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(/[A-Za-z0-9+/]{300,}={0,2}/); // an RSA-2048 ciphertext is 344 base64 characters
  });
});
