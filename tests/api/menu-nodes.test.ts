import { describe, expect, it } from 'vitest';
import { FrameType, ROUTES, type MenuItem, type MenuNode, type Page } from '../../contracts/index.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { connectAs } from '../realtime/client.ts';
import { countOf, rowOf, valuesOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** The menu tree's nodes, edited by the super administrator (menu/*). Roles: 1 super, 2 admin, 3 customer, 4 agent. */
const { t, tok } = useApiServer({}, { super: 'superadmin', admin: 'admin01' });
const refusedUnchanged = refusalChecker(() => t);
const nodeBy = (path: string, type = 1) => rowOf<MenuNode>(t.db, 'menus', { path, type })!;
const holders = (menuId: number) => valuesOf(t.db, 'role_menus', 'role_id', { menu_id: menuId }, 'role_id');
const idsOf = (tree: readonly MenuItem[]): number[] => tree.flatMap((n) => [n.id, ...idsOf(n.children)]);


describe('menu/list', () => {
  it('answers every node in one page, larger sort first; super administrators only', async () => {
    const page = ok<Page<MenuNode>>(await t.call('menu/list', {}, tok.super));
    const count = countOf(t.db, 'menus');
    expect(count).toBeGreaterThan(200);
    expect(page.total).toBe(count);
    expect(page.content).toHaveLength(count);
    for (const path of ['menu/list', 'menu/add', 'menu/update', 'menu/remove']) expect((await t.call(path, {}, tok.admin)).status).toBe(403);
  });
});

describe('menu/add, menu/update, menu/remove', () => {
  let group: MenuNode;
  let child: MenuNode;

  it('adds nodes; the super administrator role holds each at once, other roles do not', async () => {
    group = ok<MenuNode>(await t.call('menu/add', { parent_id: 0, name: 'Reports', icon: 'th', sort: 5 }, tok.super));
    expect(group).toMatchObject({ parent_id: 0, name: 'Reports', path: '', type: 1, platform: 1, show_headshot: 1, allow_select: 1 });
    child = ok<MenuNode>(await t.call('menu/add', { parent_id: group.id, name: 'Monthly', path: 'monthly_report' }, tok.super));
    expect(holders(child.id)).toEqual([1]);
    const { tree_menu_arr } = ok<{ tree_menu_arr: MenuItem[] }>(await t.call('menu/token_menu', {}, tok.super));
    expect(idsOf(tree_menu_arr)).toEqual(expect.arrayContaining([group.id, child.id]));
  });

  it('refuses an empty name, an unknown parent, a bad or taken route path, naming the field', async () => {
    await refusedUnchanged('menu/add', { parent_id: 0, name: '  ' }, tok.super, 400, /^name: /);
    await refusedUnchanged('menu/add', { parent_id: 99999, name: 'x' }, tok.super, 400, /^parent_id: /);
    await refusedUnchanged('menu/add', { parent_id: 0, name: 'x', path: 'a b' }, tok.super, 400, /^path: /);
    await refusedUnchanged('menu/add', { parent_id: 0, name: 'x', path: 'bill' }, tok.super, 409, /^path: /);
  });

  it('keeps the shape the menu and the access check read: groups at the top, routes in groups, buttons under routes', async () => {
    await refusedUnchanged('menu/add', { parent_id: group.id, name: 'x', path: 'export', type: 2 }, tok.super, 400, /^parent_id: /);
    await refusedUnchanged('menu/add', { parent_id: group.id, name: 'nested group' }, tok.super, 400, /^parent_id: /);
    await refusedUnchanged('menu/add', { parent_id: nodeBy('bill').id, name: 'x', path: 'sub_route' }, tok.super, 400, /^parent_id: /);
    const button = ok<MenuNode>(await t.call('menu/add', { parent_id: child.id, name: 'Export', path: 'export', type: 2 }, tok.super));
    await refusedUnchanged('menu/add', { parent_id: button.id, name: 'x', path: 'deeper', type: 2 }, tok.super, 400, /^parent_id: /);
    // A node with children keeps its type and path (its children hang on them).
    await refusedUnchanged('menu/update', { id: child.id, path: '' }, tok.super, 409, /^path: /);
    await refusedUnchanged('menu/update', { id: child.id, type: 2 }, tok.super, 409, /^type: /);
    expect(ok<{ removed: number }>(await t.call('menu/remove', { ids: [button.id] }, tok.super))).toEqual({ removed: 1 });
  });

  it('edits a built-in node\'s name, icon, sort and flags, but never its path, type or parent', async () => {
    const bill = nodeBy('bill');
    const row = ok<MenuNode>(await t.call('menu/update', { id: bill.id, name: 'Bills', icon: 'dollar', sort: 7, show_headshot: 2, allow_select: 2, language_variables: '' }, tok.super));
    expect(row).toMatchObject({ name: 'Bills', icon: 'dollar', sort: 7, show_headshot: 2, allow_select: 2, path: 'bill' });
    await refusedUnchanged('menu/update', { id: bill.id, path: 'bills' }, tok.super, 409, /^path: /);
    await refusedUnchanged('menu/update', { id: bill.id, type: 2 }, tok.super, 409, /^type: /);
    await refusedUnchanged('menu/update', { id: bill.id, parent_id: 0 }, tok.super, 409, /^parent_id: /);
    const button = rowOf<MenuNode>(t.db, 'menus', { parent_id: nodeBy('user_list').id, path: 'add' })!;
    await refusedUnchanged('menu/update', { id: button.id, path: 'other' }, tok.super, 409, /^path: /);
    await refusedUnchanged('menu/update', { id: bill.id, name: '' }, tok.super, 400, /^name: /);
  });

  it('moves a node of its own, never under itself or its subtree', async () => {
    await refusedUnchanged('menu/update', { id: group.id, parent_id: child.id }, tok.super, 400, /^parent_id: /);
    await refusedUnchanged('menu/update', { id: group.id, parent_id: group.id }, tok.super, 400, /^parent_id: /);
    const users = rowOf<MenuNode>(t.db, 'menus', { name: 'users', path: '' })!;
    expect(ok<MenuNode>(await t.call('menu/update', { id: child.id, parent_id: users.id }, tok.super)).parent_id).toBe(users.id);
    ok(await t.call('menu/update', { id: child.id, parent_id: group.id }, tok.super));
  });

  it('refuses removing a node with children or a built-in one; removes a leaf with its grants', async () => {
    await refusedUnchanged('menu/remove', { ids: [group.id] }, tok.super, 409, /^ids: /);
    await refusedUnchanged('menu/remove', { ids: [nodeBy('bill').id] }, tok.super, 409, /^ids: /);
    expect(ok<{ removed: number }>(await t.call('menu/remove', { ids: [child.id] }, tok.super))).toEqual({ removed: 1 });
    expect(holders(child.id)).toEqual([]);
    // A node and its only child together: nothing is left without its parent.
    const again = ok<MenuNode>(await t.call('menu/add', { parent_id: group.id, name: 'Again', path: 'again_route' }, tok.super));
    expect(ok<{ removed: number }>(await t.call('menu/remove', { ids: [group.id, again.id] }, tok.super))).toEqual({ removed: 2 });
  });

  it("every built-in route and button is still a node after all this (access checks name them)", () => {
    for (const r of ROUTES) expect(nodeBy(r.name), r.name).toBeTruthy();
  });
});

describe('menu changes push frame 23 to affected online users', () => {
  it('an edit of a node the agent role holds reaches an online agent; an edit of a super-only node does not', async () => {
    const agent = await connectAs(t, 'agent01');
    const customer = await connectAs(t, 'customer01');
    ok(await t.call('menu/update', { id: nodeBy('agent_divided_into').id, sort: 3 }, tok.super));
    expect((await agent.next()).type).toBe(FrameType.values.menu_refresh);
    ok(await t.call('menu/update', { id: nodeBy('role').id, sort: 3 }, tok.super));
    await expect(customer.next(300)).rejects.toThrow();
    await expect(agent.next(300)).rejects.toThrow();
    agent.close();
    customer.close();
    await Promise.all([agent.closed, customer.closed]);
  });
});
