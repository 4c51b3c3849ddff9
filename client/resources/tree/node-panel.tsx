import { Button, Callout, H5, Intent, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { loaded, type Async, type Loadable } from '../../state/async.ts';
import { ResourceForm } from '../components/resource-form.tsx';
import type { LookupDecl } from '../types.ts';
import { TREE_PARENT_LOOKUP, type TreeDecl } from './define-tree.ts';
import { parentChoices, type TreeNodeOf } from './tree-model.ts';
import styles from './tree.module.css';

export interface NodePanelProps<Row> {
  decl: TreeDecl<Row>;
  nodes: readonly TreeNodeOf<Row>[];
  node: TreeNodeOf<Row> | undefined;
  save: Async;
  /** Answers of the declaration's lookups (resource state). */
  lookupState: Readonly<Record<string, Loadable<unknown>>>;
  can(button: string | undefined): boolean;
  onSave(body: unknown): void;
  onAddChild(): void;
  onRemove(): void;
}

/**
 * The forms' lookups: the declaration's own (loaded by the resource saga) plus the parent picker, whose choices
 * come from the tree itself for a form that moves `moving` (or adds anywhere).
 */
export function treeLookups<Row>(
  decl: TreeDecl<Row>,
  nodes: readonly TreeNodeOf<Row>[],
  loadedLookups: Readonly<Record<string, Loadable<unknown>>>,
  language: string,
  moving?: number,
) {
  const lookups: Record<string, LookupDecl> = {
    ...decl.resource.lookups,
    [TREE_PARENT_LOOKUP]: {
      call: decl.resource.list,
      body: {},
      options: () => parentChoices(nodes, (row) => decl.titleOf(row, language), moving),
    },
  };
  return { lookups, lookupState: { ...loadedLookups, [TREE_PARENT_LOOKUP]: loaded(null) } };
}

/** Beside the tree: the chosen node's edit form (moving = a new parent), add child, remove. */
export function NodePanel<Row>({
  decl,
  nodes,
  node,
  save,
  lookupState,
  can,
  onSave,
  onAddChild,
  onRemove,
}: NodePanelProps<Row>) {
  const { t, i18n } = useTranslation();
  const r = decl.resource;
  if (!node)
    return (
      <NonIdealState
        icon="diagram-tree"
        title={t('resource.tree.choose')}
        description={t('resource.tree.choose_hint')}
      />
    );
  const hasChildren = node.children.length > 0;
  const canUpdate = !!r.update && can(r.update.button);
  return (
    <div className={styles.panel}>
      <div className={styles.panelHead}>
        <H5 className={styles.panelTitle}>{decl.titleOf(node.row, i18n.language)}</H5>
        <div className={styles.panelActions}>
          {r.create && can(r.create.button) && (
            <Button icon="add" text={t('resource.tree.add_child')} onClick={onAddChild} />
          )}
          {r.remove && can(r.remove.button) && (
            <Button
              icon="trash"
              intent={Intent.DANGER}
              variant="outlined"
              text={t('common.actions.remove')}
              disabled={hasChildren}
              onClick={onRemove}
            />
          )}
        </div>
      </div>
      {hasChildren && r.remove && can(r.remove.button) && (
        <Callout compact icon="info-sign" intent={Intent.WARNING}>
          {t('resource.tree.remove_children_first', { count: node.children.length })}
        </Callout>
      )}
      {r.update && (
        <ResourceForm<Row>
          // A fresh form per node and per stored version of it (after a save or a reload).
          key={`${node.id}:${JSON.stringify(node.row)}`}
          resource={r.name}
          form={r.update}
          mode="update"
          rows={[node.row]}
          save={save}
          {...treeLookups(decl, nodes, lookupState, i18n.language, node.id)}
          onSubmit={onSave}
          onClose={() => {}}
          title={t('resource.form.update_title', { name: decl.titleOf(node.row, i18n.language) })}
          readOnly={!canUpdate}
          inline
        />
      )}
    </div>
  );
}
