import { z } from 'zod';

/**
 * A spec enum: numeric codes with their i18n label keys (`enums.<name>.<member>`).
 * `Enum.values.member` is the code; `Enum.schema` validates it; `Enum.options` feeds selects.
 */
export function defineEnum<const N extends string, const M extends Record<string, number>>(name: N, values: M) {
  type V = M[keyof M];
  const entries = Object.entries(values) as [keyof M & string, V][];
  const codes = entries.map(([, v]) => v);
  const schema = z.literal(codes, { error: `must be one of ${codes.join(', ')}` });
  return {
    name,
    values,
    schema,
    options: entries.map(([member, value]) => ({ value, member, labelKey: `enums.${name}.${member}` })),
    labelKey(code: number): string {
      const found = entries.find(([, v]) => v === code);
      return found ? `enums.${name}.${found[0]}` : 'enums.unknown';
    },
  } as const;
}

export type EnumValue<E extends { values: Record<string, number> }> = E['values'][keyof E['values']];
