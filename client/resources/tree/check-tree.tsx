import { Checkbox, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { useState, type ReactElement, type ReactNode } from 'react';
import { flatten, type TreeNodeOf } from './tree-model.ts';

/**
 * The tree kind with check boxes (a role's permission nodes): the same model (`buildTree`) shown with a box
 * per node. Checking a node checks everything below it, unchecking clears it; a parent with some of its
 * children checked shows the mixed state. The caller stores the checked ids (the server adds ancestors).
 */
export interface CheckTreeProps<Row> {
  readonly nodes: readonly TreeNodeOf<Row>[];
  readonly checked: ReadonlySet<number>;
  onChange(next: ReadonlySet<number>): void;
  labelOf(row: Row): ReactNode;
  /** Plain text of a node for its box's accessible name. */
  nameOf(row: Row): string;
  secondaryOf?(row: Row): ReactElement;
}

export function CheckTree<Row>({ nodes, checked, onChange, labelOf, nameOf, secondaryOf }: CheckTreeProps<Row>) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set(nodes.map((n) => n.id)));
  const toggle = (n: TreeNodeOf<Row>, on: boolean) => {
    const next = new Set(checked);
    for (const d of flatten([n])) if (on) next.add(d.id);
    else next.delete(d.id);
    onChange(next);
  };
  const toInfo = (n: TreeNodeOf<Row>): TreeNodeInfo<number> => {
    const below = flatten(n.children);
    const some = below.some((d) => checked.has(d.id));
    const all = below.every((d) => checked.has(d.id));
    const isChecked = checked.has(n.id) && all;
    const open = !collapsed.has(n.id);
    return {
      id: n.id,
      nodeData: n.id,
      label: (
        <Checkbox
          checked={isChecked}
          indeterminate={!isChecked && (checked.has(n.id) || some)}
          aria-label={nameOf(n.row)}
          labelElement={labelOf(n.row)}
          onChange={(e) => toggle(n, e.currentTarget.checked)}
          style={{ margin: 0 }}
        />
      ),
      isExpanded: open,
      hasCaret: n.children.length > 0,
      secondaryLabel: secondaryOf?.(n.row),
      childNodes: n.children.length ? n.children.map(toInfo) : undefined,
    };
  };
  const fold = (id: number, shut: boolean) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (shut) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <Tree<number>
      contents={nodes.map(toInfo)}
      onNodeExpand={(n) => fold(n.id as number, false)}
      onNodeCollapse={(n) => fold(n.id as number, true)}
    />
  );
}
