import { Tag, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TreeDecl } from './define-tree.ts';
import type { TreeNodeOf } from './tree-model.ts';
import styles from './tree.module.css';

export interface TreeViewProps<Row> {
  decl: TreeDecl<Row>;
  nodes: readonly TreeNodeOf<Row>[];
  selected: number | null;
  /** Ids the user folded; everything else is open. */
  collapsed: ReadonlySet<number>;
  onSelect(id: number): void;
  onToggle(id: number, open: boolean): void;
}

/** Blueprint's Tree over the built nodes: hidden ones dimmed and tagged, the sort value on the right. */
export function TreeView<Row>({ decl, nodes, selected, collapsed, onSelect, onToggle }: TreeViewProps<Row>) {
  const { t, i18n } = useTranslation();
  const toInfo = (n: TreeNodeOf<Row>): TreeNodeInfo<number> => {
    const hidden = decl.hidden?.(n.row) ?? false;
    const open = !collapsed.has(n.id);
    return {
      id: n.id,
      nodeData: n.id,
      // Blueprint's Tree rows take no focus: the label is the keyboard's way to choose a node.
      label: (
        <span
          role="button"
          tabIndex={0}
          aria-current={n.id === selected ? 'true' : undefined}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              onSelect(n.id);
            }
          }}
        >
          {decl.titleOf(n.row, i18n.language)}
        </span>
      ),
      className: hidden ? styles.hiddenNode : undefined,
      icon: n.children.length ? (open ? 'folder-open' : 'folder-close') : 'tag',
      isSelected: n.id === selected,
      isExpanded: open,
      hasCaret: n.children.length > 0,
      secondaryLabel: (
        <>
          {hidden && (
            <Tag minimal icon="eye-off" style={{ marginRight: 6 }}>
              {t('resource.tree.hidden')}
            </Tag>
          )}
          <span title={t('resource.tree.sort')}>{decl.sortOf(n.row)}</span>
        </>
      ),
      childNodes: n.children.length ? n.children.map(toInfo) : undefined,
    };
  };
  return (
    <Tree<number>
      contents={nodes.map(toInfo)}
      onNodeClick={(node) => onSelect(node.nodeData!)}
      onNodeExpand={(node) => onToggle(node.nodeData!, true)}
      onNodeCollapse={(node) => onToggle(node.nodeData!, false)}
    />
  );
}
