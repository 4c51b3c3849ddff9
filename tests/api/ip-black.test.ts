import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { failureBody, refusalText } from '../helpers/qr.ts';
import { countOf, rowsOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Issue 13: the two IP black lists over real HTTP. `server_ip_black` refuses the console API (login included)
 * from a listed address, `ip_black` refuses visits; entries count at once and stop counting when removed.
 * The test server trusts X-Forwarded-For from loopback, which is how each request gets its address.
 */
const { t, tok } = useApiServer({}, { admin: 'superadmin' });

const as = (ip: string, path: string, body: unknown = {}, token = tok.admin) =>
  request(t.server).post(`/api/${path}`).set('X-Forwarded-For', ip).set('Accept-Language', 'en').set('token', token).send(body as object);
const visit = (ip: string) => request(t.server).get('/v/demo01').set('X-Forwarded-For', ip).set('User-Agent', 'Mozilla/5.0 (iPhone)');
const rows = (table: string) => rowsOf(t.db, table);

describe('bad input', () => {
  it.each(['256.1.1.1', '1.2.3.4/33', '1.2.3.4/', '1.2.3.4.5', '2001:db8::/129', '::ffff:1.2.3.4/24', 'fe80::1::2', ''])('refuses %j naming ip, nothing changes', async (ip) => {
    const before = rows('ip_black');
    const res = await t.call('ip_black/add', { ip }, tok.admin);
    expect(res.status).toBe(400);
    expect(refusalText(res.body)).toMatch(/^ip: /);
    expect(rows('ip_black')).toEqual(before);
  });
  it('a duplicate (the same network written another way) is 409 naming ip', async () => {
    const first = await t.call('ip_black/add', { ip: '192.0.2.77/28', remark: 'r' }, tok.admin);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ ip: '192.0.2.64/28', first_ip: '192.0.2.64', last_ip: '192.0.2.79' });
    const again = await t.call('ip_black/add', { ip: '192.0.2.70/28' }, tok.admin);
    expect(again.status).toBe(409);
    expect(refusalText(again.body)).toMatch(/^ip: /);
    await t.call('ip_black/remove', { ids: [(first.body.data as { id: number }).id] }, tok.admin);
  });
  it('the console list refuses the loopback network; customers are refused', async () => {
    const res = await t.call('server_ip_black/add', { ip: '0.0.0.0/0', confirm_self: true }, tok.admin);
    expect(res.status).toBe(400);
    expect(refusalText(res.body)).toMatch(/^ip: .*127\.0\.0\.0\/8/);
    const customer = await t.login('customer01');
    expect((await t.call('server_ip_black/inquire', {}, customer)).status).toBe(403);
    expect(rows('server_ip_black')).toEqual([]);
  });
});

describe('server_ip_black guards the console API', () => {
  it('refuses a listed address at once, login included, and lets it in again after removal', async () => {
    expect((await as('203.0.113.7', 'admin/user_info')).status).toBe(200);
    const added = await t.call('server_ip_black/add', { ip: '203.0.113.0/24', remark: 'abuse' }, tok.admin);
    expect(added.status).toBe(200);
    const refused = await as('203.0.113.7', 'admin/user_info');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(failureBody('Your IP address is blocked from this console'));
    expect((await as('203.0.113.7', 'admin/login', { account: 'x', password: 'y' })).status).toBe(403);
    // Another address, and visits from the listed one, are untouched.
    expect((await as('198.51.100.1', 'admin/user_info')).status).toBe(200);
    expect((await visit('203.0.113.7')).status).toBe(200);
    await t.call('server_ip_black/remove', { ids: [(added.body.data as { id: number }).id] }, tok.admin);
    expect((await as('203.0.113.7', 'admin/user_info')).status).toBe(200);
  });
  it('an entry covering your own address needs confirm_self', async () => {
    const before = rows('server_ip_black');
    const res = await as('192.0.2.10', 'server_ip_black/add', { ip: '192.0.2.0/24' });
    expect(res.status).toBe(400);
    expect(refusalText(res.body)).toBe('confirm_self: This entry covers your own IP (192.0.2.10); confirm to add it anyway');
    expect(rows('server_ip_black')).toEqual(before);
    const confirmed = await as('192.0.2.10', 'server_ip_black/add', { ip: '192.0.2.0/24', confirm_self: true });
    expect(confirmed.status).toBe(200);
    expect((await as('192.0.2.10', 'admin/user_info')).status).toBe(403);
    // Another administrator's address can still take it off.
    await t.call('server_ip_black/remove', { ids: [(confirmed.body.data as { id: number }).id] }, tok.admin);
    expect((await as('192.0.2.10', 'admin/user_info')).status).toBe(200);
  });
});

