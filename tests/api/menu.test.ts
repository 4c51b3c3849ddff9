import { beforeAll, describe, expect, it } from 'vitest';
import { failureBody } from '../helpers/qr.ts';
import { MENU_GROUPS, ROUTES, ROUTE_NAMES, type MenuItem, type RouteAudience } from '../../contracts/index.ts';
import { roles, type RoleKind } from '../../fixtures/seed/roles.ts';
import type { Services } from '../../mock-server/compose.ts';
import { type TestServer } from '../../harness/server.ts';
import { countOf, valueOf, valuesOf } from '../../fixtures/rows.ts';
import { grantMenu, revokeMenu } from '../../fixtures/factories.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * menu/token_menu and the permission check derive from one thing: the role's menu nodes. These tests read
 * each seeded role's tree over HTTP and compare it with contracts/routes.ts, then change a role's nodes and
 * watch both the tree and the permission check follow.
 */

/** Who holds a route of each audience in the seeded roles (routes.ts: customer ⊂ agent ⊂ admin ⊂ super). */
const AUDIENCES: Record<string, readonly RouteAudience[]> = {
  superadmin: ['customer', 'agent', 'admin', 'super'],
  admin01: ['customer', 'agent', 'admin'],
  agent01: ['customer', 'agent'],
  customer01: ['customer'],
};

async function menuOf(t: TestServer, account: string): Promise<MenuItem[]> {
  const res = await t.call('menu/token_menu', {}, await t.login(account));
  expect(res.status, res.body.message).toBe(200);
  return (res.body.data as { tree_menu_arr: MenuItem[] }).tree_menu_arr;
}

const routesIn = (tree: MenuItem[]) => tree.flatMap((group) => group.children);
const routeNames = (tree: MenuItem[]) => routesIn(tree).map((r) => r.path).sort();
const buttonsOf = (tree: MenuItem[], route: string) =>
  routesIn(tree).find((r) => r.path === route)?.children.map((b) => b.path);
function everyNode(tree: MenuItem[]): MenuItem[] {
  return tree.flatMap((n) => [n, ...everyNode(n.children)]);
}

describe('menu/token_menu of each seeded role', () => {
  const { t } = useApiServer();
  const trees: Record<string, MenuItem[]> = {};
  beforeAll(async () => {
    for (const account of Object.keys(AUDIENCES)) trees[account] = await menuOf(t, account);
  });

  it('gives the super administrator every route of contracts/routes.ts', () => {
    expect(routeNames(trees.superadmin)).toEqual([...ROUTE_NAMES].sort());
  });

  it.each(Object.entries(AUDIENCES))('gives %s exactly the routes of its audiences', (account, audiences) => {
    const expected = ROUTES.filter((r) => audiences.includes(r.audience)).map((r) => r.name).sort();
    expect(routeNames(trees[account])).toEqual(expected);
  });

  it('gives a customer none of the admin or super routes', () => {
    const adminOnly: readonly string[] = ROUTES.filter((r) => r.audience === 'admin' || r.audience === 'super').map((r) => r.name);
    expect(adminOnly.length).toBeGreaterThan(0);
    expect(routeNames(trees.customer01).filter((name) => adminOnly.includes(name))).toEqual([]);
    // Named examples of §6: the admin and customer pages are told apart by route name.
    expect(routeNames(trees.customer01)).toContain('home');
    expect(routeNames(trees.customer01)).not.toContain('home_admin');
    expect(routeNames(trees.customer01)).not.toContain('qr_code_list_admin');
  });

  it.each(Object.keys(AUDIENCES))('gives %s each route with its buttons as type 2 children, and buttons have no children', (account) => {
    for (const route of routesIn(trees[account])) {
      expect(route.type).toBe(1);
      const info = ROUTES.find((r) => r.name === route.path)!;
      expect(route.children.map((b) => b.path).sort(), route.path).toEqual([...info.buttons].sort());
      for (const button of route.children) {
        expect(button.type).toBe(2);
        expect(button.children).toEqual([]);
        expect(button.language_variables).toBe(`common.actions.${button.path}`);
      }
    }
  });

  it.each(Object.entries(AUDIENCES))('shows %s only the groups that hold one of its routes', (account, audiences) => {
    const tree = trees[account];
    const expected = MENU_GROUPS.filter((g) => ROUTES.some((r) => r.group === g && audiences.includes(r.audience)));
    expect(tree.map((g) => g.name)).toEqual(expected);
    for (const group of tree) {
      expect(group).toMatchObject({ path: '', type: 1, language_variables: `menu.groups.${group.name}` });
      expect(group.children.length).toBeGreaterThan(0);
      for (const route of group.children) expect(ROUTES.find((r) => r.name === route.path)?.group).toBe(group.name);
    }
  });

  it('omits whole groups a customer holds nothing of', () => {
    const names = trees.customer01.map((g) => g.name);
    expect(names).not.toContain('mall');
    expect(names).not.toContain('wallets');
    expect(names).not.toContain('agents');
    expect(trees.agent01.map((g) => g.name)).toContain('agents');
  });

  it.each(Object.keys(AUDIENCES))('sorts %s’s tree with the larger sort first at every level', (account) => {
    const check = (level: MenuItem[]) => {
      const sorts = level.map((n) => n.sort);
      expect(sorts).toEqual([...sorts].sort((a, b) => b - a));
      for (const n of level) check(n.children);
    };
    check(trees[account]);
    // The tree order is the order of contracts/routes.ts, which the seed turns into descending sorts.
    expect(trees[account].map((g) => g.name)).toEqual(MENU_GROUPS.filter((g) => trees[account].some((x) => x.name === g)));
  });

  it.each(Object.keys(AUDIENCES))('gives %s PC nodes with unique ids and a language variable', (account) => {
    const nodes = everyNode(trees[account]);
    expect(new Set(nodes.map((n) => n.id)).size).toBe(nodes.length);
    for (const n of nodes) {
      expect(n.platform).toBe(1);
      expect(n.language_variables).not.toBe('');
    }
    for (const r of routesIn(trees[account])) expect(r.language_variables).toBe(`menu.${r.path}`);
  });

  it('refuses an extra field with 400', async () => {
    const res = await t.call('menu/token_menu', { role_id: 1 }, await t.login('customer01'));
    expect(res).toEqual({ status: 400, body: failureBody('role_id: This page sent something the server does not take; reload the page and try again') });
  });
});

