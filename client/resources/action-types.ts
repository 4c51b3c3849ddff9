import type { IconName, Intent } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import type { CallDef } from '../../contracts/index.ts';
import type { UserMessage } from '../state/message.ts';
import type { RowKey } from './list-types.ts';
import type { FormDecl } from './form-types.ts';

/** Deleting rows: always confirmed; `permanent` says it cannot be undone (danger wording). */
export interface RemoveDecl<Row = unknown> {
  readonly call: CallDef;
  readonly button: string;
  readonly permanent: boolean;
  body(ids: RowKey[], rows: Row[]): unknown;
  /** The question's own words (what the chosen rows are, what becomes of them); undoable unless `permanent`. */
  readonly confirm?: Omit<ConfirmDecl<Row>, 'undoable' | 'when'>;
}

/**
 * The question asked before an action, declared with it (client/resources/confirm.ts renders it): what is
 * done, to how many, for whom, how much, and whether it can be undone, formatted from the row(s). Deleting,
 * clearing and money actions declare one (tests/client/confirmations.test.ts); the bare 'normal' / 'danger'
 * ask the generic "<action>: apply to N records?".
 */
export interface ConfirmDecl<Row = unknown> {
  /** i18n key of the question (or the key chosen from the rows and the filled body: with codes or without, credit or refund); gets `count` (rows) and `vars`. */
  readonly text: string | ((rows: Row[], body: Record<string, unknown> | undefined) => string);
  /** The question's values from the rows (and, for a form action, the filled body): names, amounts, what. */
  vars?(rows: Row[], body: Record<string, unknown> | undefined): Record<string, string | number>;
  /** False: the question ends with "This cannot be undone." and its button is red. */
  readonly undoable: boolean;
  /** Ask only when this holds for the filled body (a form action asking for one choice only). Default: always. */
  when?(body: Record<string, unknown>): boolean;
}
/** How an action asks first: generically ('normal' / 'danger') or with its own declared question. */
export type ConfirmSpec<Row = unknown> = 'normal' | 'danger' | ConfirmDecl<Row>;

export interface ActionBase<Row> {
  readonly id: string;
  /** i18n key of the button text. */
  readonly label: string;
  readonly icon: IconName;
  /** Authority needed; absent = every user who sees the screen. */
  readonly button?: string;
  readonly intent?: Intent;
  /**
   * A row action shown with its words beside its icon: what the screen is for (buying a combo), not a tool on
   * a record whose name a hover would tell (a phone never hovers). Default false: an icon named by its tooltip.
   */
  readonly labelled?: boolean;
  /** Offered on a row only when this holds. Default: always. */
  visible?(row: Row): boolean;
}

/** An action that makes one call with the chosen rows, then reloads the list. */
export interface CallAction<Row> extends ActionBase<Row> {
  readonly kind: 'call';
  /** Where it is offered: on each row, on the selection, or both. */
  readonly scope: 'row' | 'bulk' | 'both';
  readonly call: CallDef;
  /** Ask first: its own question (ConfirmDecl), or 'danger' / 'normal' for the generic one. */
  readonly confirm?: ConfirmSpec<Row>;
  body(rows: Row[]): unknown;
}

/** Props of a screen's own dialog. */
export interface ActionDialogProps<Row> {
  /** The row it was opened on (absent for toolbar actions), or the selection for bulk ones. */
  readonly rows: Row[];
  readonly isOpen: boolean;
  onClose(): void;
  /** Reload the list (after the dialog changed something). */
  reload(): void;
}

/** An action that opens the screen's own dialog (QR preview, share settings…). */
export interface DialogAction<Row> extends ActionBase<Row> {
  readonly kind: 'dialog';
  readonly scope: 'row' | 'bulk' | 'toolbar';
  readonly dialog: ComponentType<ActionDialogProps<Row>>;
}

/**
 * An action that opens a generic form over another call for the chosen rows (change domain, batch update…),
 * or with no rows from the toolbar (clear the log older than N days).
 */
export interface FormAction<Row> extends ActionBase<Row> {
  readonly kind: 'form';
  readonly scope: 'row' | 'bulk' | 'both' | 'toolbar';
  readonly form: FormDecl<CallDef, Row>;
  /** Ask before sending the filled form: its own question (ConfirmDecl), or 'danger' / 'normal' generically. */
  readonly confirm?: ConfirmSpec<Row>;
  /**
   * Said in the form above its inputs: what it applies to and what becomes of it (this request of that user,
   * that amount, cannot be undone). Such a form IS its question and asks nothing more: `confirm` and `lead` are
   * exclusive (FormActionAsks), so nobody is asked twice.
   */
  lead?(rows: Row[]): UserMessage;
  /** The form's icon and submit button are the action's (Reject), not "Save". Default false. */
  readonly submitAsAction?: boolean;
}

/** How a form action asks: with its own lead (the form is the question) or a question after it, never both. */
export type FormActionAsks<Row> =
  | { readonly lead?: undefined; readonly confirm?: ConfirmSpec<Row> }
  | { lead(rows: Row[]): UserMessage; readonly confirm?: undefined };

export type ActionDecl<Row> = CallAction<Row> | DialogAction<Row> | FormAction<Row>;
