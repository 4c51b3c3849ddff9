import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { id, pageOf } from '../envelope.ts';
import { DisableFlag, MenuType, Platform, ShowStatus } from '../enums.ts';
import { menuNode } from './users-role.ts';

/**
 * The menu tree itself (spec §3 "Role": permission nodes with name, path, type, platform, icon, sort, show at
 * top, allow selection, language variable), edited by the super administrator in the role screen's "menu
 * nodes" mode (docs/decisions/2026-11-23-menu-nodes.md). Built-in nodes (the routes and buttons of
 * contracts/routes.ts, which access checks and the console's route table name) keep their path, type and
 * parent and are never removed; a node with children is never removed. A change pushes frame 23 to the online
 * users whose role holds the node.
 */
const nodeName = z.string({ error: 'validation.node_name_required' }).trim().min(1, 'validation.node_name_required').max(64);
const nodeFields = {
  /** 0: top level. */
  parent_id: z.int().min(0).max(2 ** 31 - 1).meta({ examples: [0] }),
  name: nodeName,
  /** A route name (type 1), a button name (type 2), or '' for a group. */
  path: z.string().trim().max(64).regex(/^[A-Za-z0-9_]*$/, 'validation.menu_path'),
  type: MenuType.schema,
  platform: Platform.schema,
  icon: z.string().trim().max(64),
  /** Larger first (§9). */
  sort: z.int().min(-1_000_000).max(1_000_000),
  /** Show at top: 1 no, 2 yes (the seeded nodes are 1). */
  show_headshot: DisableFlag.schema,
  /** Allow selection in a role's tree: 1 yes, 2 no (as show/hide; the seeded nodes are 1). */
  allow_select: ShowStatus.schema,
  /** i18n key of the label (`menu.<route>`); empty: the name is shown. */
  language_variables: z.string().trim().max(128),
};

export const menuList = defineCall({
  path: 'menu/list',
  summary: 'Every menu node as one page (up to 1,000, larger sort first) for the tree editor.',
  access: permission('role'),
  request: z.strictObject({ page: z.int().min(1).max(1).default(1), page_size: z.int().min(1).max(1000).default(1000) }),
  response: pageOf(menuNode),
});

export const menuAdd = defineCall({
  path: 'menu/add',
  summary: 'A new node under an existing one (or at the top); the super administrator role holds it at once.',
  access: permission('role', 'add'),
  request: z.strictObject({
    ...nodeFields,
    path: nodeFields.path.default(''),
    type: MenuType.schema.default(1),
    platform: Platform.schema.default(1),
    icon: nodeFields.icon.default(''),
    sort: nodeFields.sort.default(0),
    show_headshot: DisableFlag.schema.default(1),
    allow_select: ShowStatus.schema.default(1),
    language_variables: nodeFields.language_variables.default(''),
  }),
  response: menuNode,
});

export const menuUpdate = defineCall({
  path: 'menu/update',
  summary: "Change a node (only the fields sent); a new parent moves it, never under itself or its subtree. Built-in nodes keep path, type and parent.",
  access: permission('role', 'update'),
  request: z.strictObject({ id, ...z.object(nodeFields).partial().shape }),
  response: menuNode,
});

export const menuRemove = defineCall({
  path: 'menu/remove',
  summary: 'Remove nodes without children that are not built-in (409 naming ids otherwise); roles lose them. All or none.',
  access: permission('role', 'remove'),
  request: z.strictObject({ ids: z.array(id).min(1).max(100) }),
  response: z.object({ removed: z.int().min(0) }),
});

export const menuCalls = [menuList, menuAdd, menuUpdate, menuRemove] as const;
