import { describeAccess, type CallDef } from '../../contracts/index.ts';
import type { TestServer } from '../server.ts';
import { send } from './fuzz-runner.ts';
import { expectedOutcome, IDENTITIES, mintToken, type Expected, type Identity } from './identities.ts';

/** One cell of the authorization matrix: what the registry says, what the server answered. */
export interface AuthzCell {
  call: string;
  access: string;
  identity: Identity;
  expected: Expected;
  status: number;
  ok: boolean;
}

/**
 * Whether an answer fits the expectation. 'allowed' means the access check let the caller through: any answer
 * but 401/403 (the empty body then usually fails validation with 400, which is past the check), never 5xx.
 */
export function fits(expected: Expected, status: number): boolean {
  if (status === 0 || status >= 500) return false;
  return expected === 'allowed' ? status !== 401 && status !== 403 : status === expected;
}

/**
 * Every call × every identity, each with a fresh token and an empty body `{}` (the access check runs before
 * validation, so the body does not decide the outcome).
 */
export async function authzMatrix(server: TestServer, calls: readonly CallDef[]): Promise<AuthzCell[]> {
  const cells: AuthzCell[] = [];
  for (const call of calls) {
    for (const identity of IDENTITIES) {
      const expected = expectedOutcome(call.access, identity);
      const token = mintToken(server.services, identity);
      const sent = await send(server.url, call.path, '{}', { token });
      cells.push({ call: call.path, access: describeAccess(call.access), identity, expected, status: sent.status, ok: fits(expected, sent.status) });
    }
  }
  return cells;
}

/** The matrix as rows (one per call, a column per identity: the status, with ✗ where it breaks the rule). */
export function matrixRows(cells: readonly AuthzCell[]): Record<string, string>[] {
  const rows = new Map<string, Record<string, string>>();
  for (const c of cells) {
    const row = rows.get(c.call) ?? { call: c.call, access: c.access };
    const want = c.expected === 'allowed' ? '' : `≠${c.expected}`;
    row[c.identity] = c.ok ? String(c.status) : `${c.status} ✗${want}`;
    rows.set(c.call, row);
  }
  return [...rows.values()];
}
