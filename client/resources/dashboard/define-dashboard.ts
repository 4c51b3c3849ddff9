import type { IconName, Intent } from '@blueprintjs/core';
import { statisticsBreakdown, type CallDef, type RequestOf, type ResponseOf, type StatisticsBreakdown } from '../../../contracts/index.ts';
import type { BreakdownDimension } from './breakdown-model.ts';
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
  /** A figure to compare with (yesterday until this hour…): the card shows the change, labelled by `compare.label` ({{value}}). */
  readonly compare?: { value(data: D): number; readonly label: string };
}

/**
 * A line chart: one label per point and one or more series. Title `resources.<name>.charts.<id>.title`, series
 * `.series.<id>`. A series with `previous` can overlay the previous period of the same length (dashed, muted,
 * its own legend entry); the chart then shows a switch, and turning it on reads the call again with
 * `compare: true` (contracts/calls/statistics-period.ts), whose answer `previous` feeds those values.
 */
export interface ChartDecl<D> {
  readonly id: string;
  readonly kind: 'line';
  labels(data: D): readonly string[];
  readonly series: readonly {
    readonly id: string;
    values(data: D): readonly number[];
    /** The previous period's values, aligned point by point (undefined until the answer carries them). */
    previous?(data: D): readonly number[] | undefined;
  }[];
  /**
   * `label`: i18n key of an overlaid series' legend ({{series}} = its series' label); default
   * `resource.dashboard.previous_series`. `initially`: the overlay is on when the screen opens.
   */
  readonly overlay?: { readonly label?: string; readonly initially?: boolean };
}

/** A small table. Title `resources.<name>.tables.<id>.title`, headers `.fields.<field>` of the resource. */
export interface TableDecl<D, Row = Record<string, unknown>> {
  readonly id: string;
  rows(data: D): readonly Row[];
  readonly columns: readonly {
    readonly field: Extract<keyof Row, string>;
    /** `place`: words of the IP location service, shown in the reader's language (contracts/places.ts). */
    readonly kind?: 'text' | 'number' | 'enum' | 'place';
    /** i18n key prefix: the cell shows `t(prefix + value)` (enum-like values such as a device class). */
    readonly labels?: string;
    /** For `enum`: the codes' labels. */
    readonly enum?: { labelKey(code: number): string };
  }[];
  /** i18n key shown when there are no rows. Default `resource.empty.title`. */
  readonly empty?: string;
  /** Offer "Export CSV" of the rows (headers and labels as shown; file `<name>-<id>.csv`). */
  readonly csv?: boolean;
  /** Take the whole row of panels (many columns); scrolls sideways when still too narrow. Default false. */
  readonly wide?: boolean;
}

/**
 * A field of the read call's request the user may set above the dashboard (re-read on apply). Label
 * `resources.<name>.filters.<field>`. `roles`: the role kinds (user_info.role_kind) that see it; default all.
 */
export interface DashboardFilterDecl {
  readonly field: string;
  /**
   * 'id': a positive whole number; 'date': a day 'YYYY-MM-DD'; 'code': a QR code picked by name
   * (statistics/codes), sent as its id.
   */
  readonly kind: 'id' | 'date' | 'code';
  readonly roles?: readonly string[];
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
  readonly filters?: readonly DashboardFilterDecl[];
  /**
   * What the answer says was applied (the range or day the server chose when none was given): shown in the
   * filters' empty inputs, so a default range is visible, not blank. Keys are filter fields.
   */
  applied?(data: D): Readonly<Record<string, string>>;
  /** Shortcut buttons (spec §9: last week, last month…) applying filter values; label `resources.<name>.presets.<id>`. */
  readonly presets?: readonly {
    readonly id: string;
    values(today: Date): Readonly<Record<string, number | string>>;
  }[];
  /**
   * A lookup dashboard: one text input above the figures (label `resources.<name>.fields.<field>`); submitting
   * reads the call again with `{ [field]: value }` (an empty input: the declared body).
   */
  readonly search?: { readonly field: string; readonly placeholder?: string };
  /**
   * Breakdowns of the shown period's visits (device, OS, browser, province, city, carrier) read with
   * statistics/breakdown: `period` gives its dates from the answer; the user's `user_id` / `qr_code_id`
   * filters go with it. Rows cross-highlight (client/resources/dashboard/breakdown-model.ts) and export as CSV.
   */
  readonly breakdowns?: BreakdownsDecl<D>;
}

export interface BreakdownsDecl<D> {
  period(data: D): { start_date: string; end_date: string };
  /** Which breakdowns, in order. Default all of BREAKDOWN_DIMENSIONS. */
  readonly dimensions?: readonly BreakdownDimension[];
  /** The record the section reads (registered by defineDashboard under `<name>.breakdowns`). */
  readonly record?: RecordDecl<StatisticsBreakdown>;
}

/** Declare a dashboard over the one call that answers its figures. */
export function defineDashboard<C extends CallDef>(
  call: C,
  decl: Omit<DashboardDecl<ResponseOf<C>>, 'record'> & { body?: RequestOf<C> },
): DashboardDecl<ResponseOf<C>> {
  const { body, breakdowns, ...rest } = decl;
  return {
    ...rest,
    record: defineRecord({ name: decl.name, read: call, body }),
    ...(breakdowns && {
      breakdowns: { ...breakdowns, record: defineRecord({ name: `${decl.name}.breakdowns`, read: statisticsBreakdown }) },
    }),
  };
}

/** A table over rows of one type (checks the column fields against the rows). */
export function table<D, Row>(decl: TableDecl<D, Row>): TableDecl<D, never> {
  return decl as unknown as TableDecl<D, never>;
}
