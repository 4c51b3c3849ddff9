import type * as core from 'zod/v4/core';
import { callsByPath, type CallDef, type OwnedList, type OwnedRef } from '../../contracts/index.ts';
import type { TestServer } from '../server.ts';
import { defOf } from './derive.ts';
import { unwrap } from './hostile.ts';
import type { Identity } from './identities.ts';

/** Rows a caller owns, read through the list calls of contracts/ownership.ts. */
export type Row = Record<string, unknown>;
export interface Customer {
  readonly identity: Identity;
  readonly id: number;
  readonly account: string;
  readonly token: string;
}

export const listCall = (list: OwnedList) => (typeof list === 'string' ? list : list.call);
export const describeList = (list: OwnedList) =>
  typeof list === 'string' ? list : `${list.call} (${Object.entries(list.with).map(([f, l]) => `${f} from ${l}`).join(', ')})`;

export function shapeOf(call: CallDef): Record<string, core.$ZodType> {
  const d = defOf(unwrap(call.request));
  return d.type === 'object' ? (d as core.$ZodObjectDef).shape : {};
}

/** The caller's rows of a list (the largest page; required filters taken from the caller's other lists). */
export async function listRows(server: TestServer, who: Customer, list: OwnedList): Promise<Row[]> {
  const call = callsByPath.get(listCall(list));
  if (!call) throw new Error(`ownership: ${listCall(list)} is not a registered call`);
  const base: Row = 'page_size' in shapeOf(call) ? { page_size: 200 } : {};
  const fill = typeof list === 'string' ? [] : Object.entries(list.with);
  if (!fill.length) return contentOf(await server.call(call.path, base, who.token));
  // One filter value after another until one gives rows (the first QR code may have no visits).
  const [field, source] = fill[0]!;
  for (const row of (await listRows(server, who, source)).slice(0, 20)) {
    const rows = contentOf(await server.call(call.path, { ...base, [field]: row.id }, who.token));
    if (rows.length) return rows;
  }
  return [];
}

function contentOf(answer: { status: number; body: { data?: unknown } }): Row[] {
  const data = answer.body.data as { content?: Row[] } | undefined;
  return answer.status === 200 && Array.isArray(data?.content) ? data.content : [];
}

/** Values of `ref` that belong to `who`. */
export async function refValues(server: TestServer, who: Customer, ref: OwnedRef): Promise<unknown[]> {
  if (ref === 'owner') return [who.id];
  if (typeof ref === 'object' && 'list' in ref) return (await listRows(server, who, ref.list)).map((r) => r[ref.column]);
  return (await listRows(server, who, ref)).map((r) => r.id);
}