describe('ip_black guards visits', () => {
  it('refuses a listed visitor at once and allows it after removal; the console stays open to it', async () => {
    expect((await visit('198.51.100.5')).status).toBe(200);
    const added = await t.call('ip_black/add', { ip: '198.51.100.5' }, tok.admin);
    expect(added.status).toBe(200);
    const refused = await visit('198.51.100.5');
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Your IP address is blocked');
    expect((await request(t.server).get('/s/nonexistent').set('X-Forwarded-For', '198.51.100.5')).status).toBe(403);
    expect((await visit('198.51.100.6')).status).toBe(200);
    expect((await as('198.51.100.5', 'admin/user_info')).status).toBe(200);
    const moved = await t.call('ip_black/update', { id: (added.body.data as { id: number }).id, ip: '198.51.100.6' }, tok.admin);
    expect(moved.status).toBe(200);
    expect((await visit('198.51.100.5')).status).toBe(200);
    expect((await visit('198.51.100.6')).status).toBe(403);
    await t.call('ip_black/remove', { ids: [(added.body.data as { id: number }).id] }, tok.admin);
    expect((await visit('198.51.100.6')).status).toBe(200);
  });
  it('lists entries filtered by text', async () => {
    await t.call('ip_black/add', { ip: '100.64.0.0/10', remark: 'carrier-grade NAT' }, tok.admin);
    const res = await t.call('ip_black/inquire', { ip: '100.64' }, tok.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 1, content: [{ ip: '100.64.0.0/10', first_ip: '100.64.0.0', last_ip: '100.127.255.255' }] });
  });
});

describe('checkout_ip/inquire', () => {
  it('reports location, black-list hits, visits and logins of one address', async () => {
    const range = rowsOf<{ start: number; country: string; carrier: string }>(t.db, 'ip_ranges', {}, { columns: ['start', 'country', 'carrier'], orderBy: 'start' })[0]!;
    const ip = [range.start >>> 24, (range.start >>> 16) & 255, (range.start >>> 8) & 255, range.start & 255].join('.');
    const visitsBefore = countOf(t.db, 'access_records');
    expect((await visit(ip)).status).toBe(200);
    const logged = countOf(t.db, 'access_records') > visitsBefore;
    await as(ip, 'admin/login', { account: 'nobody_here', password: t.encrypt('Wrong12345') }, '');
    const entry = await t.call('ip_black/add', { ip: `${ip}/32`, remark: 'seen' }, tok.admin);
    const res = await as('198.51.100.200', 'checkout_ip/inquire', { ip });
    expect(res.status).toBe(200);
    const data = res.body.data as Record<string, unknown> & { recent_logins: { account: string; type: number }[]; black_hits: unknown[]; visit_count: number };
    expect(data).toMatchObject({ ip, country: range.country, carrier: range.carrier });
    expect(data.black_hits).toEqual([{ list: 'ip_black', id: (entry.body.data as { id: number }).id, ip, remark: 'seen' }]);
    if (logged) expect(data.visit_count).toBeGreaterThan(0);
    expect(data.recent_logins[0]).toMatchObject({ account: 'nobody_here', type: 2 });
    // Without an address: the caller's own.
    const own = await as('198.51.100.200', 'checkout_ip/inquire', {});
    expect((own.body.data as { ip: string }).ip).toBe('198.51.100.200');
    expect((await t.call('checkout_ip/inquire', { ip: '1.2.3' }, tok.admin)).status).toBe(400);
  });
});
