import { describe, expect, it } from 'vitest';
import { refusalText } from '../helpers/qr.ts';
import { LogType } from '../../contracts/index.ts';
import { manualClock } from '../helpers/clock.ts';
import { useApiServer } from '../helpers/api-server.ts';
import { insertLog } from '../../fixtures/factories.ts';
import { rowOf, rowsOf, valuesOf } from '../../fixtures/rows.ts';

/**
 * Issue 13: the log list (filters, hidden types), clearing older than N days, log types (names, show status)
 * and log config (recording off, retention deleting exactly the rows older than it), over real HTTP.
 */
const DAY = 86_400_000;
const clock = manualClock(Date.UTC(2026, 10, 23, 12));
const api = useApiServer({ clock }, { admin: 'superadmin', customer: 'customer01' });

type Row = { id: number; type: number; account: string; source: string };
const page = async (body: Record<string, unknown> = {}) => {
  const res = await api.t.call('log/inquire', { page: 1, page_size: 100, ...body }, api.tok.admin);
  expect(res.status).toBe(200);
  return res.body.data as { content: Row[]; total: number };
};
const ages = () => valuesOf<number>(api.t.db, 'logs', 'at_ms');
const count = (keep: (atMs: number) => boolean = () => true) => ages().filter(keep).length;
const ofType = (type: number) => valuesOf(api.t.db, 'logs', 'type').filter((v) => v === type).length;
/** A log row `ageDays` before the server clock. */
function seedRow(type: number, ageDays: number, source = 'test/row'): number {
  return insertLog(api.t.db, { type, source, at_ms: clock.now() - ageDays * DAY });
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
    expect((await api.t.call('log/inquire', {}, api.tok.customer)).status).toBe(403);
    const bad = await api.t.call('log/inquire', { start_time: '2026-02-01 00:00:00', end_time: '2026-01-01 00:00:00' }, api.tok.admin);
    expect(bad.status).toBe(400);
    expect(refusalText(bad.body)).toMatch(/end_time/);
  });
});

describe('log_type', () => {
  it('renames a type and hides its rows from the log list', async () => {
    const res = await api.t.call('log_type/update', { id: LogType.values.login, name: 'Sign-in', show_status: 2 }, api.tok.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Sign-in', show_status: 2 });
    expect((await page({ type: LogType.values.login })).total).toBe(0);
    await api.t.call('log_type/update', { id: LogType.values.login, show_status: 1 }, api.tok.admin);
    expect((await page({ type: LogType.values.login })).total).toBeGreaterThan(0);
    // The log list carries the type's current name, so the console shows the renamed one.
    const rows = (await page({ type: LogType.values.login })).content as (Row & { type_name?: string })[];
    expect(rows.every((r) => r.type_name === 'Sign-in')).toBe(true);
  });
  it('refuses an empty name and an unknown id, changing nothing', async () => {
    const before = rowsOf(api.t.db, 'log_types');
    expect((await api.t.call('log_type/update', { id: 1, name: ' ' }, api.tok.admin)).status).toBe(400);
    expect((await api.t.call('log_type/update', { id: 999, name: 'x' }, api.tok.admin)).status).toBe(404);
    expect(rowsOf(api.t.db, 'log_types')).toEqual(before);
  });
});

describe('log_config', () => {
  it('retention deletes exactly the rows of that type older than it', async () => {
    const type = LogType.values.register;
    const old = [seedRow(type, 10), seedRow(type, 7.001)];
    const kept = [seedRow(type, 6.999), seedRow(type, 0)];
    const otherType = seedRow(LogType.values.logout, 30);
    const res = await api.t.call('log_config/update', { id: type, retention_days: 7 }, api.tok.admin);
    expect(res.status).toBe(200);
    const ids = new Set(valuesOf<number>(api.t.db, 'logs', 'id'));
    for (const id of old) expect(ids.has(id)).toBe(false);
    for (const id of [...kept, otherType]) expect(ids.has(id)).toBe(true);
    // The sweep keeps honouring it as time passes.
    clock.advance(DAY);
    api.t.services.audit.prune();
    // A day idle ends the sessions: log in again.
    api.tok.admin = await api.t.login('superadmin');
    api.tok.customer = await api.t.login('customer01');
    expect(rowOf(api.t.db, 'logs', kept[0]!)).toBeUndefined();
    expect(rowOf(api.t.db, 'logs', kept[1]!)).toBeDefined();
  });
  it('a type switched off is not recorded; on again, it is', async () => {
    await api.t.call('log_config/update', { id: LogType.values.login, record_status: 2 }, api.tok.admin);
    const before = ofType(LogType.values.login);
    await api.t.login('customer02');
    expect(ofType(LogType.values.login)).toBe(before);
    await api.t.call('log_config/update', { id: LogType.values.login, record_status: 1 }, api.tok.admin);
    await api.t.login('customer02');
    expect(ofType(LogType.values.login)).toBe(before + 1);
  });
  it('refuses a negative or too long retention, changing nothing', async () => {
    const before = rowsOf(api.t.db, 'log_types');
    const neg = await api.t.call('log_config/update', { id: 1, retention_days: -1 }, api.tok.admin);
    expect(neg.status).toBe(400);
    expect(refusalText(neg.body)).toMatch(/retention_days/);
    expect((await api.t.call('log_config/update', { id: 1, retention_days: 3651 }, api.tok.admin)).status).toBe(400);
    expect((await api.t.call('log_config/inquire', {}, api.tok.customer)).status).toBe(403);
    expect(rowsOf(api.t.db, 'log_types')).toEqual(before);
  });
});

describe('log/clear', () => {
  it('deletes only rows older than N days and says how many', async () => {
    const old = seedRow(LogType.values.logout, 40);
    const recent = seedRow(LogType.values.logout, 29);
    const olderThan30 = count((at) => at < clock.now() - 30 * DAY);
    const res = await api.t.call('log/clear', { days: 30 }, api.tok.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ removed: olderThan30 });
    expect(rowOf(api.t.db, 'logs', old)).toBeUndefined();
    expect(rowOf(api.t.db, 'logs', recent)).toBeDefined();
    // The clear itself is audited.
    expect((await page({ source: 'log/clear' })).total).toBe(1);
  });
  it('refuses a negative day count and customers', async () => {
    const before = count();
    expect((await api.t.call('log/clear', { days: -1 }, api.tok.admin)).status).toBe(400);
    expect((await api.t.call('log/clear', { days: 1 }, api.tok.customer)).status).toBe(403);
    expect(count()).toBe(before);
  });
});
