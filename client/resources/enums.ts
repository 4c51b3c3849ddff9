import type { z } from 'zod';
import * as contracts from '../../contracts/index.ts';

/** A `defineEnum` result of any shape (contracts/enum.ts). */
export interface AnyEnum {
  readonly name: string;
  readonly schema: z.ZodType;
  readonly values: Readonly<Record<string, number>>;
  readonly options: readonly { readonly value: number; readonly member: string; readonly labelKey: string }[];
  labelKey(code: number): string;
}

function isEnum(x: unknown): x is AnyEnum {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Partial<AnyEnum>;
  return typeof e.name === 'string' && typeof e.labelKey === 'function' && Array.isArray(e.options) && e.schema !== undefined;
}

// Every enum contracts export, found by shape so an area's new enum needs no registration here.
const bySchema = new Map<unknown, AnyEnum>();
for (const value of Object.values(contracts) as unknown[]) if (isEnum(value)) bySchema.set(value.schema, value);

/**
 * The enum whose `schema` a request field uses. Contracts put `X.schema` itself into request shapes, so the
 * identity of the literal tells which labels to show in a select.
 */
export function enumForSchema(schema: unknown): AnyEnum | undefined {
  return bySchema.get(schema);
}
