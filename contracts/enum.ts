import { z } from 'zod';

/** What a form needs to know of an enum, found from the schema a request field uses. */
export interface EnumInfo {
  readonly name: string;
  readonly schema: z.ZodType;
  readonly values: Readonly<Record<string, number>>;
  readonly options: readonly { readonly value: number; readonly member: string; readonly labelKey: string }[];
  labelKey(code: number): string;
}

/** Every `defineEnum` schema → its enum, so a generic form labels a field from its contract alone. */
const enumsBySchema = new WeakMap<object, EnumInfo>();

/** The enum whose `schema` a request field uses, if any. */
export function enumForSchema(schema: unknown): EnumInfo | undefined {
  return typeof schema === 'object' && schema !== null ? enumsBySchema.get(schema) : undefined;
}

/**
 * A spec enum: numeric codes with their i18n label keys (`enums.<name>.<member>`).
 * `Enum.values.member` is the code; `Enum.schema` validates it; `Enum.options` feeds selects.
 */
export function defineEnum<const N extends string, const M extends Record<string, number>>(name: N, values: M) {
  type V = M[keyof M];
  const entries = Object.entries(values) as [keyof M & string, V][];
  const codes = entries.map(([, v]) => v);
  // The allowed codes come from the issue (`issueVars`), so both languages can list them.
  const schema = z.literal(codes, { error: 'validation.one_of' });
  const info = {
    name,
    values,
    schema,
    options: entries.map(([member, value]) => ({ value, member, labelKey: `enums.${name}.${member}` })),
    labelKey(code: number): string {
      const found = entries.find(([, v]) => v === code);
      return found ? `enums.${name}.${found[0]}` : 'enums.unknown';
    },
  } as const;
  enumsBySchema.set(schema, info);
  return info;
}

export type EnumValue<E extends { values: Record<string, number> }> = E['values'][keyof E['values']];
