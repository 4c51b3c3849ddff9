import type { Database } from 'better-sqlite3';
import { role, roleAdd, type MenuNode, roleInquire, roleRemove, roleUpdate, type Role } from '../../contracts/index.ts';
import { ApiError } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';
import { rankOf } from '../users/guards.ts';
import { pushMenuRefresh } from '../users/menu-refresh.ts';

/** The seeded roles (fixtures/seed/roles.ts) the product relies on: never removed. */
const SEEDED_ROLES = 4;

/** The menu ids of roles, read in one statement per page. */
function withMenus(rows: Omit<Role, 'menu_ids'>[], db: Database): Role[] {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const grants = db
    .prepare<number[], { role_id: number; menu_id: number }>(
      `SELECT role_id, menu_id FROM role_menus WHERE role_id IN (${ids.map(() => '?').join(', ')}) ORDER BY menu_id`,
    )
    .all(...ids);
  return rows.map((r) => ({ ...r, menu_ids: grants.filter((g) => g.role_id === r.id).map((g) => g.menu_id) }));
}

const roles = defineResource({
  calls: { inquire: roleInquire, add: roleAdd, update: roleUpdate, remove: roleRemove },
  row: role.omit({ menu_ids: true }),
  table: 'roles',
  alias: 'r',
  select: `r.id, r.name, r.kind, r.remarks, r.create_time,
    (SELECT COUNT(*) FROM users u WHERE u.role_id = r.id AND u.status = 1) AS users`,
  filters: { name: 'like' },
  orderBy: 'r.id',
  unique: [{ column: 'name', message: 'errors.name_taken' }],
  created: 'create_time',
  present: withMenus,
  rules: {
    add: ({ body, me }) => {
      if (rankOf(body.kind) > rankOf(me().role_kind)) throw new ApiError(400, 'errors.role_above_own', { field: 'kind' });
    },
    // Before the delete (after it, a held role's foreign key would refuse first).
    removing: (_ctx, found) => {
      for (const f of found) {
        if (f.id <= SEEDED_ROLES) throw new ApiError(409, 'errors.role_seeded', { field: 'ids' });
        if (f.row.users > 0) throw new ApiError(409, 'errors.role_in_use', { field: 'ids' });
      }
    },
  },
});

/** The nodes to store: those asked plus every ancestor (a button needs its route, a route its group). */
function closedUnderParents(db: Database, asked: readonly number[]): number[] {
  const parents = new Map(db.prepare<[], { id: number; parent_id: number }>('SELECT id, parent_id FROM menus').all().map((m) => [m.id, m.parent_id]));
  const out = new Set<number>();
  for (const id of asked) {
    if (!parents.has(id)) throw new ApiError(400, 'errors.menu_unknown', { field: 'menu_ids' });
    for (let at: number | undefined = id; at && !out.has(at); at = parents.get(at)) out.add(at);
  }
  return [...out].sort((a, b) => a - b);
}

export const roleHandlers = defineHandlers({
  ...roles.handlers,

  'role/update_menus': ({ body, services }) => {
    const { db } = services;
    const target = roles.find(db, body.id, undefined).row;
    if (target.kind === 'super_admin') throw new ApiError(409, 'errors.role_super_menus', { field: 'id' });
    const menuIds = closedUnderParents(db, body.menu_ids);
    db.transaction(() => {
      db.prepare('DELETE FROM role_menus WHERE role_id = ?').run(body.id);
      const insert = db.prepare('INSERT INTO role_menus (role_id, menu_id) VALUES (?, ?)');
      for (const m of menuIds) insert.run(body.id, m);
    })();
    // The TEMP triggers already dropped the cache; the explicit call keeps this true if they ever go.
    services.users.invalidatePermissions();
    return { menu_ids: menuIds, pushed: pushMenuRefresh(services, [body.id]) };
  },

  'menu/inquire': ({ services }) =>
    services.db
      .prepare<[], MenuNode>(
        `SELECT id, parent_id, name, path, type, platform, icon, sort, show_headshot, allow_select, language_variables
         FROM menus ORDER BY sort DESC, id`,
      )
      .all(),
});
