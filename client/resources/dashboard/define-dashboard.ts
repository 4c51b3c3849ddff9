import type { IconName, Intent } from '@blueprintjs/core';
import type { CallDef, RequestOf, ResponseOf } from '../../../contracts/index.ts';
import { defineRecord, type RecordDecl } from '../record/define-record.ts';

/** A figure on a card. Label `resources.<name>.cards.<id>`. */
export interface CardDecl<D> {
  readonly id: string;
  readonly icon: IconName;
  value(data: D): number;
  /** 'usdt': micro-units shown as USDT with 2 decimals. Default 'number'. */
  readonly format?: 'number' | 'usdt';
  /** i18n key of a line under the figure (what it counts, why it is zero…). */
  readonly note?: string;
  readonly intent?: Intent;
}

/** A line chart: one label per point and one or more series. Title `resources.<name>.charts.<id>.title`, series `.series.<id>`. */
export interface ChartDecl<D> {
  readonly id: string;
  readonly kind: 'line';
  labels(data: D): readonly string[];
  readonly series: readonly { readonly id: string; values(data: D): readonly number[] }[];
}

/** A small table. Title `resources.<name>.tables.<id>.title`, headers `.fields.<field>` of the resource. */
export interface TableDecl<D, Row = Record<string, unknown>> {
  readonly id: string;
  rows(data: D): readonly Row[];
  readonly columns: readonly {
    readonly field: Extract<keyof Row, string>;
    readonly kind?: 'text' | 'number' | 'enum';
    /** For `enum`: the codes' labels. */
    readonly enum?: { labelKey(code: number): string };
  }[];
  /** i18n key shown when there are no rows. Default `resource.empty.title`. */
  readonly empty?: string;
}

export interface DashboardDecl<D = unknown> {
  /** Route name; labels under `resources.<name>`. */
  readonly name: string;
  readonly record: RecordDecl<D>;
  readonly description?: string;
  readonly cards: readonly CardDecl<D>[];
  readonly charts?: readonly ChartDecl<D>[];
  // Rows differ per table; each table's own declaration checked its fields.
  readonly tables?: readonly TableDecl<D, never>[];
  /**
   * A lookup dashboard: one text input above the figures (label `resources.<name>.fields.<field>`); submitting
   * reads the call again with `{ [field]: value }` (an empty input: the declared body).
   */
  readonly search?: { readonly field: string; readonly placeholder?: string };
}

/** Declare a dashboard over the one call that answers its figures. */
export function defineDashboard<C extends CallDef>(
  call: C,
  decl: Omit<DashboardDecl<ResponseOf<C>>, 'record'> & { body?: RequestOf<C> },
): DashboardDecl<ResponseOf<C>> {
  const { body, ...rest } = decl;
  return { ...rest, record: defineRecord({ name: decl.name, read: call, body }) };
}

/** A table over rows of one type (checks the column fields against the rows). */
export function table<D, Row>(decl: TableDecl<D, Row>): TableDecl<D, never> {
  return decl as unknown as TableDecl<D, never>;
}
