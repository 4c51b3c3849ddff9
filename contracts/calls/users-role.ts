import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, emptyRequest, id, listRequest, pageOf } from '../envelope.ts';
import { MenuType, Platform } from '../enums.ts';

/**
 * Roles and their permission trees (spec §3 "Role", §6): a role holds menu nodes (type 1 navigation, type 2
 * page buttons). Saving a role's nodes drops the permission cache and pushes frame 23 to its online users, so
 * their menu and buttons change without a re-login.
 */
export const RoleKind = z.enum(['super_admin', 'admin', 'agent', 'customer']);

export const role = z.object({
  id,
  name: z.string(),
  /** What the role is for (home pages, rank): nobody grants a role of a higher kind than their own. */
  kind: RoleKind,
  remarks: z.string(),
  create_time: dateTime,
  /** Menu nodes the role holds. */
  menu_ids: z.array(id),
  /** Live users holding the role. */
  users: z.int().min(0),
});
export type Role = z.infer<typeof role>;

const roleName = z.string({ error: 'validation.role_name_required' }).trim().min(1, 'validation.role_name_required').max(64);
const remarks = z.string().trim().max(255);

export const roleInquire = defineCall({
  path: 'role/inquire',
  summary: 'Roles with their menu node ids and how many live users hold each; filter by name (contains).',
  access: permission('role'),
  request: listRequest({ name: z.string().max(64).optional() }),
  response: pageOf(role),
});

export const roleAdd = defineCall({
  path: 'role/add',
  summary: 'A new role without nodes (§5: the name may not be empty; names are unique).',
  access: permission('role', 'add'),
  request: z.strictObject({ name: roleName, kind: RoleKind.default('customer'), remarks: remarks.default('') }),
  response: role,
});

export const roleUpdate = defineCall({
  path: 'role/update',
  summary: "Rename a role or change its remarks (its kind stays: users' standing depends on it).",
  access: permission('role', 'update'),
  request: z.strictObject({ id, name: roleName.optional(), remarks: remarks.optional() }),
  response: role,
});

export const roleRemove = defineCall({
  path: 'role/remove',
  summary: 'Remove roles no live user holds (409 naming ids otherwise); the seeded four stay. All or none.',
  access: permission('role', 'remove'),
  request: z.strictObject({ ids: z.array(id).min(1).max(100) }),
  response: z.object({ removed: z.int().min(0) }),
});

export const roleUpdateMenus = defineCall({
  path: 'role/update_menus',
  summary:
    "Set a role's menu nodes (the whole set). A button needs its route, a route its group: missing ancestors are " +
    "added. The super administrator role always holds every node. Pushes frame 23 to the role's online users.",
  access: permission('role', 'update'),
  request: z.strictObject({ id, menu_ids: z.array(id).max(2000) }),
  response: z.object({ menu_ids: z.array(id), pushed: z.int().min(0) }),
});

export const menuNode = z.object({
  id,
  parent_id: z.int().min(0),
  name: z.string(),
  path: z.string(),
  type: MenuType.schema,
  platform: Platform.schema,
  icon: z.string(),
  sort: z.int(),
  show_headshot: z.int(),
  allow_select: z.int(),
  language_variables: z.string(),
});
export type MenuNode = z.infer<typeof menuNode>;

export const menuInquire = defineCall({
  path: 'menu/inquire',
  summary: 'Every menu node, flat (parent_id 0 = top level), larger sort first: what the permission tree offers.',
  access: permission('role'),
  request: emptyRequest,
  response: z.array(menuNode),
});

export const roleCalls = [roleInquire, roleAdd, roleUpdate, roleRemove, roleUpdateMenus, menuInquire] as const;
