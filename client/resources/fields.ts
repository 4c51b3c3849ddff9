import { maskedSecret, SECRET_MASK, type CallDef } from '../../contracts/index.ts';
import type { EnumInfo as AnyEnum } from '../../contracts/index.ts';
import { describeField, fieldsOf, shapeOf, unwrapField, type FieldKind, type FieldSpec } from './schema-fields.ts';
import type { FieldOverride, FormDecl, ResourceDecl } from './types.ts';

/** A field ready to render: its schema facts plus the declaration's label and extras. */
export interface ResolvedField extends FieldSpec {
  /** i18n key of the label. */
  readonly label: string;
  suggest?(typed: string): readonly string[];
  readonly helper?: string;
  /** A lookup-backed select whose answer came back with nothing to choose (says so instead of only "required"). */
  readonly noChoices?: boolean;
  check?: FieldOverride['check'];
  hint?: FieldOverride['hint'];
  helperOf?(row: unknown): string;
  /** A date that may lie ahead: spec §9's next-week/month/three-months shortcuts beside it. */
  readonly ahead?: boolean;
}

/** i18n prefix of a resource's texts: `labels` when screens share them, else `resources.<name>`. */
export const labelsOf = (decl: Pick<ResourceDecl, 'name' | 'labels'>) => decl.labels ?? `resources.${decl.name}`;
export const fieldLabel = (labels: string, field: string) => `${labels}.fields.${field}`;

function withEnum(spec: FieldSpec, e: AnyEnum | undefined): FieldSpec {
  if (!e) return spec;
  const codes = new Set(spec.options?.map((o) => o.value) ?? e.options.map((o) => o.value));
  return { ...spec, options: e.options.filter((o) => codes.has(o.value)).map((o) => ({ value: o.value, labelKey: o.labelKey })) };
}

/** String choices labelled `<prefix>.<value>` (a z.enum of words has no enum of its own). */
function withOptionLabels(spec: FieldSpec, prefix: string): FieldSpec {
  return spec.options ? { ...spec, options: spec.options.map((o) => ({ ...o, labelKey: `${prefix}.${String(o.value)}` })) } : spec;
}

function withKind(spec: FieldSpec, kind: FieldKind | undefined): FieldSpec {
  return kind ? { ...spec, kind } : spec;
}

/**
 * An input of a partial form (FormDecl.partial): blank is "leave unchanged", so nothing is required, no default
 * is pre-filled, blank is not null, and a switch (which cannot say "unchanged") is a choice of its two values.
 */
function partialOf(spec: FieldSpec): FieldSpec {
  const { defaultValue: _default, ...rest } = spec;
  return { ...rest, kind: spec.kind === 'switch' ? 'select' : spec.kind, required: false, nullable: false, unchanged: true };
}

/**
 * Fields the call answers masked (contracts' `maskedSecret`: '' or the mask, never the value): write-only
 * secrets, typed in a password input whatever screen declares them.
 */
function secretNames(form: FormDecl<CallDef, unknown>): Set<string> {
  const answer = shapeOf(form.call.response);
  return new Set(Object.keys(answer).filter((name) => unwrapField(answer[name]!).inner === maskedSecret));
}

/** What a secret's input says: whether one is stored (sending the mask back keeps it) or none is. */
const secretHelper = (name: string) => (row: unknown) =>
  (row as Record<string, unknown> | undefined)?.[name] === SECRET_MASK ? 'resource.form.secret_stored' : 'resource.form.secret_none';

/**
 * The inputs of a form: the request schema's fields (all but `id` unless the declaration lists them), each
 * with the kind, requiredness, options and limits the schema gives, refined by the declaration's overrides.
 */
/**
 * `labels`: the resource's i18n prefix (labelsOf); `row`: the row the form is open on (edit, or an action on
 * one row), the same the form's `fixed` is later called with: `fixed` is never called with a row made up here.
 */
