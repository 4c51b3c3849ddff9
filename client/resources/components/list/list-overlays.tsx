import { Alert, Intent } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserMessage } from '../../../components/use-user-message.ts';
import { keyOf } from '../../define.ts';
import { labelsOf } from '../../fields.ts';
import type { ResourceDecl } from '../../types.ts';
import type { ResourceHandle } from '../../use-resource.ts';
import { ResourceForm } from '../resource-form.tsx';
import type { ListDialogs } from './use-list-dialogs.ts';

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
  // The rows a confirmation is about, for a declared question that names them.
  const confirmRows = confirming ? r.rows.filter((x) => confirming.keys.includes(keyOf(decl, x))) : [];
  const question = confirming?.kind === 'remove' ? decl.remove?.question : confirming?.kind === 'action' && confirming.action.kind === 'call' ? confirming.action.question : undefined;
  const common = { resource: decl.name, labels: labelsOf(decl), save: r.state.save, lookups: decl.lookups, lookupState: r.state.lookups, onClose: dialogs.closeForm };
  const form = editing?.mode === 'create' ? decl.create : editing?.mode === 'update' ? decl.update : undefined;
  // The row being edited as the list holds it now (a declared `details` call may have refreshed it).
  const editKey = editing?.mode === 'update' ? keyOf(decl, editing.row) : undefined;
  const editRow = editing?.mode === 'update' ? (r.rows.find((x) => keyOf(decl, x) === editKey) ?? editing.row) : undefined;
  // A form action declared with `confirm`: the filled body waits here for the answer to the question.
  const [pending, setPending] = useState<{ id: string; label: string; danger: boolean; body: unknown } | null>(null);

  return (
    <>
      {editing?.mode === 'action' ? (
        <ResourceForm
          {...common}
          form={editing.action.form}
          mode="create"
          rows={editing.rows}
          title={editing.action.scope === 'toolbar' ? t(editing.action.label) : `${t(editing.action.label)} · ${t('resource.selection.count', { count: editing.rows.length })}`}
          lead={editing.action.lead ? say(editing.action.lead(editing.rows)) : undefined}
          icon={editing.action.submitAsAction ? editing.action.icon : undefined}
          submitText={editing.action.submitAsAction ? t(editing.action.label) : undefined}
          onSubmit={(b) => {
            const a = editing.action;
            if (a.confirm) setPending({ id: a.id, label: a.label, danger: a.confirm === 'danger', body: b });
            else r.save({ action: a.id }, b);
          }}
        />
      ) : (
        editing &&
        form && (
          <ResourceForm
            {...common}
            key={decl.details && editRow ? JSON.stringify(editRow) : undefined}
            form={form}
            mode={editing.mode}
            rows={editRow ? [editRow] : []}
            onSubmit={(b) => r.save(editing.mode, b)}
          />
        )
      )}

      <Alert
        isOpen={confirming !== null}
        // A plain question (buy, approve, collect) is not a warning: only deletions and 'danger' actions are red.
        intent={confirming?.kind === 'action' && confirming.action.confirm !== 'danger' ? Intent.PRIMARY : Intent.DANGER}
        icon={confirming?.kind === 'remove' ? 'trash' : (confirming?.action.icon ?? 'warning-sign')}
        cancelButtonText={t('common.actions.cancel')}
        confirmButtonText={t(confirming?.kind === 'remove' ? 'common.actions.remove' : 'common.actions.confirm')}
        onCancel={() => dialogs.confirm(null)}
        onConfirm={() =>
          once(confirming, () => {
            if (confirming?.kind === 'remove') r.remove(confirming.keys);
            else if (confirming?.kind === 'action') r.runAction(confirming.action.id, confirming.keys);
            dialogs.confirm(null);
          })
        }
      >
        <p>
          {question && confirmRows.length
            ? say(question(confirmRows))
            : confirming?.kind === 'remove'
            ? t(decl.remove?.permanent ? 'resource.confirm.remove_permanent' : 'resource.confirm.remove', { count: confirming.keys.length })
            : confirming?.kind === 'action'
              ? t(confirming.action.confirm === 'danger' ? 'resource.confirm.action_danger' : 'resource.confirm.action', {
                  action: t(confirming.action.label),
                  count: confirming.keys.length,
                })
              : null}
        </p>
      </Alert>

      <Alert
        isOpen={pending !== null}
        intent={pending?.danger ? Intent.DANGER : Intent.PRIMARY}
        icon="warning-sign"
        cancelButtonText={t('common.actions.cancel')}
        confirmButtonText={t('common.actions.confirm')}
        onCancel={() => setPending(null)}
        onConfirm={() =>
          once(pending, () => {
            if (pending) r.save({ action: pending.id }, pending.body);
            setPending(null);
          })
        }
      >
        <p>{pending && t(pending.danger ? 'resource.confirm.form_danger' : 'resource.confirm.form', { action: t(pending.label) })}</p>
      </Alert>

      {dialog && <dialog.action.dialog rows={dialog.rows} isOpen onClose={dialogs.closeDialog} reload={r.reload} />}
    </>
  );
}
