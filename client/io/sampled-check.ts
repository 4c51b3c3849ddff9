import { z } from 'zod';
import type { CallDef } from '../../contracts/index.ts';

/**
 * `CallOptions.sampleLongLists` of callApi: a long top-level list in an answer is checked by a typeof pass
 * over every item plus the full schema on a sample (see call-api.ts for why that is safe where it is used).
 */
/** Lists longer than this are sampled under `sampleLongLists`. */
export const SAMPLE_ABOVE = 2_000;
const SAMPLE_EDGE = 100;
const SAMPLE_SPREAD = 200;

/** The first and last SAMPLE_EDGE items and SAMPLE_SPREAD items spread evenly between them. */
function sampleOf(items: readonly unknown[]): unknown[] {
  const out = items.slice(0, SAMPLE_EDGE);
  const step = Math.max(1, Math.floor((items.length - 2 * SAMPLE_EDGE) / SAMPLE_SPREAD));
  for (let i = SAMPLE_EDGE; i < items.length - SAMPLE_EDGE; i += step) out.push(items[i]);
  out.push(...items.slice(-SAMPLE_EDGE));
  return out;
}

type Primitive = 'string' | 'number' | 'boolean';
/** `typeof` each item field must have, for the fields whose schema is a plain string, number or boolean. */
function fieldTypes(item: unknown): [string, Primitive][] | null {
  if (!(item instanceof z.ZodObject)) return null;
  const out: [string, Primitive][] = [];
  for (const [key, field] of Object.entries(item.shape as Record<string, unknown>)) {
    if (field instanceof z.ZodString) out.push([key, 'string']);
    else if (field instanceof z.ZodNumber) out.push([key, 'number']);
    else if (field instanceof z.ZodBoolean) out.push([key, 'boolean']);
  }
  return out;
}

/**
 * Every item is an object whose plain fields have their JS types: a few `typeof` per item (≈ 10 ms for
 * 100,000), so code that calls string methods on a field never meets a number or undefined; the sample then
 * checks formats, ranges and the other fields.
 */
function shapesMatch(items: readonly unknown[], types: readonly [string, Primitive][]): boolean {
  // Indexed loops: this runs once per answer on cold code, where for…of is several times slower (≈ 35 vs 9 ms).
  const n = items.length;
  const m = types.length;
  for (let i = 0; i < n; i++) {
    const it = items[i] as Record<string, unknown> | null;
    if (typeof it !== 'object' || it === null) return false;
    for (let k = 0; k < m; k++) if (typeof it[types[k]![0]] !== types[k]![1]) return false;
  }
  return true;
}

/**
 * The answer with each too-long top-level list of its data object replaced by a sample, and a function that
 * puts the original lists back into the parsed data; null when nothing is to be sampled.
 */
export function sampled(schema: CallDef['response'], json: unknown): { json: unknown; restore: (data: unknown) => unknown } | null {
  if (!(schema instanceof z.ZodObject) || typeof json !== 'object' || json === null) return null;
  const data = (json as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const long: Record<string, unknown[]> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, unknown>)) {
    const value = (data as Record<string, unknown>)[key];
    if (!(field instanceof z.ZodArray) || !Array.isArray(value) || value.length <= SAMPLE_ABOVE) continue;
    const types = fieldTypes(field.element);
    // Items of another kind, or one of the wrong shape: no shortcut, the full check names the problem.
    if (!types || !shapesMatch(value, types)) return null;
    long[key] = value;
  }
  if (!Object.keys(long).length) return null;
  const sample = { ...data } as Record<string, unknown>;
  for (const [key, items] of Object.entries(long)) sample[key] = sampleOf(items);
  return { json: { ...json, data: sample }, restore: (parsed) => ({ ...(parsed as object), ...long }) };
}
