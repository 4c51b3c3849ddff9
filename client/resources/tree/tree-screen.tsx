import { Button, Callout, Card, Classes, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenFrame, type ScreenFrameProps } from '../../components/screen-frame.tsx';
import { useUserMessage } from '../../components/use-user-message.ts';
import { ResourceForm } from '../components/resource-form.tsx';
import { useGrants, useResource } from '../use-resource.ts';
import type { TreeDecl } from './define-tree.ts';
import { NodePanel, treeLookups } from './node-panel.tsx';
import { buildTree, flatten } from './tree-model.ts';
import { TreeView } from './tree-view.tsx';
import styles from './tree.module.css';
import { Question } from '../../components/question.tsx';

/** Inside another screen (a dialog): no page heading, the lead and the add button above the tree. */
function EmbeddedFrame({ description, actions, children }: ScreenFrameProps) {
  return (
    <div className={styles.embedded}>
      <div className={styles.embeddedHead}>
        {description && <p className={Classes.TEXT_MUTED}>{description}</p>}
        {actions}
      </div>
      {children}
    </div>
  );
}

/**
 * A whole tree screen: the tree on the left, the chosen node's form beside it, add and remove confirmed.
 * `embedded`: a mode of another screen (shown in its dialog), without a page heading of its own. Default false.
 */
export function TreeScreen<Row extends { id: number }>({ decl: declared, embedded = false }: { decl: TreeDecl<Row>; embedded?: boolean }) {
  const { t, i18n } = useTranslation();
  // Titles with an i18n key show its text (the plain title when the key has none).
  const decl = useMemo<TreeDecl<Row>>(() => {
    const keyOf = declared.titleKeyOf;
    if (!keyOf) return declared;
    const titleOf = (row: Row, language: string) => (keyOf(row) ? t(keyOf(row), { defaultValue: declared.titleOf(row, language) }) : declared.titleOf(row, language));
    return { ...declared, titleOf };
  }, [declared, t]);
  const Frame = embedded ? EmbeddedFrame : ScreenFrame;
  const say = useUserMessage();
  const r = useResource(decl.resource);
  const can = useGrants();
  const { open, resetSave } = r;
  const [selected, setSelected] = useState<number | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [adding, setAdding] = useState<{ parent: Row | undefined } | null>(null);
  const [removing, setRemoving] = useState(false);
  useEffect(() => {
    open();
  }, [open]);

  const nodes = useMemo(() => buildTree(r.rows, decl), [r.rows, decl]);
  const node = flatten(nodes).find((n) => n.id === selected);
  // A node just added is the one to look at next.
  const added = r.state.lastSaved as { id?: number } | null;
  useEffect(() => {
    if (added?.id !== undefined) setSelected(added.id);
  }, [added]);

  const startAdding = (parent: Row | undefined) => {
    resetSave();
    setAdding({ parent });
  };
  const create = decl.resource.create;
  const list = r.state.list;
  const body =
    list.status === 'failed' && !r.rows.length ? (
      <NonIdealState
        icon="error"
        title={t('common.states.load_failed')}
        description={say(list.error)}
        action={<Button icon="refresh" text={t('common.actions.retry')} onClick={r.reload} />}
      />
    ) : list.status !== 'succeeded' && !r.rows.length ? (
      <NonIdealState icon={<Spinner />} title={t('common.states.loading')} />
    ) : (
      <div className={styles.layout}>
        <Card className={styles.treeCard}>
          <section aria-label={t(decl.resource.title ?? `menu.${decl.resource.name}`)}>
            {nodes.length ? (
              <TreeView
                decl={decl}
                nodes={nodes}
                selected={selected}
                collapsed={collapsed}
                onSelect={(id) => {
                  resetSave();
                  setSelected(id);
                }}
                onToggle={(id, isOpen) =>
                  setCollapsed((c) => new Set([...c].filter((x) => x !== id).concat(isOpen ? [] : [id])))
                }
              />
            ) : (
              <NonIdealState icon="diagram-tree" title={t('resource.empty.title')} />
            )}
          </section>
        </Card>
        <NodePanel
          decl={decl}
          nodes={nodes}
          node={node}
          save={r.state.save}
          lookupState={r.state.lookups}
          can={can}
          onSave={(b) => r.save('update', b)}
          onAddChild={() => startAdding(node?.row)}
          onRemove={() => setRemoving(true)}
        />
      </div>
    );

  return (
    <Frame
      title={t(decl.resource.title ?? `menu.${decl.resource.name}`)}
      description={decl.resource.description ? t(decl.resource.description) : undefined}
      actions={
        create &&
        can(create.button) && (
          <Button
            intent={Intent.PRIMARY}
            icon="add"
            text={t('resource.tree.add_top')}
            onClick={() => startAdding(undefined)}
          />
        )
      }
    >
      {r.total > r.rows.length && (
        <Callout intent={Intent.WARNING} style={{ marginBottom: 12 }}>
          {t('resource.tree.truncated', { shown: r.rows.length, total: r.total })}
        </Callout>
      )}
      {body}
      {adding && create && (
        <ResourceForm<Row>
          resource={decl.resource.name}
          form={create}
          mode="create"
          rows={adding.parent ? [adding.parent] : []}
          save={r.state.save}
          {...treeLookups(decl, nodes, r.state.lookups, i18n.language)}
          onSubmit={(b) => r.save('create', b)}
          onClose={() => setAdding(null)}
          title={
            adding.parent
              ? t('resource.tree.add_child_of', { name: decl.titleOf(adding.parent, i18n.language) })
              : t('resource.tree.add_top')
          }
        />
      )}
      <Question
        isOpen={removing && !!node}
        intent={Intent.DANGER}
        icon="trash"
        cancelButtonText={t('common.actions.cancel')}
        confirmButtonText={t('common.actions.remove')}
        onCancel={() => setRemoving(false)}
        onConfirm={() => {
          if (node) r.remove([node.id]);
          setRemoving(false);
        }}
      >
        <p>{node && t('resource.tree.confirm_remove', { name: decl.titleOf(node.row, i18n.language) })}</p>
      </Question>
    </Frame>
  );
}

/** A route's default export for a screen that is its tree declaration and nothing else. */
export function treeScreen<Row extends { id: number }>(decl: TreeDecl<Row>) {
  return function DeclaredTreeScreen() {
    return <TreeScreen decl={decl} />;
  };
}
