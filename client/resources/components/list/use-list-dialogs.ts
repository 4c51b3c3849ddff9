import { useCallback, useState } from 'react';
import type { ActionDecl, CallAction, DialogAction, FormAction, RowKey } from '../../types.ts';
import { keyOf } from '../../define.ts';
import type { ResourceHandle } from '../../use-resource.ts';

/** A question before something is done: deleting rows, or an action declared with `confirm`. */
export type Confirming = { kind: 'remove'; keys: RowKey[] } | { kind: 'action'; action: CallAction<unknown>; keys: RowKey[]; rows: unknown[] } | null;
/** The generic form on screen: new row, one row's edit, or a form action over some rows. */
export type Editing<Row> = { mode: 'create' } | { mode: 'update'; row: Row } | { mode: 'action'; action: FormAction<Row>; rows: Row[] } | null;
/** A screen's own dialog on screen, with the rows it was opened on. */
export type OpenDialog<Row> = { action: DialogAction<Row>; rows: Row[] } | null;

export interface ListDialogs<Row> {
  readonly editing: Editing<Row>;
  readonly confirming: Confirming;
  readonly dialog: OpenDialog<Row>;
  startEdit(next: Exclude<Editing<Row>, null>): void;
  closeForm(): void;
  confirm(next: Confirming): void;
  openDialog(action: DialogAction<Row>, rows: Row[]): void;
  closeDialog(): void;
  /** An action on some rows: its dialog, its form, its question, or straight away. */
  run(action: ActionDecl<Row>, keys: RowKey[]): void;
}

/** Which overlay of the list is open (one at a time) and how each action gets there. */
export function useListDialogs<Row>(r: ResourceHandle<Row>, rowsByKey: (keys: readonly RowKey[]) => Row[]): ListDialogs<Row> {
  const [editing, setEditing] = useState<Editing<Row>>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [dialog, setDialog] = useState<OpenDialog<Row>>(null);
  const { resetSave } = r;
  const closeForm = useCallback(() => {
    setEditing(null);
    resetSave();
  }, [resetSave]);
  const startEdit = (next: Exclude<Editing<Row>, null>) => {
    resetSave();
    setEditing(next);
    // A declared `details` call refreshes the row the form starts from.
    if (next.mode === 'update' && r.decl.details) r.refreshRow(keyOf(r.decl, next.row));
  };
  return {
    editing,
    confirming,
    dialog,
    startEdit,
    closeForm,
    confirm: setConfirming,
    openDialog: (action, rows) => setDialog({ action, rows }),
    closeDialog: () => setDialog(null),
    run(a, keys) {
      if (a.kind === 'dialog') setDialog({ action: a, rows: rowsByKey(keys) });
      else if (a.kind === 'form') startEdit({ mode: 'action', action: a, rows: rowsByKey(keys) });
      else if (a.confirm) setConfirming({ kind: 'action', action: a as CallAction<unknown>, keys, rows: rowsByKey(keys) });
      else r.runAction(a.id, keys);
    },
  };
}
