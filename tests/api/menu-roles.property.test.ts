import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MenuItem, MenuNode } from '../../contracts/index.ts';
import { authorityFor } from '../../client/state/menu.ts';
import { ok } from '../helpers/qr.ts';
import { rowsOf, valuesOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Property (issue 12): whatever mix of role edits (role/update_menus) and menu node edits (menu/add, move,
 * re-sort, remove) the super administrator makes, an agent's menu (`menu/token_menu`, and the authority lists
 * the console derives from it) and what the server allows them are exactly their role's tree: the nodes the
 * role holds, each shown where it hangs, a button only with its route.
 */
const AGENT_ROLE = 4;
const { t, tok } = useApiServer({}, { super: 'superadmin', agent: 'agent01' });


const op = fc.oneof(
  // Picks lean on the nodes added here (a route moved into a group the role does not hold is the hard case).
  { arbitrary: fc.record({ kind: fc.constant('grant' as const), picks: fc.array(fc.record({ added: fc.boolean(), n: fc.nat() }), { maxLength: 30 }) }), weight: 3 },
  fc.record({ kind: fc.constant('add_route' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('add_button' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), node: fc.nat(), at: fc.nat() }),
  fc.record({ kind: fc.constant('remove' as const), node: fc.nat() }),
  fc.record({ kind: fc.constant('sort' as const), node: fc.nat(), sort: fc.integer({ min: -50, max: 2000 }) }),
);
type Op = typeof op extends fc.Arbitrary<infer O> ? O : never;

const nodes = () => rowsOf<MenuNode>(t.db, 'menus');
const held = () => new Set(valuesOf<number>(t.db, 'role_menus', 'menu_id', { role_id: AGENT_ROLE }, 'menu_id'));
const pick = <T,>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
const idsOf = (tree: readonly MenuItem[]): number[] => tree.flatMap((n) => [n.id, ...idsOf(n.children)]);
const keysOf = (tree: readonly MenuItem[], parent = ''): string[] =>
  tree.flatMap((n) => [...(n.path ? [n.type === 2 ? `${parent}:${n.path}` : n.path] : []), ...keysOf(n.children, n.path)]);

let made = 0;
/** Applies one edit; the model of the role's tree (`grants`) follows the answers. */
async function apply(o: Op, grants: Set<number>): Promise<void> {
  const all = nodes();
  const groups = all.filter((n) => n.type === 1 && n.path === '');
  const routes = all.filter((n) => n.type === 1 && n.path !== '');
  const custom = all.filter((n) => n.name.startsWith('prop_'));
  const childless = custom.filter((n) => !all.some((c) => c.parent_id === n.id));
  if (o.kind === 'grant') {
    const ids = o.picks.map((p) => (p.added ? pick(custom, p.n) : undefined) ?? pick(all, p.n)!).map((n) => n.id);
    const saved = ok<{ menu_ids: number[] }>(await t.call('role/update_menus', { id: AGENT_ROLE, menu_ids: ids }, tok.super));
    grants.clear();
    for (const id of saved.menu_ids) grants.add(id);
  } else if (o.kind === 'add_route') {
    ok(await t.call('menu/add', { parent_id: pick(groups, o.at)!.id, name: `prop_${++made}`, path: `prop_route_${made}` }, tok.super));
  } else if (o.kind === 'add_button') {
    ok(await t.call('menu/add', { parent_id: pick(routes, o.at)!.id, name: `prop_${++made}`, path: `prop_button_${made}`, type: 2 }, tok.super));
  } else if (o.kind === 'move') {
    const node = pick(custom, o.node);
    if (node) ok(await t.call('menu/update', { id: node.id, parent_id: pick(node.type === 2 ? routes : groups, o.at)!.id }, tok.super));
  } else if (o.kind === 'remove') {
    const node = pick(childless, o.node);
    if (node) {
      ok(await t.call('menu/remove', { ids: [node.id] }, tok.super));
      grants.delete(node.id);
    }
  } else {
    ok(await t.call('menu/update', { id: pick(all, o.node)!.id, sort: o.sort }, tok.super));
  }
}

/** What the agent's menu must show: held routes, the groups they sit in, held buttons of held routes. */
function expectedIds(grants: ReadonlySet<number>): number[] {
  const all = nodes();
  const byId = new Map(all.map((n) => [n.id, n]));
  const out = new Set<number>();
  for (const id of grants) {
    const n = byId.get(id)!;
    if (n.type === 1 && n.path !== '') {
      out.add(id);
      if (n.parent_id) out.add(n.parent_id);
    } else if (n.type === 2 && grants.has(n.parent_id)) out.add(id);
  }
  return [...out].sort((a, b) => a - b);
}

describe('property: menu and authority equal the role’s tree under role and menu edits', () => {
  it('holds over random sequences of edits', async () => {
    const grants = held();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const o of ops) {
          await apply(o, grants);
          // The role's tree is what was saved, less the nodes removed since.
          expect(held()).toEqual(grants);
          const { tree_menu_arr: tree } = ok<{ tree_menu_arr: MenuItem[] }>(await t.call('menu/token_menu', {}, tok.agent));
          expect(idsOf(tree).sort((a, b) => a - b)).toEqual(expectedIds(grants));
          // What the server allows (a key counts only with its route, as the access check reads it) = what the menu offers.
          const keys = t.services.users.permissionKeys(AGENT_ROLE);
          const allowed = [...keys].filter((k) => keys.has(k.split(':')[0]!));
          expect(new Set(keysOf(tree))).toEqual(new Set(allowed));
          for (const route of allowed.filter((k) => !k.includes(':'))) {
            expect(new Set(authorityFor(tree, route))).toEqual(new Set(allowed.filter((k) => k.startsWith(`${route}:`)).map((k) => k.slice(route.length + 1))));
          }
          expect((await t.call('bill/inquire', {}, tok.agent)).status === 200).toBe(keys.has('bill'));
        }
      }),
      {
        numRuns: 40,
        seed: 20261124,
        // The hard case, always tried: a held route of its own moved into a group the role does not hold.
        examples: [[[{ kind: 'add_route', at: 0 }, { kind: 'grant', picks: [{ added: true, n: 0 }] }, { kind: 'move', node: 0, at: 3 }]]],
      },
    );
  }, 120_000);
});
