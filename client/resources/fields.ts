import type { CallDef } from '../../contracts/index.ts';
import type { AnyEnum } from './enums.ts';
import { describeField, fieldsOf, shapeOf, type FieldKind, type FieldSpec } from './schema-fields.ts';
import type { FormDecl, ResourceDecl } from './types.ts';

/** A field ready to render: its schema facts plus the declaration's label and extras. */
export interface ResolvedField extends FieldSpec {
  /** i18n key of the label. */
  readonly label: string;
  suggest?(typed: string): readonly string[];
  readonly helper?: string;
}

export const fieldLabel = (resource: string, field: string) => `resources.${resource}.fields.${field}`;

function withEnum(spec: FieldSpec, e: AnyEnum | undefined): FieldSpec {
  if (!e) return spec;
  const codes = new Set(spec.options?.map((o) => o.value) ?? e.options.map((o) => o.value));
  return { ...spec, options: e.options.filter((o) => codes.has(o.value)).map((o) => ({ value: o.value, labelKey: o.labelKey })) };
}

function withKind(spec: FieldSpec, kind: FieldKind | undefined): FieldSpec {
  return kind ? { ...spec, kind } : spec;
}

/**
 * The inputs of a form: the request schema's fields (all but `id` unless the declaration lists them), each
 * with the kind, requiredness, options and limits the schema gives, refined by the declaration's overrides.
 */
export function formFields(resource: string, form: FormDecl<CallDef, unknown>): ResolvedField[] {
  const all = fieldsOf(form.call.request);
  const byName = new Map(all.map((f) => [f.name, f]));
  const fixed = new Set(Object.keys(form.fixed?.(undefined) ?? {}));
  const wanted = form.fields ?? all.filter((f) => f.name !== 'id' && !fixed.has(f.name)).map((f) => f.name);
  return wanted.flatMap((entry) => {
    const o = typeof entry === 'string' ? { name: entry } : entry;
    const spec = byName.get(o.name);
    if (!spec) return [];
    const refined = withKind(withEnum(spec, 'enum' in o ? o.enum : undefined), 'kind' in o ? o.kind : undefined);
    return [
      {
        ...refined,
        label: ('label' in o && o.label) || fieldLabel(resource, o.name),
        suggest: 'suggest' in o ? o.suggest : undefined,
        helper: 'helper' in o ? o.helper : undefined,
      },
    ];
  });
}

/** A filter input: one request field, or a from/to date-time pair shown as one date range. */
export type ResolvedFilter =
  | { readonly type: 'field'; readonly field: ResolvedField }
  | { readonly type: 'range'; readonly from: string; readonly to: string; readonly label: string };

/** The filter bar of a resource, from its list call's request schema. */
export function filterFields(decl: Pick<ResourceDecl, 'name' | 'list' | 'filters'>): ResolvedFilter[] {
  const shape = shapeOf(decl.list.request);
  return (decl.filters ?? []).flatMap((entry): ResolvedFilter[] => {
    if (typeof entry === 'object' && 'range' in entry) {
      const [from, to] = entry.range;
      return shape[from] && shape[to] ? [{ type: 'range', from, to, label: entry.label ?? fieldLabel(decl.name, from) }] : [];
    }
    const o = typeof entry === 'string' ? { field: entry } : entry;
    const schema = shape[o.field];
    const spec = schema ? describeField(o.field, schema) : undefined;
    if (!spec) return [];
    const refined = withKind(withEnum(spec, o.enum), o.kind);
    // A filter is never required: blank means "any".
    return [{ type: 'field', field: { ...refined, required: false, label: fieldLabel(decl.name, o.field) } }];
  });
}
