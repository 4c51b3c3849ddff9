import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MenuItem, MenuNode, Page, Role } from '../../contracts/index.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { useApiServer } from '../helpers/api-server.ts';

const AGENT_ROLE = 4;

const { t, tok } = useApiServer({}, { super: 'superadmin', admin: 'admin01' });
const refusedUnchanged = refusalChecker(() => t);


describe('role resource', () => {
  it('lists roles with their nodes and user counts; only the super administrator has the route', async () => {
    const page = ok<Page<Role>>(await t.call('role/inquire', {}, tok.super));
    expect(page.content.map((r) => r.kind)).toEqual(['super_admin', 'admin', 'customer', 'agent']);
    expect(page.content.every((r) => r.menu_ids.length > 0)).toBe(true);
    expect(page.content.find((r) => r.id === AGENT_ROLE)!.users).toBe(1);
    expect((await t.call('role/inquire', {}, tok.admin)).status).toBe(403);
  });

  it('adds, renames and removes a role; refuses an empty or taken name, a role in use or a built-in one', async () => {
    await refusedUnchanged('role/add', { name: '   ' }, tok.super, 400, /name/);
    await refusedUnchanged('role/add', { name: '代理' }, tok.super, 409, /name/);
    const added = ok<Role>(await t.call('role/add', { name: 'Auditors', remarks: 'read only' }, tok.super));
    expect(added).toMatchObject({ kind: 'customer', menu_ids: [], users: 0 });
    expect(ok<Role>(await t.call('role/update', { id: added.id, name: 'Auditors 2' }, tok.super)).name).toBe('Auditors 2');
    await refusedUnchanged('role/update', { id: added.id, name: '' }, tok.super, 400, /name/);
    await refusedUnchanged('role/remove', { ids: [AGENT_ROLE] }, tok.super, 409, /built-in/);
    ok(await t.call('user/update', { id: 5, role_id: added.id }, tok.super));
    await refusedUnchanged('role/remove', { ids: [added.id] }, tok.super, 409, /still hold/);
    ok(await t.call('user/update', { id: 5, role_id: 3 }, tok.super));
    expect(ok(await t.call('role/remove', { ids: [added.id] }, tok.super))).toEqual({ removed: 1 });
  });

  it("refuses editing the super administrator role's nodes and unknown nodes", async () => {
    await refusedUnchanged('role/update_menus', { id: 1, menu_ids: [1] }, tok.super, 409);
    await refusedUnchanged('role/update_menus', { id: AGENT_ROLE, menu_ids: [999_999] }, tok.super, 400, /menu_ids/);
  });
});

/** Permission keys of a menu tree as the access check spells them: route paths and `route:button`. */
function keysOf(tree: readonly MenuItem[], parent = ''): string[] {
  return tree.flatMap((n) => [
    ...(n.path ? [n.type === 2 ? `${parent}:${n.path}` : n.path] : []),
    ...keysOf(n.children, n.path),
  ]);
}
const idsOf = (tree: readonly MenuItem[]): number[] => tree.flatMap((n) => [n.id, ...idsOf(n.children)]);

describe('property: a user’s menu and buttons always equal their role’s tree', () => {
  it('holds over random node sets saved for the agent role', async () => {
    const nodes = ok<MenuNode[]>(await t.call('menu/inquire', {}, tok.super));
    const parentOf = new Map(nodes.map((n) => [n.id, n.parent_id]));
    const agent = await t.login('agent01');
    await fc.assert(
      fc.asyncProperty(fc.subarray(nodes.map((n) => n.id), { maxLength: 40 }), async (picked) => {
        const saved = ok<{ menu_ids: number[] }>(await t.call('role/update_menus', { id: AGENT_ROLE, menu_ids: picked }, tok.super));
        // Stored: what was picked and every ancestor, nothing else.
        const closed = new Set<number>();
        for (const id of picked) for (let at: number | undefined = id; at; at = parentOf.get(at)) closed.add(at);
        expect(saved.menu_ids).toEqual([...closed].sort((a, b) => a - b));
        // The role's tree as the user's menu shows it, and the keys the server's access check uses.
        const { tree_menu_arr } = ok<{ tree_menu_arr: MenuItem[] }>(await t.call('menu/token_menu', {}, agent));
        const shownIds = new Set(idsOf(tree_menu_arr));
        const groupsWithout = [...closed].filter((id) => nodes.find((n) => n.id === id)!.path === '' && ![...closed].some((c) => parentOf.get(c) === id));
        expect([...shownIds].sort((a, b) => a - b)).toEqual([...closed].filter((id) => !groupsWithout.includes(id)).sort((a, b) => a - b));
        expect(new Set(keysOf(tree_menu_arr))).toEqual(new Set(t.services.users.permissionKeys(AGENT_ROLE)));
        // And the access check follows at once: bill/inquire needs the `bill` route.
        const billAllowed = (await t.call('bill/inquire', {}, agent)).status === 200;
        expect(billAllowed).toBe(keysOf(tree_menu_arr).includes('bill'));
      }),
      { numRuns: 40, seed: 20261123 },
    );
  }, 60_000);
});
