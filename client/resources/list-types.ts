import type { Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { BuiltInTable, CallDef, RequestOf, ResponseOf } from '../../contracts/index.ts';
import type { EnumInfo as AnyEnum } from '../../contracts/index.ts';
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
    | { readonly kind: 'date' | 'number' }
    /** `builtIn`: the name of a row the system seeds (a built-in role): shown in the reader's language while unchanged. */
    | { readonly kind: 'text'; readonly builtIn?: BuiltInTable }
    /** A location the IP service wrote ('中国 广东 深圳 移动'): system words, shown in the reader's language (contracts/places.ts). */
    | { readonly kind: 'place' }
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
