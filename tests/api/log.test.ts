import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '../helpers/qr.ts';
import { LogType } from '../../contracts/index.ts';
import { manualClock } from '../helpers/clock.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';

/**
 * Issue 13: the log list (filters, hidden types), clearing older than N days, log types (names, show status)
 * and log config (recording off, retention deleting exactly the rows older than it), over real HTTP.
 */
const DAY = 86_400_000;
const clock = manualClock(Date.UTC(2026, 10, 23, 12));
let t: TestServer;
let admin: string;
let customer: string;
beforeAll(async () => {
  t = await startTestServer({ clock });
  admin = await t.login('superadmin');
  customer = await t.login('customer01');
});
afterAll(() => t.close());

type Row = { id: number; type: number; account: string; source: string };
const page = async (body: Record<string, unknown> = {}) => {
  const res = await t.call('log/inquire', { page: 1, page_size: 100, ...body }, admin);
  expect(res.status).toBe(200);
  return res.body.data as { content: Row[]; total: number };
};
const count = (sql = '1 = 1', ...p: unknown[]) => t.db.prepare(`SELECT COUNT(*) FROM logs WHERE ${sql}`).pluck().get(...p) as number;
/** A log row `ageDays` before the server clock. */
function seedRow(type: number, ageDays: number, source = 'test/row'): number {
  const at = clock.now() - ageDays * DAY;
  return Number(t.db.prepare(`INSERT INTO logs (type, account, source, at_ms, create_time) VALUES (?, 'seeded', ?, ?, '2026-01-01 00:00:00')`)
    .run(type, source, at).lastInsertRowid);
}

describe('log/inquire', () => {
  it('lists the audit log newest first, filtered by type and account', async () => {
    const all = await page();
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.content[0]!.id).toBeGreaterThan(all.content[1]!.id);
    const logins = await page({ type: LogType.values.login, account: 'custom' });
    expect(logins.content.length).toBeGreaterThan(0);
    expect(logins.content.every((r) => r.type === LogType.values.login && r.account === 'customer01')).toBe(true);
  });
  it('refuses customers and a reversed time range', async () => {
    expect((await t.call('log/inquire', {}, customer)).status).toBe(403);
    const bad = await t.call('log/inquire', { start_time: '2026-02-01 00:00:00', end_time: '2026-01-01 00:00:00' }, admin);
    expect(bad.status).toBe(400);
    expect(refusalText(bad.body)).toMatch(/end_time/);
  });
});

describe('log_type', () => {
  it('renames a type and hides its rows from the log list', async () => {
    const res = await t.call('log_type/update', { id: LogType.values.login, name: 'Sign-in', show_status: 2 }, admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Sign-in', show_status: 2 });
    expect((await page({ type: LogType.values.login })).total).toBe(0);
    await t.call('log_type/update', { id: LogType.values.login, show_status: 1 }, admin);
    expect((await page({ type: LogType.values.login })).total).toBeGreaterThan(0);
    // The log list carries the type's current name, so the console shows the renamed one.
    const rows = (await page({ type: LogType.values.login })).content as (Row & { type_name?: string })[];
    expect(rows.every((r) => r.type_name === 'Sign-in')).toBe(true);
  });
  it('refuses an empty name and an unknown id, changing nothing', async () => {
    const before = t.db.prepare('SELECT * FROM log_types ORDER BY id').all();
    expect((await t.call('log_type/update', { id: 1, name: ' ' }, admin)).status).toBe(400);
    expect((await t.call('log_type/update', { id: 999, name: 'x' }, admin)).status).toBe(404);
    expect(t.db.prepare('SELECT * FROM log_types ORDER BY id').all()).toEqual(before);
  });
});

describe('log_config', () => {
  it('retention deletes exactly the rows of that type older than it', async () => {
    const type = LogType.values.register;
    const old = [seedRow(type, 10), seedRow(type, 7.001)];
    const kept = [seedRow(type, 6.999), seedRow(type, 0)];
    const otherType = seedRow(LogType.values.logout, 30);
    const res = await t.call('log_config/update', { id: type, retention_days: 7 }, admin);
    expect(res.status).toBe(200);
    const ids = new Set(t.db.prepare('SELECT id FROM logs').pluck().all() as number[]);
    for (const id of old) expect(ids.has(id)).toBe(false);
    for (const id of [...kept, otherType]) expect(ids.has(id)).toBe(true);
    // The sweep keeps honouring it as time passes.
    clock.advance(DAY);
    t.services.audit.prune();
    // A day idle ends the sessions: log in again.
    admin = await t.login('superadmin');
    customer = await t.login('customer01');
    expect(t.db.prepare('SELECT id FROM logs WHERE id = ?').get(kept[0])).toBeUndefined();
    expect(t.db.prepare('SELECT id FROM logs WHERE id = ?').get(kept[1])).toBeDefined();
  });
  it('a type switched off is not recorded; on again, it is', async () => {
    await t.call('log_config/update', { id: LogType.values.login, record_status: 2 }, admin);
    const before = count('type = ?', LogType.values.login);
    await t.login('customer02');
    expect(count('type = ?', LogType.values.login)).toBe(before);
    await t.call('log_config/update', { id: LogType.values.login, record_status: 1 }, admin);
    await t.login('customer02');
    expect(count('type = ?', LogType.values.login)).toBe(before + 1);
  });
  it('refuses a negative or too long retention, changing nothing', async () => {
    const before = t.db.prepare('SELECT * FROM log_types ORDER BY id').all();
    const neg = await t.call('log_config/update', { id: 1, retention_days: -1 }, admin);
    expect(neg.status).toBe(400);
    expect(refusalText(neg.body)).toMatch(/retention_days/);
    expect((await t.call('log_config/update', { id: 1, retention_days: 3651 }, admin)).status).toBe(400);
    expect((await t.call('log_config/inquire', {}, customer)).status).toBe(403);
    expect(t.db.prepare('SELECT * FROM log_types ORDER BY id').all()).toEqual(before);
  });
});

describe('log/clear', () => {
  it('deletes only rows older than N days and says how many', async () => {
    const old = seedRow(LogType.values.logout, 40);
    const recent = seedRow(LogType.values.logout, 29);
    const olderThan30 = count('at_ms < ?', clock.now() - 30 * DAY);
    const res = await t.call('log/clear', { days: 30 }, admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ removed: olderThan30 });
    expect(t.db.prepare('SELECT id FROM logs WHERE id = ?').get(old)).toBeUndefined();
    expect(t.db.prepare('SELECT id FROM logs WHERE id = ?').get(recent)).toBeDefined();
    // The clear itself is audited.
    expect((await page({ source: 'log/clear' })).total).toBe(1);
  });
  it('refuses a negative day count and customers', async () => {
    const before = count();
    expect((await t.call('log/clear', { days: -1 }, admin)).status).toBe(400);
    expect((await t.call('log/clear', { days: 1 }, customer)).status).toBe(403);
    expect(count()).toBe(before);
  });
});
