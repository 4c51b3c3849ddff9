import { Intent } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserMessage } from '../../../components/use-user-message.ts';
import { asksFor, questionOf, removalQuestion } from '../../confirm.ts';
import { keyOf } from '../../define.ts';
import { labelsOf } from '../../fields.ts';
import type { FormAction, ResourceDecl } from '../../types.ts';
import type { ResourceHandle } from '../../use-resource.ts';
import { ResourceForm } from '../resource-form.tsx';
import type { ListDialogs } from './use-list-dialogs.ts';
import { Question } from '../../../components/question.tsx';

export interface ListOverlaysProps<Row> {
  decl: ResourceDecl<Row>;
  r: ResourceHandle<Row>;
  dialogs: ListDialogs<Row>;
}

/** The list's overlays: the create/edit/action form, the confirmation, and a screen's own dialog. */
export function ListOverlays<Row>({ decl, r, dialogs }: ListOverlaysProps<Row>) {
  const { t } = useTranslation();
  const say = useUserMessage();
  const { editing, confirming, dialog } = dialogs;
  // One answer per question: a double click on "Confirm" (or Enter held down) must not start two jobs, as the
  // Alert stays clickable while it fades out. Reset whenever a new question opens.
  const answered = useRef<unknown>(null);
  const once = (question: unknown, run: () => void) => {
    if (!question || answered.current === question) return;
    answered.current = question;
    run();
  };
  const common = {
    resource: decl.name,
    labels: labelsOf(decl),
    save: r.state.save,
    lookups: decl.lookups,
    lookupState: r.state.lookups,
    onClose: dialogs.closeForm,
  };
  const form =
    editing?.mode === 'create' ? decl.create : editing?.mode === 'update' ? decl.update : undefined;
  // The row being edited as the list holds it now (a declared `details` call may have refreshed it).
  const editKey = editing?.mode === 'update' ? keyOf(decl, editing.row) : undefined;
  const editRow =
    editing?.mode === 'update' ? (r.rows.find((x) => keyOf(decl, x) === editKey) ?? editing.row) : undefined;
  // A declared `details` read restarts the form from the server's row; the save's own answer (which also
  // refreshes the row) must not: a form started anew has forgotten it was sent, and stayed open on success.
  const liveKey = decl.details && editRow ? JSON.stringify(editRow) : undefined;
  const [formKey, setFormKey] = useState(liveKey);
  const saveStatus = r.state.save.status;
  useEffect(() => {
    if (saveStatus === 'idle') setFormKey(liveKey);
  }, [liveKey, saveStatus]);
  // A form action declared with `confirm`: the filled body waits here for the answer to the question.
  const [pending, setPending] = useState<{
    action: FormAction<Row>;
    rows: Row[];
    body: Record<string, unknown>;
  } | null>(null);
  // The rows a question is about, as the list holds them (its question is worded from them).
  const rowsOf = (keys: readonly unknown[]) => r.rows.filter((x) => keys.includes(keyOf(decl, x)));
  // Generic questions name the rows they are about (confirm.ts rowNames), from the list's own columns.
  const asked =
    confirming?.kind === 'action' && confirming.action.confirm
      ? questionOf(t, confirming.action.confirm, confirming.action, rowsOf(confirming.keys), undefined, decl.columns)
      : confirming?.kind === 'remove' && decl.remove?.confirm
        ? questionOf(t, { ...decl.remove.confirm, undoable: !decl.remove.permanent }, { label: decl.remove.button }, rowsOf(confirming.keys))
        : confirming?.kind === 'remove'
          ? removalQuestion(t, decl.columns, rowsOf(confirming.keys), confirming.keys.length, decl.remove?.permanent ?? false)
          : null;
  const pendingQuestion = pending?.action.confirm
    ? questionOf(t, pending.action.confirm, pending.action, pending.rows, pending.body)
    : null;

  return (
    <>
      {editing?.mode === 'action' ? (
        <ResourceForm
          {...common}
          form={editing.action.form}
          mode="create"
          rows={editing.rows}
          title={
            editing.action.scope === 'toolbar'
              ? t(editing.action.label)
              : `${t(editing.action.label)} · ${t('resource.selection.count', { count: editing.rows.length })}`
          }
          lead={editing.action.lead ? say(editing.action.lead(editing.rows)) : undefined}
          icon={editing.action.submitAsAction ? editing.action.icon : undefined}
          submitText={editing.action.submitAsAction ? t(editing.action.label) : undefined}
          onSubmit={(b) => {
            const a = editing.action;
            const body = (b ?? {}) as Record<string, unknown>;
            if (asksFor(a.confirm, body)) setPending({ action: a, rows: editing.rows, body });
            else r.save({ action: a.id }, b);
          }}
        />
      ) : (
        editing &&
        form && (
          <ResourceForm
            {...common}
            key={formKey}
            form={form}
            mode={editing.mode}
            rows={editRow ? [editRow] : []}
            onSubmit={(b) => r.save(editing.mode, b)}
          />
        )
      )}

      <Question
        isOpen={confirming !== null}
        intent={asked?.danger === false ? Intent.PRIMARY : Intent.DANGER}
        icon={confirming?.kind === 'remove' ? 'trash' : (confirming?.action.icon ?? 'warning-sign')}
        cancelButtonText={t('common.actions.cancel')}
        confirmButtonText={t(
          confirming?.kind === 'remove' ? 'common.actions.remove' : 'common.actions.confirm',
        )}
        onCancel={() => dialogs.confirm(null)}
        onConfirm={() =>
          once(confirming, () => {
            if (confirming?.kind === 'remove') r.remove(confirming.keys);
            else if (confirming?.kind === 'action') r.runAction(confirming.action.id, confirming.keys);
            dialogs.confirm(null);
          })
        }
      >
        <p>{asked?.text}</p>
      </Question>

      {/* Mounted only while asking: Blueprint keeps an overlay's portal once opened, and the action form's
          dialog (mounted anew each time it opens) would then be stacked above it, hiding the question's
          buttons from the second form of a screen on. Mounted now, its portal comes after the form's. */}
      {pending && (
        <Question
          isOpen
          intent={pendingQuestion?.danger ? Intent.DANGER : Intent.PRIMARY}
          icon="warning-sign"
          cancelButtonText={t('common.actions.cancel')}
          confirmButtonText={t('common.actions.confirm')}
          onCancel={() => setPending(null)}
          onConfirm={() =>
            once(pending, () => {
              if (pending) r.save({ action: pending.action.id }, pending.body);
              setPending(null);
            })
          }
        >
          <p>{pendingQuestion?.text}</p>
        </Question>
      )}

      {dialog && (
        <dialog.action.dialog rows={dialog.rows} isOpen onClose={dialogs.closeDialog} reload={r.reload} />
      )}
    </>
  );
}
