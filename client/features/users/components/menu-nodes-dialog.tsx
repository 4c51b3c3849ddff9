import { Dialog, DialogBody } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { menuAdd, menuList, menuRemove, menuUpdate, ShowStatus, type Role } from '../../../../contracts/index.ts';
import { resourceByName } from '../../../resources/define.ts';
import { defineTree } from '../../../resources/tree/define-tree.ts';
import { TreeScreen } from '../../../resources/tree/tree-screen.tsx';
import type { ActionDialogProps, ResourceDecl } from '../../../resources/types.ts';
import { useResource } from '../../../resources/use-resource.ts';

const L = 'resources.menu_nodes';

const FIELDS = [
  'name',
  'parent_id',
  'path',
  'type',
  'platform',
  'icon',
  'sort',
  { name: 'show_headshot', kind: 'switch', on: 2 },
  { name: 'allow_select', kind: 'switch', on: 1 },
  'language_variables',
] as const;

/**
 * The menu tree's nodes (menu/*), a mode of the role screen: the tree kind over every node, built-in ones
 * labelled by their language variable. Not selectable nodes are shown dimmed.
 */
export const menuNodesTree = defineTree(menuList, (r) => ({
  name: 'menu_nodes',
  label: `${L}.title`,
  description: `${L}.description`,
  title: 'name',
  titleKey: 'language_variables',
  parent: 'parent_id',
  sort: 'sort',
  pageSize: 1000,
  hidden: (row) => row.allow_select === ShowStatus.values.hide,
  create: r.form(menuAdd, { button: 'add', fields: FIELDS }),
  update: r.form(menuUpdate, { button: 'update', fields: FIELDS }),
  remove: r.remove(menuRemove),
}));

/** Opened from the role screen's toolbar; closing reads the role screen again (its permission trees name the nodes). */
export function MenuNodesDialog({ isOpen, onClose }: ActionDialogProps<Role>) {
  const { t } = useTranslation();
  const roles = useResource(resourceByName('role') as ResourceDecl<Role>);
  const close = () => {
    onClose();
    roles.open();
  };
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t(`${L}.title`)} icon="diagram-tree" style={{ width: 'min(1100px, 94vw)' }}>
      <DialogBody>{isOpen && <TreeScreen decl={menuNodesTree} embedded />}</DialogBody>
    </Dialog>
  );
}
