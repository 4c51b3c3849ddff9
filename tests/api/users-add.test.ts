import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../contracts/index.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { valueOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** Seeded (fixtures/seed): users 1 superadmin, 2 admin01, 3 agent01, 4 customer01; roles 1 super, 2 admin, 3 customer, 4 agent. */
const AGENT = 3;
const C1 = 4;
const ROLE = { super: 1, admin: 2, customer: 3, agent: 4 } as const;

const { t, tok } = useApiServer({}, { super: 'superadmin', admin: 'admin01' });
const refusedUnchanged = refusalChecker(() => t);
type Added = UserRow & { password: string | null };


describe('user/add', () => {
  it('adds a customer with a typed password: every field stored, the password works, nothing answered back', async () => {
    const row = ok<Added>(
      await t.call(
        'user/add',
        { account: 'newcust01', password: t.encrypt('Newcust123'), name: 'New', phone: '+86 138', role_id: ROLE.customer, superior_id: AGENT, share_ratio: 7.5, domain_limit: 4 },
        tok.admin,
      ),
    );
    expect(row).toMatchObject({ account: 'newcust01', name: 'New', phone: '+86 138', role_kind: 'customer', superior_account: 'agent01', share_ratio: 7.5, domain_limit: 4, password: null });
    expect(row.invitation_code).toMatch(/^[A-Z0-9]{8}$/);
    await t.login('newcust01', 'Newcust123');
  });

  it('generates a password when none is typed and answers it once; the default share ratio applies', async () => {
    const row = ok<Added>(await t.call('user/add', { account: 'newagent01', role_id: ROLE.agent, invitation_code: 'NEWAG1' }, tok.admin));
    expect(row.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]{12}$/);
    expect(row.share_ratio).toBe(t.services.settings.require('subscriber_config_default').default_share_ratio);
    await t.login('newagent01', row.password!);
    const stored = valueOf<string>(t.db, 'users', 'password_hash', row.id)!;
    expect(stored).not.toContain(row.password!);
  });

  it('refuses a duplicate account or invitation code with 409 naming the field; nothing changes', async () => {
    await refusedUnchanged('user/add', { account: 'customer01', role_id: ROLE.customer }, tok.admin, 409, /^account: /);
    await refusedUnchanged('user/add', { account: 'CUSTOMER01', role_id: ROLE.customer }, tok.admin, 409, /^account: /);
    await refusedUnchanged('user/add', { account: 'another01', role_id: ROLE.customer, invitation_code: 'AGENT01' }, tok.admin, 409, /^invitation_code: /);
    // Accounts are unique over the whole table, whichever screen holds them.
    await refusedUnchanged('administrators/add', { account: 'agent01', role_id: ROLE.admin }, tok.super, 409, /^account: /);
  });

  it('refuses a password breaking §5, the account as password, a bad account, an unknown superior', async () => {
    await refusedUnchanged('user/add', { account: 'short01', password: t.encrypt('abc'), role_id: ROLE.customer }, tok.admin, 400, /^password: /);
    await refusedUnchanged('user/add', { account: 'letters01', password: t.encrypt('onlyletters'), role_id: ROLE.customer }, tok.admin, 400, /^password: /);
    await refusedUnchanged('user/add', { account: 'same0001', password: t.encrypt('same0001'), role_id: ROLE.customer }, tok.admin, 400, /^password: /);
    await refusedUnchanged('user/add', { account: 'abc', role_id: ROLE.customer }, tok.admin, 400, /^account: /);
    await refusedUnchanged('user/add', { account: 'orphan01', role_id: ROLE.customer, superior_id: 9999 }, tok.admin, 400, /^superior_id: /);
    await refusedUnchanged('user/add', { account: 'ratio001', role_id: ROLE.customer, share_ratio: -1 }, tok.admin, 400, /^share_ratio: /);
  });

  it('never grants a role above your own, nor a role of the other screen', async () => {
    await refusedUnchanged('user/add', { account: 'sneaky01', role_id: ROLE.super }, tok.admin, 400, /^role_id: /);
    await refusedUnchanged('user/add', { account: 'sneaky02', role_id: ROLE.admin }, tok.admin, 400, /^role_id: /);
    await refusedUnchanged('administrators/add', { account: 'sneaky03', role_id: ROLE.customer }, tok.super, 400, /^role_id: /);
    await refusedUnchanged('user/add', { account: 'sneaky04', role_id: 99 }, tok.admin, 400, /^role_id: /);
    // Only the super administrator has the administrators route.
    await refusedUnchanged('administrators/add', { account: 'sneaky05', role_id: ROLE.admin }, tok.admin, 403);
  });

  it('adds an administrator from the super screen', async () => {
    const row = ok<Added>(await t.call('administrators/add', { account: 'newadmin01', password: t.encrypt('Newadmin123'), role_id: ROLE.admin }, tok.super));
    expect(row).toMatchObject({ role_kind: 'admin', password: null });
    const own = await t.login('newadmin01', 'Newadmin123');
    expect((await t.call('user/inquire', {}, own)).status).toBe(200);
  });
});

describe('user/superior_options', () => {
  it('lists every live user with their superior, so the picker can leave out a user and their descendants', async () => {
    const options = ok<{ id: number; account: string; superior_id: number | null }[]>(await t.call('user/superior_options', {}, tok.admin));
    expect(options.find((o) => o.id === C1)).toEqual({ id: C1, account: 'customer01', superior_id: AGENT });
    expect(options.some((o) => o.account === 'disabled01')).toBe(true);
    expect((await t.call('user/superior_options', {}, await t.login('agent01'))).status).toBe(403);
  });
});
