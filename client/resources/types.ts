import type { CallDef, RequestOf } from '../../contracts/index.ts';
import type { EnumInfo as AnyEnum } from '../../contracts/index.ts';
import type { FieldKind } from './schema-fields.ts';
import type { ColumnDecl, FilterDecl, ListCall, LookupDecl, RowKey, RowOf } from './list-types.ts';
import type { FormDecl } from './form-types.ts';
import type { ActionDecl, RemoveDecl } from './action-types.ts';

/**
 * A resource's declaration by job: list-types.ts (the list call, columns, filters, lookups), form-types.ts (fields
 * and forms), action-types.ts (row and bulk actions, confirmations); the whole declaration here. Screens import
 * every name from this file.
 */
export type { BodyKey, ColumnDecl, CustomColumn, FieldColumn, FilterDecl, FilterKey, ListCall, LookupContext, LookupDecl, RowKey, RowOf } from './list-types.ts';
export type { FieldContext, FieldOverride, FormDecl, FormField } from './form-types.ts';
export type { ActionBase, ActionDecl, ActionDialogProps, CallAction, ConfirmDecl, ConfirmSpec, DialogAction, FormAction, FormActionAsks, RemoveDecl } from './action-types.ts';

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
