import { describe, expect, it } from 'vitest';
import type { Page, UserRow } from '../../contracts/index.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { checkStanding } from '../../mock-server/users/guards.ts';
import { countOf, valueOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** Seeded ids (fixtures/seed/users.ts): 1 superadmin, 2 admin01, 3 agent01, 4 customer01, 5 customer02. */
const SUPER = 1;
const ADMIN = 2;
const AGENT = 3;
const C1 = 4;
const C2 = 5;

const { t, tok } = useApiServer({}, { super: 'superadmin', admin: 'admin01' });
const refusedUnchanged = refusalChecker(() => t);
const sessionsOf = (id: number) => countOf(t.db, 'sessions', { user_id: id });


describe('user/inquire and administrators/inquire', () => {
  it('lists agents and customers with every §3 column, administrators apart', async () => {
    const page = ok<Page<UserRow>>(await t.call('user/inquire', { page: 1, page_size: 50 }, tok.admin));
    const kinds = new Set(page.content.map((u) => u.role_kind));
    expect([...kinds].sort()).toEqual(['agent', 'customer']);
    const c1 = page.content.find((u) => u.id === C1)!;
    expect(c1).toMatchObject({ account: 'customer01', superior_id: AGENT, superior_account: 'agent01', domain_limit: expect.any(Number) });
    for (const key of ['register_ip', 'login_ip', 'login_time', 'online_update_time', 'member_expire_time', 'invitation_code', 'balance_micro']) {
      expect(c1).toHaveProperty(key);
    }
    const admins = ok<Page<UserRow>>(await t.call('administrators/inquire', { page: 1, page_size: 50 }, tok.super));
    expect(admins.content.map((u) => u.account).sort()).toEqual(['admin01', 'superadmin']);
  });

  it('filters by account, superior and role', async () => {
    const byAccount = ok<Page<UserRow>>(await t.call('user/inquire', { account: 'customer0' }, tok.admin));
    expect(byAccount.content.map((u) => u.account).sort()).toEqual(['customer01', 'customer02']);
    const bySuperior = ok<Page<UserRow>>(await t.call('user/inquire', { superior_id: AGENT }, tok.admin));
    expect(bySuperior.content.every((u) => u.superior_id === AGENT)).toBe(true);
  });

  it('keeps administrators out of reach of an administrator: not listed, 403 by id (rank rule, issue 20), 403 on the super screen', async () => {
    expect((await t.call('administrators/inquire', {}, tok.admin)).status).toBe(403);
    await refusedUnchanged('user/update', { id: SUPER, name: 'x' }, tok.admin, 403, /role is equal to or above your own/);
  });
});

describe('user/update', () => {
  it('changes role, superior, share ratio, expiry, domain quota and invitation code', async () => {
    const row = ok<UserRow>(
      await t.call(
        'user/update',
        { id: C2, share_ratio: 12.5, member_expire_time: '2027-01-01 00:00:00', domain_limit: 3, invitation_code: 'C2CODE', superior_id: null, role_id: 4 },
        tok.admin,
      ),
    );
    expect(row).toMatchObject({ share_ratio: 12.5, member_expire_time: '2027-01-01 00:00:00', domain_limit: 3, invitation_code: 'C2CODE', superior_id: null, role_kind: 'agent' });
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    await refusedUnchanged('user/update', { id: C1, share_ratio: -1 }, tok.admin, 400, /share_ratio/);
    await refusedUnchanged('user/update', { id: C1, invitation_code: 'AGENT01' }, tok.admin, 409, /invitation_code/);
    await refusedUnchanged('user/update', { id: C1, invitation_code: 'bad code!' }, tok.admin, 400, /invitation_code/);
    await refusedUnchanged('user/update', { id: C1, role_id: 999 }, tok.admin, 400, /role_id/);
    await refusedUnchanged('user/update', { id: 999_999, name: 'x' }, tok.admin, 404);
  });

  it('refuses a superior cycle: the user itself or one of its descendants', async () => {
    await refusedUnchanged('user/update', { id: AGENT, superior_id: AGENT }, tok.admin, 400, /superior_id/);
    await refusedUnchanged('user/update', { id: AGENT, superior_id: C1 }, tok.admin, 400, /superior_id/);
    await refusedUnchanged('user/update', { id: AGENT, superior_id: 999_999 }, tok.admin, 400, /superior_id/);
  });

  it('refuses granting a role above your own', async () => {
    await refusedUnchanged('user/update', { id: C1, role_id: 1 }, tok.admin, 400, /role_id.*above your own/);
  });

  it('guards the last super administrator and the caller themselves', async () => {
    await refusedUnchanged('administrators/update', { id: SUPER, role_id: 2 }, tok.super, 409, /yourself/);
    await refusedUnchanged('administrators/update', { id: SUPER, disable: 2 }, tok.super, 409, /yourself/);
    await refusedUnchanged('administrators/remove', { ids: [SUPER] }, tok.super, 409, /yourself/);
    // With a second super administrator, the first may be demoted by the second (one stays).
    ok(await t.call('administrators/update', { id: ADMIN, role_id: 1 }, tok.super));
    const second = await t.login('admin01');
    ok(await t.call('administrators/update', { id: SUPER, role_id: 2 }, second));
    // superadmin is an administrator now: the super screen is closed and admin01 (above them) out of reach.
    await refusedUnchanged('administrators/inquire', {}, tok.super, 403);
    await refusedUnchanged('user/reset_password', { id: ADMIN }, tok.super, 403);
    ok(await t.call('administrators/update', { id: SUPER, role_id: 1 }, second));
    ok(await t.call('administrators/update', { id: ADMIN, role_id: 2 }, tok.super));
  });

  it('never lets the last enabled super administrator lose standing, whoever asks', () => {
    // Through HTTP the self rule answers first (only an enabled super administrator reaches the target);
    // the rule itself is checked directly so a later caller (a role edit, a script) cannot bypass it.
    const other = { ...t.services.users.byId(ADMIN)!, id: 999 };
    expect(() => checkStanding(t.db, other, { id: SUPER, role_kind: 'super_admin' }, 'id')).toThrow(/last_super_admin/);
  });

  it('disabling ends the sessions at once; enabling lets the user in again', async () => {
    await t.login('customer01');
    expect(sessionsOf(C1)).toBeGreaterThan(0);
    ok(await t.call('user/update', { id: C1, disable: 2 }, tok.admin));
    expect(sessionsOf(C1)).toBe(0);
    ok(await t.call('user/update', { id: C1, disable: 1 }, tok.admin));
    await t.login('customer01');
  });
});

describe('user/reset_password', () => {
  it('answers a generated password once; the old one stops working, the new one works', async () => {
    const own = await t.login('customer02');
    const { password } = ok<{ password: string }>(await t.call('user/reset_password', { id: C2 }, tok.admin));
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]{12}$/);
    expect((await t.call('admin/user_info', {}, own)).status).toBe(401);
    await t.login('customer02', password);
  });

  it('takes a typed password that meets §5, refuses one that does not', async () => {
    const answer = ok<{ password: null }>(await t.call('user/reset_password', { id: C2, password: t.encrypt('Typed12345') }, tok.admin));
    expect(answer.password).toBeNull();
    await t.login('customer02', 'Typed12345');
    await refusedUnchanged('user/reset_password', { id: C2, password: t.encrypt('short') }, tok.admin, 400, /password/);
    await refusedUnchanged('user/reset_password', { id: C2, password: t.encrypt('customer02') }, tok.admin, 400, /password/);
    await refusedUnchanged('user/reset_password', { id: SUPER }, tok.admin, 403);
  });
});

describe('user/remove', () => {
  it('sets status 2, ends the sessions and drops the user from the list; all or none', async () => {
    await refusedUnchanged('user/remove', { ids: [C2, 999_999] }, tok.admin, 404);
    await t.login('customer02', 'Typed12345');
    expect(ok<{ removed: number }>(await t.call('user/remove', { ids: [C2] }, tok.admin))).toEqual({ removed: 1 });
    expect(valueOf(t.db, 'users', 'status', C2)).toBe(2);
    expect(sessionsOf(C2)).toBe(0);
    const page = ok<Page<UserRow>>(await t.call('user/inquire', { page_size: 50 }, tok.admin));
    expect(page.content.some((u) => u.id === C2)).toBe(false);
    await refusedUnchanged('user/update', { id: C2, name: 'x' }, tok.admin, 404);
  });

  it('lists every role for the pickers', async () => {
    const roles = ok<{ id: number; kind: string }[]>(await t.call('role/options', {}, tok.admin));
    expect(roles.map((r) => r.kind)).toEqual(['super_admin', 'admin', 'customer', 'agent']);
  });
});
