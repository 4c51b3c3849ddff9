import type { IconName, Intent } from '@blueprintjs/core';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { CallDef, PayConfig, RequestOf, ResponseOf, UserInfo } from '../../contracts/index.ts';
import type { EnumInfo as AnyEnum } from '../../contracts/index.ts';
import type { UserMessage } from '../state/message.ts';
import type { FieldKind, FieldOption } from './schema-fields.ts';

/** A list call: any call answering `{ content: Row[], total }` (contracts' `pageOf`). */
export type ListCall = CallDef<string, z.ZodType, z.ZodType<{ content: unknown[]; total: number }>>;
export type RowOf<L extends ListCall> = ResponseOf<L>['content'][number];
/** Keys of a request body, as strings (any string for an unspecified call). */
export type BodyKey<C extends CallDef> = unknown extends RequestOf<C> ? string : Extract<keyof RequestOf<C>, string>;
export type FilterKey<L extends ListCall> = Exclude<BodyKey<L>, 'page' | 'page_size'>;
export type RowKey = string | number;

interface ColumnBase {
  /** i18n key of the header. Default `resources.<resource>.fields.<field>` (custom: `.<id>`). */
  readonly label?: string;
  /** Sortable by clicking the header. Default true for field columns, false for custom ones. */
  readonly sortable?: boolean;
  /** Hidden until chosen in the column chooser. Default false. */
  readonly hiddenByDefault?: boolean;
  /** Fixed width in px; default: as wide as the content. */
  readonly width?: number;
  /**
   * 1 keeps the column on a phone, 2 drops it there, 3 also drops it on a narrow desktop table (the column
   * chooser still offers it). Default: column-priority.ts.
   */
  readonly priority?: 1 | 2 | 3;
}

/** How a cell shows a field of the row. */
export type FieldColumn<Row> = ColumnBase & { readonly field: Extract<keyof Row, string> } & (
    | { readonly kind: 'text' | 'date' | 'number' }
    /** Integer micro-units (`*_micro`) shown as USDT with every decimal that is not 0 (contracts/money.ts). */
    | { readonly kind: 'money' }
    | { readonly kind: 'enum'; readonly enum: AnyEnum; intentOf?(code: number): Intent }
    /** A word of a z.enum (`super_admin`), or a comma-separated list of words, each shown through its label `<labels>.<word>`. */
    | { readonly kind: 'word'; readonly labels: string }
    | { readonly kind: 'link'; href(row: Row): string }
    | { readonly kind: 'badge'; intentOf(row: Row): Intent }
    /** A 0-100 value as a progress bar (striped and moving while `active`). */
    | { readonly kind: 'progress'; intentOf?(row: Row): Intent; active?(row: Row): boolean }
  );

/** A cell that is truly special: the screen renders it (QR preview, counters…). */
export interface CustomColumn<Row> extends ColumnBase {
  readonly kind: 'custom';
  readonly id: string;
  /** `rows`: the page shown, for cells that compare a row with the others (the §9 IP badges). */
  render(row: Row, rows: readonly Row[]): ReactNode;
  /** Plain text for CSV export; without it the column is left out of exports. */
  text?(row: Row): string;
  /**
   * The cell says what the row is (an IP with its badge), as a text column would: it stays on a phone and
   * questions name rows by its `text` (column-priority.ts, confirm.ts). Default false (a preview, a figure).
   */
  readonly names?: boolean;
}

export type ColumnDecl<Row> = FieldColumn<Row> | CustomColumn<Row>;

/** A filter over the list call's request: one field, or a date-time pair shown as one date range. */
export type FilterDecl<L extends ListCall> =
  | FilterKey<L>
  | {
      readonly field: FilterKey<L>;
      readonly kind?: FieldKind;
      readonly enum?: AnyEnum;
      readonly lookup?: string;
      /** i18n prefix labelling a string choice's values (`<prefix>.<value>`); number enums use `enum`. */
      readonly optionLabels?: string;
    }
  | { readonly range: readonly [from: FilterKey<L>, to: FilterKey<L>]; readonly label?: string };

