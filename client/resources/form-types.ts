import type { z } from 'zod';
import type { CallDef, PayConfig, UserInfo } from '../../contracts/index.ts';
import type { EnumInfo as AnyEnum } from '../../contracts/index.ts';
import type { UserMessage } from '../state/message.ts';
import type { FieldKind } from './schema-fields.ts';
import type { BodyKey } from './list-types.ts';

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
