import type { Database } from 'better-sqlite3';
import { menuAdd, menuList, menuNode, menuRemove, menuUpdate, ROUTES, type MenuNode } from '../../contracts/index.ts';
import { ApiError } from '../http/errors.ts';
import type { Services } from '../compose.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource, type EngineContext } from '../resources/define.ts';
import { pushMenuRefresh, rolesHolding } from '../users/menu-refresh.ts';

/**
 * The menu tree's nodes, edited by the super administrator (docs/decisions/2026-11-23-menu-nodes.md). Access
 * checks name routes and buttons by path, and the console's route table is contracts/routes.ts, so the nodes
 * made from it keep their path, type and parent and are never removed; everything else is free.
 */
const BUTTONS = new Map(ROUTES.map((r) => [r.name as string, new Set(r.buttons)]));

interface NodeAt {
  readonly id: number;
  readonly parent_id: number;
  readonly path: string;
  readonly type: number;
}
const nodeAt = (db: Database, id: number) =>
  db.prepare<[number], NodeAt>('SELECT id, parent_id, path, type FROM menus WHERE id = ?').get(id);

/** A node contracts/routes.ts defines: a route (type 1 named after one) or one of its buttons (type 2 under it). */
function isBuiltin(db: Database, node: NodeAt): boolean {
  if (node.type === 1) return BUTTONS.has(node.path);
  const parent = nodeAt(db, node.parent_id);
  return !!parent && parent.type === 1 && !!BUTTONS.get(parent.path)?.has(node.path);
}

const refuse = (status: number, key: string, field: string) => new ApiError(status, key, { field });

/** The new parent exists (or is 0) and is neither the node nor below it. */
function checkParent(db: Database, parentId: number, moving?: number): void {
  if (parentId === 0) return;
  if (!nodeAt(db, parentId)) throw refuse(400, 'errors.menu_parent_unknown', 'parent_id');
  const up = db.prepare<[number], number>('SELECT parent_id FROM menus WHERE id = ?').pluck();
  const seen = new Set<number>();
  for (let at: number | undefined = parentId; at && !seen.has(at); at = up.get(at)) {
    if (at === moving) throw refuse(400, 'errors.menu_parent_cycle', 'parent_id');
    seen.add(at);
  }
}

/**
 * The tree's shape, as the menu and the access check read it: a group (type 1, no path) at the top, a route
 * (type 1 with a path) at the top or in a group, a button (type 2) under a route. Anything else would show in
 * one and not the other (a route inside a hidden branch, a button under a button).
 */
function checkShape(db: Database, node: { type: number; path: string; parent_id: number }): void {
  const parent = node.parent_id ? nodeAt(db, node.parent_id) : undefined;
  const fits =
    node.type === 2 ? parent?.type === 1 && parent.path !== '' : node.path === '' ? !parent : !parent || (parent.type === 1 && parent.path === '');
  if (!fits) throw refuse(400, 'errors.menu_parent_kind', 'parent_id');
}

/** A route's path belongs to its built-in node: a second node with it would be built-in too (and undeletable). */
function checkPath(body: { path?: string; type?: number }, type: number): void {
  if ((body.type ?? type) === 1 && body.path && BUTTONS.has(body.path)) throw refuse(409, 'errors.value_taken', 'path');
}

const nodes = defineResource({
  calls: { inquire: menuList, add: menuAdd, update: menuUpdate, remove: menuRemove },
  row: menuNode,
  table: 'menus',
  alias: 'm',
  select: 'm.id, m.parent_id, m.name, m.path, m.type, m.platform, m.icon, m.sort, m.show_headshot, m.allow_select, m.language_variables',
  orderBy: 'm.sort DESC, m.id',
  rules: {
    add: ({ body, services }) => {
      checkPath(body, body.type);
      checkParent(services.db, body.parent_id);
      checkShape(services.db, body);
    },
    // The super administrator role holds every node, new ones too (nobody can be locked out of a node).
    added: ({ services }, id) => {
      services.db.prepare("INSERT INTO role_menus (role_id, menu_id) SELECT id, ? FROM roles WHERE kind = 'super_admin'").run(id);
    },
    update: (ctx, found) => {
      const { body } = ctx;
      const { db } = ctx.services;
      const node = found.row as MenuNode;
      if (isBuiltin(db, node)) {
        for (const field of ['path', 'type', 'parent_id'] as const) {
          if (body[field] !== undefined && body[field] !== node[field]) throw refuse(409, 'errors.menu_builtin', field);
        }
      } else checkPath(body, node.type);
      if (body.parent_id !== undefined) checkParent(db, body.parent_id, body.id);
      // A node with children keeps what they hang on (a group stays a group, a route a route).
      const hasChildren = db.prepare('SELECT 1 FROM menus WHERE parent_id = ? LIMIT 1').get(body.id) !== undefined;
      for (const field of ['type', 'path'] as const) {
        if (hasChildren && body[field] !== undefined && body[field] !== node[field]) throw refuse(409, 'errors.menu_has_children', field);
      }
      checkShape(db, { type: body.type ?? node.type, path: body.path ?? node.path, parent_id: body.parent_id ?? node.parent_id });
    },
    // Checked before the rows go; the roles that held the nodes are read first (their grants go with them).
    removing: ({ services }, found) => {
      const { db } = services;
      const removing = new Set(found.map((f) => f.id));
      const child = db.prepare<[number], number>('SELECT id FROM menus WHERE parent_id = ?').pluck();
      for (const f of found) {
        if (isBuiltin(db, f.row as MenuNode)) throw refuse(409, 'errors.menu_builtin', 'ids');
        if (child.all(f.id).some((c) => !removing.has(c))) throw refuse(409, 'errors.menu_has_children', 'ids');
      }
      const roles = rolesHolding(services, [...removing]);
      return () => pushMenuRefresh(services, roles);
    },
    // The consoles of the roles holding a changed node fetch their menu again.
    committed: {
      add: ({ services }, row) => pushMenuRefresh(services, rolesHolding(services, [(row as MenuNode).id])),
      // Its one annotated parameter names the services every menu rule sees (realtime for the pushes).
      update: ({ body, services }: EngineContext<typeof menuUpdate, Services>) => pushMenuRefresh(services, rolesHolding(services, [body.id])),
    },
  },
});

export const menuHandlers = defineHandlers(nodes.handlers);