/** What a lookup's choices may depend on: the console language and the row an edit form is open on (absent when adding). */
export interface LookupContext<Row = unknown> {
  readonly language: string;
  readonly row?: Row;
  /** The rows an action form applies to (a domain picker leaves out the domain they are all on). */
  readonly rows?: readonly Row[];
  /** The user filling a form (absent in a filter bar): what a new record belongs to (its groups, its domains). */
  readonly userId?: number;
}

/**
 * Data a form or filter needs from another call (the user's domains for a `domain_id` select, …). Loaded
 * by the resource saga when the screen opens; `options` turns the answer into choices.
 */
export interface LookupDecl {
  readonly call: CallDef;
  readonly body: unknown;
  /** Choices for selects that use this lookup (`ctx`: the console language, the row an edit form is open on). */
  options?(answer: unknown, ctx: LookupContext): readonly FieldOption[];
}

/** What a field's own check and hint may read: the caller (its balance) and the pay config (the minimum recharge). */
export interface FieldContext {
  readonly user: UserInfo | null;
  readonly payConfig: PayConfig | undefined;
}

/** Refines how a form shows a request field (everything else comes from the schema). */
export interface FieldOverride<C extends CallDef = CallDef> {
  readonly name: BodyKey<C>;
  readonly kind?: FieldKind;
  readonly enum?: AnyEnum;
  /** i18n prefix labelling a z.enum's words as `<prefix>.<value>` (number enums use `enum`). */
  readonly optionLabels?: string;
  /** Choices come from this lookup of the resource (a select over another call's rows). */
  readonly lookup?: string;
  /** A switch over a two-valued enum: the value meaning "on". Default the first option. */
  readonly on?: string | number;
  /**
   * For a field the schema alone cannot show (an array of objects): how the input's text becomes the
   * request value, and back. E.g. target URLs one per line → `[{ url }]`.
   */
  parse?(text: string): unknown;
  format?(value: unknown): string;
  /** Type-ahead suggestions for what was typed so far (e.g. a name completed with the domain suffixes of §9). */
  suggest?(typed: string): readonly string[];
  /** i18n key of a hint under the field. */
  readonly helper?: string;
  /**
   * The field's own rule on what was typed, with its own words (an amount: positive, 6 decimals, the minimum,
   * the balance). Shown as soon as the field is typed in, before any submit; it speaks before the schema.
   */
  check?(text: string, ctx: FieldContext): UserMessage | undefined;
  /** A hint with values (the minimum, the balance); wins over `helper`. */
  hint?(ctx: FieldContext): UserMessage;
  /** i18n key of the hint from the record the form is open on (a write-only key: stored or not). Wins over `helper`. */
  helperOf?(row: unknown): string;
  /** Always holds a value (a select without a blank choice) though the call may leave it out. Default: the schema's. */
  readonly required?: boolean;
  /** i18n key of the label. Default `resources.<resource>.fields.<name>`. */
  readonly label?: string;
  /**
   * A date that may lie ahead (an expiry): the input offers spec §9's next week, next month and next three
   * months (date-shortcuts.ts), each setting the end of its last day. Default false.
   */
  readonly ahead?: boolean;
}

/** A field name of the call (checked), or an override (shared overrides are loosely typed; unknown names warn). */
export type FormField<C extends CallDef> = BodyKey<C> | FieldOverride<C> | FieldOverride;

