import fc from 'fast-check';
import {
  callsByPath,
  NOT_OWNED_FIELDS,
  OWNED_REFS,
  type CallDef,
  type OwnedList,
  type OwnedRef,
  visitPath,
} from '../../contracts/index.ts';
import type { TestServer } from '../server.ts';
import { defOf, Plain, validBody } from './derive.ts';
import { describeList, listRows, refValues, shapeOf, type Customer, type Row } from './owned-rows.ts';
import { changedTables } from './checksum.ts';
import { encodeBody, schemaAt, unwrap } from './hostile.ts';
import { IDENTITY_ACCOUNT, mintToken, roleHolds, type Identity } from './identities.ts';
import { send, seedOf } from './fuzz-runner.ts';
import type { FuzzEnv } from './fuzz-runner.ts';

/**
 * Owner checks driven by contracts/ownership.ts: customer02 names customer01's rows in every declared field
 * of every declared call, and must get a refusal (or a read without those rows) that changes nothing.
 */
export const ID_LIKE = /^(id|ids|.+_ids?)$/;

export function customers(server: TestServer): { c1: Customer; c2: Customer } {
  const make = (identity: Identity, account: string): Customer => {
    const user = server.services.users.byAccount(account);
    if (!user) throw new Error(`seeded ${account} missing`);
    return { identity, id: user.id, account, token: mintToken(server.services, identity)! };
  };
  // customer02 plays through a token of its own account (IDENTITY_ACCOUNT.customer is customer01).
  const c1 = make('customer', IDENTITY_ACCOUNT.customer);
  const c2user = server.services.users.byAccount('customer02')!;
  const c2: Customer = { identity: 'customer', id: c2user.id, account: 'customer02', token: server.services.sessions.create(c2user.id, '127.0.0.1') };
  return { c1, c2 };
}

/** Customer calls whose id-like fields are declared nowhere (they would escape the owner check). */
export function undeclaredIdFields(calls: readonly CallDef[]): string[] {
  const out: string[] = [];
  for (const call of calls) {
    if (call.access.kind === 'public' || !roleHolds('customer', call.access)) continue;
    for (const field of Object.keys(shapeOf(call))) {
      if (!ID_LIKE.test(field)) continue;
      if (OWNED_REFS[call.path as keyof typeof OWNED_REFS]?.[field] !== undefined) continue;
      if (NOT_OWNED_FIELDS[call.path as keyof typeof NOT_OWNED_FIELDS]?.includes(field)) continue;
      out.push(`${call.path}.${field}`);
    }
  }
  return out;
}

/** Declarations that name fields the call does not have (stale after a contract change). */
export function staleDeclarations(): string[] {
  const out: string[] = [];
  for (const [path, refs] of Object.entries(OWNED_REFS)) {
    const call = callsByPath.get(path);
    if (!call) {
      out.push(`${path}: not registered`);
      continue;
    }
    for (const field of Object.keys(refs ?? {})) if (!(field in shapeOf(call))) out.push(`${path}.${field}: no such request field`);
  }
  return out;
}

export interface RefCheck {
  call: string;
  field: string;
  attempts: number;
  /** Answers by status. */
  statuses: Record<number, number>;
  problems: string[];
}

/** Whether `data` shows a row of `owner` (its user id or account, or the very value named). */
function leaks(data: unknown, owner: Customer, field: string, value: unknown): string | null {
  const seen: unknown[] = [data];
  const top = data as { id?: unknown; content?: Row[] } | null;
  const topRows = Array.isArray(top?.content) ? top.content : top && typeof top === 'object' ? [top as Row] : [];
  if ((field === 'id' || field === 'ids') && topRows.some((r) => r.id === value)) return `answer holds row id ${String(value)}`;
  while (seen.length) {
    const v = seen.pop();
    if (Array.isArray(v)) seen.push(...v);
    else if (v && typeof v === 'object') {
      const o = v as Row;
      if (o.user_id === owner.id || o.account === owner.account) return `answer holds a row of ${owner.account}`;
      if (field !== 'id' && field !== 'ids' && field in o && o[field] === value) return `answer holds ${field} = ${String(value)}`;
      seen.push(...Object.values(o));
    }
  }
  return null;
}

/**
 * customer02 sends valid bodies of `call` whose `field` names customer01's row (other owned fields carry
 * customer02's own values, so the request gets as far as the check under test).
 */
