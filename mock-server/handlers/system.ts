import { dayOf } from '../services/time.ts';
import type { MenuItem } from '../../contracts/index.ts';
import { language, languageListInquire } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Services } from '../compose.ts';

interface MenuRow extends Omit<MenuItem, 'children'> {
  parent_id: number;
}

const MENU_COLUMNS = 'm.id, m.parent_id, m.name, m.path, m.type, m.platform, m.icon, m.sort, m.show_headshot, m.language_variables';

/**
 * The role's menu as a tree; a group is kept only when it holds something the role has. A route granted
 * without its group (a tree editor may save a half-checked group as unchecked) still shows under its group:
 * the permission check allows it, so the menu must offer it. A button without its route stays hidden.
 */
function menuTree(services: Services, roleId: number): MenuItem[] {
  const rows = services.db
    .prepare(`SELECT ${MENU_COLUMNS} FROM menus m JOIN role_menus rm ON rm.menu_id = m.id WHERE rm.role_id = ?`)
    .all(roleId) as MenuRow[];
  const granted = new Set(rows.map((r) => r.id));
  const missingGroups = [
    ...new Set(rows.filter((r) => r.type === 1 && r.parent_id !== 0 && !granted.has(r.parent_id)).map((r) => r.parent_id)),
  ];
  if (missingGroups.length) {
    const groups = services.db
      .prepare(`SELECT ${MENU_COLUMNS} FROM menus m WHERE m.path = '' AND m.id IN (${missingGroups.map(() => '?').join(', ')})`)
      .all(...missingGroups) as MenuRow[];
    rows.push(...groups);
  }
  // Larger sort ranks higher (§9); children are pushed in this order below.
  rows.sort((a, b) => b.sort - a.sort || a.id - b.id);
  const nodes = new Map<number, MenuItem>();
  for (const { parent_id: _p, ...row } of rows) nodes.set(row.id, { ...row, type: row.type === 2 ? 2 : 1, children: [] });
  const roots: MenuItem[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = nodes.get(row.parent_id);
    if (parent) parent.children.push(node);
    else if (row.parent_id === 0) roots.push(node);
  }
  return roots.filter((n) => n.path !== '' || n.children.length > 0);
}

/** Shared catalogues read by public calls (no owner). */
const languages = defineResource({
  calls: { inquire: languageListInquire },
  row: language,
  table: 'languages',
  alias: 'l',
  filters: { show_status: 'eq' },
  orderBy: 'l.id',
});
export const systemHandlers = defineHandlers({
  'website_info/inquire': ({ services }) => {
    const info = services.settings.require('website_info');
    const sub = services.settings.require('subscriber_config_default');
    return { ...info, allow_register: sub.allow_register, register_prompt: sub.no_register_prompt, today: dayOf(services.clock.now()) };
  },

  ...languages.handlers,

  'menu/token_menu': ({ services, me }) => ({ tree_menu_arr: menuTree(services, me().role_id) }),

  ping: ({ body, services }) => ({ value: body.value, server_time: formatDateTime(services.clock.now()) }),
});