/** A create or edit form over one call. */
export interface FormDecl<C extends CallDef = CallDef, Row = unknown> {
  readonly call: C;
  /** The authority (type 2 button path) that shows the form's button. */
  readonly button: string;
  /** Which request fields, in order, with overrides. Default: every field but `id`. */
  readonly fields?: readonly FormField<C>[];
  /** Values to start from besides the row's own fields and the schema defaults. */
  initial?(row: Row | undefined): Record<string, unknown>;
  /** Fields the form adds to the body without showing them (e.g. a parent id). */
  fixed?(row: Row | undefined): Record<string, unknown>;
  /**
   * Where the inputs come from when the body nests them (batch_update's `{ ids, fields }`) or when the form
   * checks more than the call can (a password the call takes encrypted, checked against §5 here): the inputs'
   * schema, validated before the call's own. Default: the call's request.
   */
  readonly schema?: z.ZodType;
  /** Shape the final body from the form's values (used with `schema`). Default: the values plus `fixed`. */
  toBody?(values: Record<string, unknown>, rows: Row[]): unknown;
  /**
   * Body fields `toBody` renames, mapped to the input they are typed in (`{ amount_micro: 'amount' }`), so a
   * server refusal naming the body field sits under that input and not on top of the form.
   */
  readonly inputOf?: Readonly<Record<string, string>>;
  /** Send every filled field on edit, not only the changed ones (calls that set, not patch). Default false. */
  readonly sendAll?: boolean;
  /**
   * Every input starts at "leave unchanged" and only what the user sets is sent (batch settings over many
   * rows): a switch becomes a choice of unchanged / on / off, a select offers "leave unchanged", no schema
   * default is filled in and blank never means "clear". Default false.
   */
  readonly partial?: boolean;
}

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

export interface ExportDecl {
  /** Authority needed to export; absent = anyone who sees the list. */
  readonly button?: string;
  /**
   * The server's own export call, paged by cursor (`{ cursor, limit }` → `{ content, total, next_cursor }`),
   * used instead of paging through the list call.
   */
  readonly chunked?: { readonly call: CallDef; readonly limit: number };
}

/**
 * A resource: a console screen over the contracts. The generic list and form render it; the slice and saga
 * run its calls. Everything here is data or small functions of a row, so a screen is a short declaration.
 */
export interface ResourceDecl<Row = unknown> {
  /** Route name (contracts/routes.ts); also the state key and the i18n prefix `resources.<name>`. */
  readonly name: string;
  readonly list: ListCall;
  /** Field identifying a row (selection, update, remove). Default 'id'. */
  readonly rowKey?: string;
  readonly columns: readonly ColumnDecl<Row>[];
  readonly filters?: readonly (
    | string
    | { field: string; kind?: FieldKind; enum?: AnyEnum; lookup?: string; optionLabels?: string }
    | { range: readonly [string, string]; label?: string }
  )[];
  /** Body fields always sent with the list call (e.g. a removed-only view). */
  readonly fixedQuery?: Readonly<Record<string, unknown>>;
  readonly create?: FormDecl<CallDef, Row>;
  readonly update?: FormDecl<CallDef, Row>;
  readonly remove?: RemoveDecl<Row>;
  readonly actions?: readonly ActionDecl<Row>[];
  /** Other calls the forms and filters read (by id). */
  readonly lookups?: Readonly<Record<string, LookupDecl>>;
  /** Read one row afresh when its edit form opens (e.g. `qr_code_list/details`): the form starts from the server's current row. */
  readonly details?: { readonly call: CallDef; body(key: RowKey): unknown };
  /** CSV export of every matching row (pages through the list call). Absent = no export. */
  readonly export?: ExportDecl;
  /** Rows per page to start with. Default 20. */
  readonly pageSize?: number;
  /** i18n key of a lead under the title. */
  readonly description?: string;
  /** i18n key of what an empty list says (how rows get here: deleted codes, cleared logs…). Default "Records you add appear here." */
  readonly empty?: string;
  /** i18n key of the title. Default `menu.<name>`. */
  readonly title?: string;
  /**
   * i18n key of what the list says when its answer names asked values that matched nothing (`not_found`: a
   * batch query's unknown codes); gets `count`, `asked` and `values`. Default `resource.not_found`.
   */
  readonly notFound?: string;
  /** i18n prefix of field labels (`<labels>.fields.<field>`) when screens share them. Default `resources.<name>`. */
  readonly labels?: string;
}

/** What a declaration looks like before `defineResource` checks it against its list call. */
export interface ResourceInput<L extends ListCall> extends Omit<ResourceDecl<RowOf<L>>, 'list' | 'filters' | 'fixedQuery'> {
  readonly list: L;
  readonly filters?: readonly FilterDecl<L>[];
  readonly fixedQuery?: Partial<RequestOf<L>>;
}