export async function checkRef(
  env: FuzzEnv,
  call: CallDef,
  field: string,
  ref: OwnedRef,
  { c1, c2, samples = 8, seed = 7 }: { c1: Customer; c2: Customer; samples?: number; seed?: number },
): Promise<RefCheck> {
  const { server } = env;
  const result: RefCheck = { call: call.path, field, attempts: 0, statuses: {}, problems: [] };
  const theirs = (await refValues(server, c1, ref)).filter((v) => v !== undefined && v !== null);
  if (!theirs.length) {
    result.problems.push(`customer01 has no rows for ${field} (${typeof ref === 'string' ? ref : JSON.stringify(ref)}): seed some`);
    return result;
  }
  const refs = OWNED_REFS[call.path as keyof typeof OWNED_REFS] ?? {};
  const mine: Record<string, unknown[]> = {};
  for (const [other, otherRef] of Object.entries(refs)) if (other !== field) mine[other] = await refValues(server, c2, otherRef);
  const isArray = (f: string) => defOf(unwrap(schemaAt(call.request, [f]) ?? call.request)).type === 'array';
  const bodies = fc.sample(validBody(call.request, call.encryptedFields ?? [], env.ctx), { numRuns: samples, seed: seedOf(seed, `${call.path}.${field}`) });
  const checksum = env.checksum;
  const shape = shapeOf(call);
  for (const [i, generated] of bodies.entries()) {
    // Even attempts send only the required fields (broad reads return rows), odd ones a full generated body.
    const body: Row = Object.fromEntries(
      Object.entries(generated as Row).filter(([k]) => i % 2 === 1 || shape[k]?._zod.optin !== 'optional'),
    );
    for (const [other, values] of Object.entries(mine)) {
      if (!(other in body) || !values.length) continue; // only where the generated body names one
      body[other] = isArray(other) ? values.slice(0, 2) : values[0];
    }
    const value = theirs[i % theirs.length];
    body[field] = isArray(field) ? [value] : value;
    const before = checksum();
    const sent = await send(server.url, call.path, encodeBody(body, server.encrypt), { token: c2.token });
    result.attempts++;
    result.statuses[sent.status] = (result.statuses[sent.status] ?? 0) + 1;
    const changed = changedTables(before, checksum());
    const label = `${JSON.stringify(body, (_k, v: unknown) => (v instanceof Plain ? '<pw>' : v)).slice(0, 200)} → ${sent.status}`;
    if (sent.status === 0 || sent.status >= 500) result.problems.push(`${label}: ${sent.error ?? sent.text.slice(0, 200)}`);
    else if (changed.length) result.problems.push(`${label}: changed ${changed.join(', ')}`);
    else if (sent.status < 300) {
      const leak = leaks((JSON.parse(sent.text) as { data?: unknown }).data, c1, field, value);
      if (leak) result.problems.push(`${label}: ${leak}`);
    }
  }
  return result;
}

/** Lists: none of the rows customer02 sees is one of customer01's. */
export async function checkList(server: TestServer, list: OwnedList, { c1, c2 }: { c1: Customer; c2: Customer }): Promise<string[]> {
  const problems: string[] = [];
  const theirs = await listRows(server, c1, list);
  if (!theirs.length) return [`customer01 has no rows in ${describeList(list)}: seed some`];
  const ids = new Set(theirs.map((r) => r.id));
  const mine = await listRows(server, c2, list);
  const shared = mine.filter((r) => ids.has(r.id) || r.user_id === c1.id);
  if (shared.length) problems.push(`customer02 sees ${shared.length} rows of customer01 in ${describeList(list)}`);
  return problems;
}

/**
 * Rows the seed does not give customer01, made through the real paths: a refused visit of every code from a
 * desktop browser (stealing records of scan-only / WeChat-only codes) and a cleared access log (clear batch).
 */
export async function prepareOwnerRows(server: TestServer, c1: Customer): Promise<void> {
  for (const code of await listRows(server, c1, 'qr_code_list/inquire')) {
    await fetch(server.url + visitPath(String(code.file_name)), { headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120' } });
  }
  const withVisits = (await listRows(server, c1, 'qr_code_list/inquire')).find((c) => Number(c.record_count) > 1);
  if (withVisits) await server.call('qr_code_access/clear_access_history', { qr_code_id: withVisits.id }, c1.token);
}