/** Role node edits the role screen will make (a later issue); here straight on the tables it will write. */
function roleId(kind: RoleKind): number {
  return roles.find((r) => r.kind === kind)!.id;
}
function menuId(services: Services, route: string, button?: string): number {
  const routeId = valueOf<number>(services.db, 'menus', 'id', { path: route, type: 1 })!;
  if (!button) return routeId;
  return valueOf<number>(services.db, 'menus', 'id', { parent_id: routeId, path: button })!;
}
function groupId(services: Services, group: string): number {
  return valueOf<number>(services.db, 'menus', 'id', { name: group, path: '' })!;
}
function revoke(services: Services, kind: RoleKind, ids: readonly number[]) {
  services.db.transaction(() => ids.forEach((id) => revokeMenu(services.db, roleId(kind), id)))();
}
function grant(services: Services, kind: RoleKind, ids: readonly number[]) {
  // Already held nodes stay as they are.
  services.db.transaction(() => {
    for (const id of ids) if (!countOf(services.db, 'role_menus', { role_id: roleId(kind), menu_id: id })) grantMenu(services.db, roleId(kind), id);
  })();
}

describe('the tree and the permission check follow the role’s nodes', () => {
  const { t } = useApiServer();

  it('without its update button, pay_config shows no update and pay_config/update is 403', async () => {
    revoke(t.services, 'admin', [menuId(t.services, 'pay_config', 'update')]);
    const tree = await menuOf(t, 'admin01');
    expect(buttonsOf(tree, 'pay_config')).toEqual([]);
    const res = await t.call('pay_config/update', { qr_code_switch: 2 }, await t.login('admin01'));
    expect(res.status).toBe(403);
    // The route itself is still there: reading is a different right.
    expect(routeNames(tree)).toContain('pay_config');
  });

  it('a button without its route grants nothing and shows nowhere', async () => {
    revoke(t.services, 'admin', [menuId(t.services, 'url_key_platform')]);
    const tree = await menuOf(t, 'admin01');
    expect(routeNames(tree)).not.toContain('url_key_platform');
    // Its orphaned buttons surface nowhere: the top level holds groups only, and groups hold routes only.
    expect(tree.every((g) => g.type === 1 && g.path === '')).toBe(true);
    expect(routesIn(tree).every((r) => r.type === 1 && r.path !== '')).toBe(true);
    const res = await t.call('url_key_platform/add', { name: 'x', url: 'https://x.example.com', short_code_type: 4 }, await t.login('admin01'));
    expect(res.status).toBe(403);
  });

  it('a group whose routes are all taken away disappears, though the group node is still granted', async () => {
    const agentRoutes = ROUTES.filter((r) => r.group === 'agents' && r.audience === 'agent').map((r) => menuId(t.services, r.name));
    revoke(t.services, 'agent', agentRoutes);
    const tree = await menuOf(t, 'agent01');
    expect(tree.map((g) => g.name)).not.toContain('agents');
  });

  it('a route granted without its group still shows, under its group, and is allowed', async () => {
    grant(t.services, 'customer', [menuId(t.services, 'pay_config'), menuId(t.services, 'pay_config', 'update')]);
    // The customer role does hold the vip group; take it away to grant the route alone.
    revoke(t.services, 'customer', [groupId(t.services, 'vip')]);
    const tree = await menuOf(t, 'customer01');
    const vip = tree.find((g) => g.name === 'vip');
    expect(vip?.children.map((r) => r.path)).toContain('pay_config');
    expect(buttonsOf(tree, 'pay_config')).toEqual(['update']);
    const res = await t.call('pay_config/update', { qr_code_switch: 1 }, await t.login('customer01'));
    expect(res.status).toBe(200);
  });

  it('a role with no nodes gets an empty tree, not an error', async () => {
    revoke(t.services, 'agent', valuesOf<number>(t.services.db, 'role_menus', 'menu_id', { role_id: roleId('agent') }, 'menu_id'));
    expect(await menuOf(t, 'agent01')).toEqual([]);
  });
});
