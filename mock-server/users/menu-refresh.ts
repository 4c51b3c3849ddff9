import { FrameType } from '../../contracts/index.ts';
import type { Database } from 'better-sqlite3';

/** What the menu refresh reads and pushes with (the narrow part of the services). */
interface MenuRefreshDeps {
  readonly db: Database;
  readonly realtime: { push(userId: number, type: number, data?: unknown): number };
}

/** Roles holding any of the menu nodes (whose users' menus a change of those nodes alters). */
export function rolesHolding(services: Pick<MenuRefreshDeps, 'db'>, menuIds: readonly number[]): number[] {
  if (!menuIds.length) return [];
  return services.db
    .prepare<number[], number>(`SELECT DISTINCT role_id FROM role_menus WHERE menu_id IN (${menuIds.map(() => '?').join(', ')})`)
    .pluck()
    .all(...menuIds);
}

/**
 * Frame 23 (no data) to every online user of the roles: their console fetches `menu/token_menu` again, so
 * menu and buttons change without a reload. Answers how many sockets got it. Call after the commit.
 */
export function pushMenuRefresh(services: MenuRefreshDeps, roleIds: readonly number[]): number {
  const users = services.db.prepare<[number], number>('SELECT id FROM users WHERE role_id = ? AND status = 1').pluck();
  let pushed = 0;
  for (const roleId of new Set(roleIds)) for (const id of users.all(roleId)) pushed += services.realtime.push(id, FrameType.values.menu_refresh);
  return pushed;
}
