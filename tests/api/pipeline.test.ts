import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { roles } from '../../fixtures/seed/roles.ts';
import { hashToken } from '../../mock-server/services/sessions.ts';
import { MINUTE, manualClock } from '../helpers/clock.ts';
import { valueOf } from '../../fixtures/rows.ts';
import { buttonIdOf, grantMenu, revokeMenu } from '../../fixtures/factories.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Issue 9 §7: what the faster pipeline must keep. One Map lookup replaced one Express route per call (same
 * paths answered); permission keys are cached per role yet follow every change of roles and grants; the
 * session's last-seen time is written at most once a minute, while idle expiry still counts from it.
 */
const clock = manualClock();
const { t, tok } = useApiServer({ clock, sessionIdleMinutes: 30 }, { admin: 'admin01' });

const adminRole = roles.find((r) => r.kind === 'admin')!.id;

describe('one lookup for every call', () => {
  it.each(['/api/ping', '/api/PING', '/api/ping/'])('%s answers the ping call (Express matched case-insensitively, with a trailing slash)', async (path) => {
    const res = await request(t.server).post(path).set('Content-Type', 'application/json').send('{"value":10}');
    expect(res.status).toBe(200);
    expect(res.body.data.value).toBe(10);
  });
});

describe('permission keys, cached per role', () => {
  it('a grant taken away in the tables is refused at the next call, and given back is allowed again', async () => {
    const updateButton = buttonIdOf(t.db, 'pay_config', 'update');
    const body = { qr_code_switch: 1 };
    expect((await t.call('pay_config/update', body, tok.admin)).status).toBe(200); // the role's keys are cached now
    revokeMenu(t.db, adminRole, updateButton);
    expect((await t.call('pay_config/update', body, tok.admin)).status).toBe(403);
    grantMenu(t.db, adminRole, updateButton);
    expect((await t.call('pay_config/update', body, tok.admin)).status).toBe(200);
  });

  it('are read once per role until invalidatePermissions() drops them', () => {
    const { users } = t.services;
    const first = users.permissionKeys(adminRole);
    expect(users.permissionKeys(adminRole)).toBe(first);
    users.invalidatePermissions();
    const again = users.permissionKeys(adminRole);
    expect(again).not.toBe(first);
    expect([...again].sort()).toEqual([...first].sort());
  });
});

describe('session last-seen time', () => {
  const lastSeen = (token: string) =>
    valueOf<number>(t.db, 'sessions', 'last_seen_ms', { token_hash: hashToken(token) });

  it('is written at most once a minute, and idle expiry counts from it', async () => {
    const token = await t.login('customer01');
    const created = lastSeen(token)!;
    clock.advance(30_000);
    expect((await t.call('menu/token_menu', {}, token)).status).toBe(200);
    expect(lastSeen(token)).toBe(created); // within the minute: no write
    clock.advance(31_000);
    expect((await t.call('menu/token_menu', {}, token)).status).toBe(200);
    expect(lastSeen(token)).toBe(created + 61_000); // past the minute: refreshed
    clock.advance(29 * MINUTE);
    expect((await t.call('menu/token_menu', {}, token)).status).toBe(200); // 29 min after the refresh: alive
    clock.advance(30 * MINUTE + 1);
    const res = await t.call('menu/token_menu', {}, token);
    expect(res.status).toBe(401);
    expect(lastSeen(token)).toBeUndefined();
  });
});
