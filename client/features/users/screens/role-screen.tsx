import { menuInquire, roleAdd, roleInquire, roleRemove, roleUpdate, roleUpdateMenus } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { MenuNodesDialog } from '../components/menu-nodes-dialog.tsx';
import { PermissionDialog, ROLE_LABELS } from '../components/permission-dialog.tsx';

/**
 * /customer/role (super administrators): roles, their names and remarks, each role's permission tree, and the
 * menu tree's nodes themselves (a toolbar mode: docs/decisions/2026-11-23-menu-nodes.md).
 */
export const roleResource = defineResource(roleInquire, (r) => ({
  name: 'role',
  description: `${ROLE_LABELS}.description`,
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { field: 'name', kind: 'text', builtIn: 'role' },
    { field: 'kind', kind: 'word', labels: `${ROLE_LABELS}.kinds` },
    { field: 'remarks', kind: 'text' },
    { field: 'users', kind: 'number' },
    { kind: 'custom', id: 'nodes', render: (row) => row.menu_ids.length, text: (row) => String(row.menu_ids.length) },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['name'],
  lookups: { menus: r.lookup(menuInquire) },
  create: r.form(roleAdd, { button: 'add', fields: ['name', { name: 'kind', optionLabels: `${ROLE_LABELS}.kinds` }, 'remarks'] }),
  update: r.form(roleUpdate, { button: 'update', fields: ['name', 'remarks'] }),
  remove: r.remove(roleRemove),
  actions: [
    { kind: 'dialog', id: 'menu_nodes', scope: 'toolbar', button: 'update', label: `${ROLE_LABELS}.actions.menu_nodes`, icon: 'diagram-tree', dialog: MenuNodesDialog },
    { kind: 'dialog', id: 'permissions', scope: 'row', button: 'update', label: `${ROLE_LABELS}.actions.permissions`, icon: 'key', dialog: PermissionDialog },
    // Never offered as a button: the permission dialog saves through it (the resource saga runs form actions).
    r.formAction(roleUpdateMenus, { id: 'menus', scope: 'row', button: 'update', label: `${ROLE_LABELS}.actions.permissions`, icon: 'key', visible: () => false, form: { fields: [] } }),
  ],
}));

export default resourceScreen(roleResource);