export function formFields(labels: string, form: FormDecl<CallDef, unknown>, row?: unknown): ResolvedField[] {
  const schema = form.schema ?? form.call.request;
  const all = fieldsOf(schema);
  const shape = shapeOf(schema);
  const byName = new Map(all.map((f) => [f.name, f]));
  const secrets = secretNames(form);
  // Only needed to leave fixed fields out of the default list: a declaration listing its fields is not asked.
  const fixed = new Set(form.fields ? [] : Object.keys(form.fixed?.(row) ?? {}));
  const wanted = form.fields ?? all.filter((f) => f.name !== 'id' && !fixed.has(f.name)).map((f) => f.name);
  return wanted.flatMap((entry) => {
    const o = (typeof entry === 'string' ? { name: entry } : entry) as FieldOverride;
    let spec = byName.get(o.name);
    if (spec && o.optionLabels) spec = withOptionLabels(spec, o.optionLabels);
    // A field the schema cannot describe (array of objects) is shown when the declaration says how.
    if (!spec && o.kind && o.parse && shape[o.name]) {
      const { required, nullable } = unwrapField(shape[o.name]);
      spec = { name: o.name, kind: o.kind, required, nullable, valueType: 'string' };
    }
    if (!spec) {
      if (import.meta.env?.DEV) console.warn(`[resources] ${labels}: form field "${o.name}" is not in ${form.call.path}'s request`);
      return [];
    }
    const secret = secrets.has(o.name);
    const refined = withKind(withEnum(spec, o.enum), o.kind ?? (secret ? 'password' : undefined));
    return [
      {
        ...(form.partial ? partialOf(refined) : refined),
        // A lookup makes a select, unless the kind takes its choices otherwise (one input per language).
        ...(o.lookup ? { kind: o.kind === 'translations' ? o.kind : ('select' as const), lookup: o.lookup } : {}),
        ...(o.on !== undefined ? { on: o.on } : {}),
        ...(o.required !== undefined && !form.partial ? { required: o.required } : {}),
        parse: o.parse,
        format: o.format,
        label: o.label || fieldLabel(labels, o.name),
        suggest: o.suggest,
        helper: o.helper ?? (secret ? 'resource.form.secret_none' : undefined),
        check: o.check,
        hint: o.hint,
        helperOf: o.helperOf ?? (secret && !o.helper ? secretHelper(o.name) : undefined),
        ahead: o.ahead,
      },
    ];
  });
}

const YES_NO = [
  { value: 'true', labelKey: 'enums.disable_flag.yes' },
  { value: 'false', labelKey: 'enums.disable_flag.no' },
] as const;

/** A filter input: one request field, or a from/to date-time pair shown as one date range. */
export type ResolvedFilter =
  | { readonly type: 'field'; readonly field: ResolvedField }
  | { readonly type: 'range'; readonly from: string; readonly to: string; readonly label: string };

/** The filter bar of a resource, from its list call's request schema. */
export function filterFields(decl: Pick<ResourceDecl, 'name' | 'labels' | 'list' | 'filters'>): ResolvedFilter[] {
  const shape = shapeOf(decl.list.request);
  return (decl.filters ?? []).flatMap((entry): ResolvedFilter[] => {
    if (typeof entry === 'object' && 'range' in entry) {
      const [from, to] = entry.range;
      return shape[from] && shape[to] ? [{ type: 'range', from, to, label: entry.label ?? fieldLabel(labelsOf(decl), from) }] : [];
    }
    const o = typeof entry === 'string' ? { field: entry } : entry;
    const schema = shape[o.field];
    const spec = schema ? describeField(o.field, schema) : undefined;
    if (!spec) return [];
    // A long text is still a one-line search box in a filter bar; a yes/no field is a choice of any, yes or no
    // (a switch could not say "any").
    const base: FieldSpec = spec.kind === 'textarea' ? { ...spec, kind: 'text' } : spec.valueType === 'boolean' ? { ...spec, kind: 'select', options: YES_NO } : spec;
    const labelled = 'optionLabels' in o && o.optionLabels ? withOptionLabels(base, o.optionLabels) : base;
    const refined = withKind(withEnum(labelled, o.enum), o.kind);
    const lookup = 'lookup' in o && o.lookup ? { kind: 'select' as const, lookup: o.lookup } : {};
    // A filter is never required: blank means "any".
    return [{ type: 'field', field: { ...refined, ...lookup, required: false, label: fieldLabel(labelsOf(decl), o.field) } }];
  });
}
