import { builtInNameKey, type BuiltInTable } from '../../contracts/index.ts';
import type { FieldOption } from './schema-fields.ts';

/** A lookup row as a choice: a built-in row's name through its label (the reader's language), any other as written. */
export function namedOption(table: BuiltInTable, value: string | number, name: string): FieldOption {
  const labelKey = builtInNameKey(table, name);
  return labelKey ? { value, labelKey } : { value, label: name };
}
