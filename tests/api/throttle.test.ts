import { describe, expect, it } from 'vitest';
import { manualClock } from '../helpers/clock.ts';
import { QR_NOW } from '../helpers/qr.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Issue 20, throttling that cannot be turned against users (docs/decisions/2026-11-26-throttling.md), over real
 * HTTP. The test server's peer is loopback, so one `X-Forwarded-For` entry is the client's address.
 */
const clock = manualClock(QR_NOW);
const { t } = useApiServer({ clock });

interface Reply {
  status: number;
  message: string;
  data: unknown;
}
async function post(path: string, body: unknown, from: string, token?: string): Promise<Reply> {
  const res = await fetch(`${t.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-forwarded-for': from, ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { message?: string; data?: unknown };
  return { status: res.status, message: json.message ?? '', data: json.data };
}
const login = (account: string, password: string, from: string) => post('admin/login', { account, password: t.encrypt(password) }, from);


describe('per source range, across accounts', () => {
  it('20 wrong passwords over 20 accounts empty the bucket of the /24; then even a right one waits; other ranges do not', async () => {
    for (let i = 0; i < 20; i++) expect((await login(`nobody${i}`, 'Wrong12345', '203.0.113.7')).status).toBe(400);
    const refused = await login('customer01', 'Customer123', '203.0.113.200');
    expect(refused.status).toBe(429);
    expect(refused.message).toBe('Too many attempts from your network; try again in 15 seconds');
    expect((await login('customer01', 'Customer123', '198.51.100.9')).status).toBe(200);
  });

  it('backs off exponentially while the source keeps failing', async () => {
    clock.advance(15_000);
    expect((await login('nobody-x', 'Wrong12345', '203.0.113.7')).status).toBe(400);
    expect((await login('nobody-y', 'Wrong12345', '203.0.113.7')).message).toMatch(/in 30 seconds/);
    // 30 s bring two tokens back: two more failures, the second empties the bucket again (third strike: 60 s).
    clock.advance(30_000);
    expect((await login('nobody-z', 'Wrong12345', '203.0.113.7')).status).toBe(400);
    expect((await login('nobody-z', 'Wrong12345', '203.0.113.7')).status).toBe(400);
    expect((await login('nobody-z', 'Wrong12345', '203.0.113.7')).message).toMatch(/in 60 seconds/);
    // Once the bucket is full again (20 × 15 s), the source starts afresh.
    clock.advance(20 * 15_000 + 60_000);
    expect((await login('customer01', 'Customer123', '203.0.113.7')).status).toBe(200);
  });

  it('counts IPv6 by /64 and IPv4-mapped IPv6 as the IPv4 address', async () => {
    for (let i = 0; i < 20; i++) expect((await login(`six${i}`, 'Wrong12345', `2001:db8:1:2::${i + 1}`)).status).toBe(400);
    expect((await login('customer01', 'Customer123', '2001:db8:1:2:ffff::9')).status).toBe(429);
    expect((await login('customer01', 'Customer123', '2001:db8:1:3::1')).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await login(`mapped${i}`, 'Wrong12345', '::ffff:192.0.2.1')).status).toBe(400);
    expect((await login('customer01', 'Customer123', '192.0.2.77')).status).toBe(429);
    clock.advance(3_600_000);
  });
});

describe('per account, only for the source range that failed', () => {
  it('strangers lock the super administrator only for their own network; the owner logs in from elsewhere', async () => {
    for (let i = 0; i < 5; i++) expect((await login('superadmin', 'Wrong12345', '198.18.0.1')).status).toBe(400);
    const locked = await login('superadmin', 'Super12345', '198.18.0.99');
    expect(locked.status).toBe(429);
    expect(locked.message).toMatch(/Too many failed logins; try again in 10 minutes/);
    expect((await login('superadmin', 'Super12345', '100.64.5.5')).status).toBe(200);
    // The owner's success elsewhere does not unlock the strangers' network.
    expect((await login('superadmin', 'Super12345', '198.18.0.1')).status).toBe(429);
    clock.advance(10 * 60_000 + 1);
    expect((await login('superadmin', 'Super12345', '198.18.0.1')).status).toBe(200);
  });
});

describe('the same limits on other password checks', () => {
  it('share passwords: share_access and public_enquiry draw on the same bucket as logins', async () => {
    clock.advance(3_600_000);
    const from = '192.0.2.200';
    for (let i = 0; i < 20; i++) expect((await post('qr_code_list/share_access', { file_name: 'demo01', password: `guess${i}` }, from)).status).toBe(404);
    expect((await post('qr_code_list/share_access', { file_name: 'demo01', password: 'share01' }, from)).status).toBe(429);
    const enquiry = { key: 'share01', file_name: 'demo01', domain: '', ip_list: ['8.8.4.4'], start_time: '2026-06-13 00:00:00', end_time: '2026-06-15 23:59:59' };
    expect((await post('qr_code_access/public_enquiry', enquiry, from)).status).toBe(429);
    expect((await login('customer01', 'Customer123', from)).status).toBe(429);
    expect((await post('qr_code_list/share_access', { file_name: 'demo01', password: 'share01' }, '192.0.3.1')).status).toBe(200);
    expect((await post('qr_code_access/public_enquiry', enquiry, '192.0.3.1')).status).toBe(200);
  });

  it("the old password of admin/update_password: a session cannot guess it; the account's limit applies", async () => {
    clock.advance(3_600_000);
    const from = '100.100.1.1';
    const token = (await login('customer02', 'Customer123', from)).data as { token: string };
    const change = (old: string) => post('admin/update_password', { old_password: t.encrypt(old), new_password: t.encrypt('Changed123') }, from, token.token);
    for (let i = 0; i < 5; i++) expect((await change(`Wrong${i}x1`)).status).toBe(400);
    const locked = await change('Customer123');
    expect(locked.status).toBe(429);
    // Still the old password: logging in with it works from another network.
    expect((await login('customer02', 'Customer123', '100.101.1.1')).status).toBe(200);
  });
});
