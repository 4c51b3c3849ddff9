import { z } from 'zod';
import { dateTime, imageUrl, imageUrlOrEmpty } from '../../contracts/index.ts';
import { enumForSchema, type EnumInfo as AnyEnum } from '../../contracts/index.ts';

/** What an input looks like, derived from a request schema's field (and refinable by a declaration). */
/** `image`: upload through `file/add` with previews; one address (string) or an ordered list (string[]). */
/** `translations`: one text per language of a lookup (`translationsField`, `[{ language, title }]`). */
/** `code`: a QR code picked by name (statistics/codes), sent as its id (resources/components/code-picker.tsx). */
export type FieldKind = 'text' | 'textarea' | 'password' | 'number' | 'select' | 'switch' | 'lines' | 'date_time' | 'image' | 'translations' | 'code';

/** Contracts reuse the image-address schemas (contracts/image-url.ts), so identity tells an image field. */
const isImageSchema = (s: z.ZodType): boolean => s === imageUrl || s === imageUrlOrEmpty;

export interface FieldOption {
  readonly value: string | number;
  /** i18n key of the label. */
  readonly labelKey?: string;
  /** Literal label (a lookup row's name); absent with no key = show the value itself. */
  readonly label?: string;
  /** A translations field: this language must be filled (the default language). */
  readonly required?: boolean;
}

/** One field of a request schema, as far as a form or a filter bar needs to know it. */
export interface FieldSpec {
  readonly name: string;
  readonly kind: FieldKind;
  /** Must be sent (no `.optional()` / `.default()`). */
  readonly required: boolean;
  readonly options?: readonly FieldOption[];
  /** The schema's default (what the server fills in when the field is left out). */
  readonly defaultValue?: unknown;
  readonly maxLength?: number;
  readonly min?: number;
  readonly max?: number;
  readonly integer?: boolean;
  /** Value type of a select's options (a form holds strings; the body needs the schema's type). */
  readonly valueType: 'string' | 'number' | 'boolean' | 'string[]' | 'number[]';
  /** `null` is a value (blank means null, e.g. "no group"). */
  readonly nullable?: boolean;
  /** Choices come from this lookup of the resource (see ResourceDecl.lookups). */
  readonly lookup?: string;
  /** A switch over a two-valued enum: the value meaning "on". Default the first option. */
  readonly on?: string | number;
  /** Blank means "leave this unchanged" (a partial form's input): said as such, never sent. */
  readonly unchanged?: boolean;
  /** Text ↔ value for fields the schema alone cannot show (declaration overrides). */
  parse?(text: string): unknown;
  format?(value: unknown): string;
}

interface Unwrapped {
  readonly inner: z.ZodType;
  readonly required: boolean;
  readonly nullable: boolean;
  readonly defaultValue?: unknown;
}

/** Peel optional / default / nullable / pipe wrappers off a field, remembering what they meant. */
export function unwrapField(schema: z.ZodType): Unwrapped {
  let inner: z.ZodType = schema;
  let required = true;
  let nullable = false;
  let defaultValue: unknown;
  for (let i = 0; i < 8; i++) {
    if (inner instanceof z.ZodNullable) {
      nullable = true;
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodOptional) {
      required = false;
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodDefault) {
      required = false;
      defaultValue = inner.def.defaultValue;
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodPipe) {
      inner = inner.in as z.ZodType;
    } else break;
  }
  return { inner, required, nullable, defaultValue };
}

function literalOptions(values: Iterable<unknown>, known: AnyEnum | undefined): FieldOption[] {
  return [...values]
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map((value) => ({ value, labelKey: known && typeof value === 'number' ? known.labelKey(value) : undefined }));
}

/** Describe one field; `undefined` for shapes no generic input can edit (objects, unions of objects…). */
export function describeField(name: string, schema: z.ZodType): FieldSpec | undefined {
  const { inner, required, nullable, defaultValue } = unwrapField(schema);
  const base = { name, required: required && !nullable, nullable, defaultValue };
  // z.url(), z.email() … are string formats, not ZodString instances: the def type tells.
  if (inner instanceof z.ZodString || inner instanceof z.ZodStringFormat) {
    const maxLength = inner.maxLength ?? undefined;
    // Contracts reuse the one `dateTime` schema ('YYYY-MM-DD HH:mm:ss'), so identity tells the kind.
    if (inner === dateTime) return { ...base, kind: 'date_time', valueType: 'string' };
    if (isImageSchema(inner)) return { ...base, kind: 'image', maxLength, valueType: 'string' };
    const kind: FieldKind = maxLength !== undefined && maxLength > 300 && inner.format !== 'url' ? 'textarea' : 'text';
    return { ...base, kind, maxLength, valueType: 'string' };
  }
  if (inner instanceof z.ZodNumber) {
    const min = Number.isFinite(inner.minValue) ? (inner.minValue ?? undefined) : undefined;
    const max = Number.isFinite(inner.maxValue) ? (inner.maxValue ?? undefined) : undefined;
    return { ...base, kind: 'number', min, max, integer: inner.isInt, valueType: 'number' };
  }
  if (inner instanceof z.ZodBoolean) return { ...base, kind: 'switch', valueType: 'boolean' };
  if (inner instanceof z.ZodLiteral) {
    const options = literalOptions(inner.values, enumForSchema(inner));
    const valueType = options.every((o) => typeof o.value === 'number') ? 'number' : 'string';
    return { ...base, kind: 'select', options, valueType };
  }
  if (inner instanceof z.ZodEnum) {
    return { ...base, kind: 'select', options: literalOptions(inner.options, undefined), valueType: 'string' };
  }
  if (inner instanceof z.ZodArray) {
    const element = unwrapField(inner.element as z.ZodType).inner;
    // The list's own `.max(n)` (a check on the array): how many images the field takes.
    const max = (inner.def.checks ?? []).map((c) => c._zod.def as { check?: string; maximum?: number }).find((d) => d.check === 'max_length')?.maximum;
    if (isImageSchema(element)) return { ...base, kind: 'image', max, valueType: 'string[]' };
    if (element instanceof z.ZodString) return { ...base, kind: 'lines', valueType: 'string[]' };
    if (element instanceof z.ZodNumber) return { ...base, kind: 'lines', valueType: 'number[]' };
  }
  return undefined;
}

/** The object shape of a request schema (through refinements and pipes). */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const { inner } = unwrapField(schema);
  if (inner instanceof z.ZodObject) return inner.shape as Record<string, z.ZodType>;
  return {};
}

/** Every describable field of a request schema, in declaration order, minus `omit`. */
export function fieldsOf(schema: z.ZodType, omit: readonly string[] = []): FieldSpec[] {
  return Object.entries(shapeOf(schema))
    .filter(([name]) => !omit.includes(name))
    .map(([name, s]) => describeField(name, s))
    .filter((f): f is FieldSpec => f !== undefined);
}
