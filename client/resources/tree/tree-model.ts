/** A node of the tree built from flat rows (`id`, a parent id; 0 or a missing parent = top level). */
export interface TreeNodeOf<Row> {
  readonly id: number;
  readonly row: Row;
  readonly depth: number;
  readonly children: readonly TreeNodeOf<Row>[];
}

export interface TreeFields<Row> {
  parentOf(row: Row): number;
  /** Larger first among siblings (spec §9), then by id. */
  sortOf(row: Row): number;
}

/** Rows → a forest, siblings larger sort first. A row whose parent is not listed sits at the top level. */
export function buildTree<Row extends { id: number }>(
  rows: readonly Row[],
  f: TreeFields<Row>,
): TreeNodeOf<Row>[] {
  const ids = new Set(rows.map((r) => r.id));
  const kids = new Map<number, Row[]>();
  for (const r of rows) {
    const p = ids.has(f.parentOf(r)) && f.parentOf(r) !== r.id ? f.parentOf(r) : 0;
    kids.set(p, [...(kids.get(p) ?? []), r]);
  }
  const seen = new Set<number>();
  const level = (parent: number, depth: number): TreeNodeOf<Row>[] =>
    (kids.get(parent) ?? [])
      .filter((r) => !seen.has(r.id) && seen.add(r.id))
      .sort((a, b) => f.sortOf(b) - f.sortOf(a) || a.id - b.id)
      .map((row) => ({ id: row.id, row, depth, children: level(row.id, depth + 1) }));
  return level(0, 0);
}

/** Every node, parents before children, in display order. */
export function flatten<Row>(nodes: readonly TreeNodeOf<Row>[]): TreeNodeOf<Row>[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** The node's id and all ids below it (what a move may not take as the new parent). */
export function subtreeIds<Row>(nodes: readonly TreeNodeOf<Row>[], id: number): Set<number> {
  const node = flatten(nodes).find((n) => n.id === id);
  return new Set(node ? flatten([node]).map((n) => n.id) : []);
}

export interface ParentChoice {
  readonly value: number;
  readonly label?: string;
  readonly labelKey?: string;
}

/** Parents a node may move under: the top level, then every node but itself and its descendants, indented. */
export function parentChoices<Row>(
  nodes: readonly TreeNodeOf<Row>[],
  titleOf: (row: Row) => string,
  moving?: number,
): ParentChoice[] {
  const excluded = moving === undefined ? new Set<number>() : subtreeIds(nodes, moving);
  return [
    { value: 0, labelKey: 'resource.tree.top_level' },
    ...flatten(nodes)
      .filter((n) => !excluded.has(n.id))
      .map((n) => ({ value: n.id, label: `${'\u2003'.repeat(n.depth)}${titleOf(n.row)}` })),
  ];
}
