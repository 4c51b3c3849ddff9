import { describe, expect, it } from 'vitest';
import { CloseCode, FrameType, type MenuNode } from '../../contracts/index.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { connectAs } from './client.ts';
import { countOf, valueOf, valuesOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** Issue 12 over a real socket: disabling closes at once, a role edit pushes frame 23, online detection. */
const { t, tok } = useApiServer({}, { admin: 'admin01', super: 'superadmin' });
const refusedUnchanged = refusalChecker(() => t);
const onlineOf = (account: string) => valueOf(t.db, 'users', 'online_status', { account });


describe('users and sockets', () => {
  it('disabling a user closes their sockets at once (4007), not at the next ping', async () => {
    const c = await connectAs(t, 'customer02');
    ok(await t.call('user/update', { id: 5, disable: 2 }, tok.admin));
    expect((await c.closed).code).toBe(CloseCode.values.session_ended);
    ok(await t.call('user/update', { id: 5, disable: 1 }, tok.admin));
  });

  it('removing a user closes their sockets at once', async () => {
    const c = await connectAs(t, 'totp01');
    ok(await t.call('user/remove', { ids: [6] }, tok.admin));
    expect((await c.closed).code).toBe(CloseCode.values.session_ended);
  });

  it("saving a role's nodes pushes frame 23 to its online users", async () => {
    const c = await connectAs(t, 'agent01');
    const held = valuesOf<number>(t.db, 'role_menus', 'menu_id', { role_id: 4 }, 'menu_id');
    const answer = ok<{ pushed: number }>(await t.call('role/update_menus', { id: 4, menu_ids: held }, tok.super));
    expect(answer.pushed).toBe(1);
    expect((await c.next()).type).toBe(FrameType.values.menu_refresh);
    c.close();
    await c.closed;
  });
});

describe('subscriber_config_default', () => {
  it('reads and patches the config; bad input names the field and changes nothing', async () => {
    const before = ok<Record<string, unknown>>(await t.call('subscriber_config_default/inquire', {}, tok.admin));
    expect(Object.keys(before).sort()).toEqual(
      ['allow_register', 'default_share_ratio', 'failed_login_limit', 'failure_window_minutes', 'no_register_prompt', 'online_detection'],
    );
    await refusedUnchanged('subscriber_config_default/update', { failed_login_limit: 0 }, tok.admin, 400, /failed_login_limit/);
    await refusedUnchanged('subscriber_config_default/update', { default_share_ratio: -1 }, tok.admin, 400, /default_share_ratio/);
    const after = ok<Record<string, unknown>>(await t.call('subscriber_config_default/update', { default_share_ratio: 15 }, tok.admin));
    expect(after).toEqual({ ...before, default_share_ratio: 15 });
  });

  it('online detection off: a connecting user is not marked online; on again: marked', async () => {
    ok(await t.call('subscriber_config_default/update', { online_detection: false }, tok.admin));
    const off = await connectAs(t, 'customer01');
    expect(onlineOf('customer01')).toBe(1);
    off.close();
    await off.closed;
    ok(await t.call('subscriber_config_default/update', { online_detection: true }, tok.admin));
    const on = await connectAs(t, 'customer01');
    expect(onlineOf('customer01')).toBe(2);
    on.close();
    await on.closed;
  });

  it('the menu tree offers every node to the role editor', async () => {
    const nodes = ok<MenuNode[]>(await t.call('menu/inquire', {}, tok.super));
    expect(nodes.length).toBe(countOf(t.db, 'menus'));
  });
});
