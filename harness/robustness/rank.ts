import fc from 'fast-check';
import { calls, LOCALES, sharedMessages, type CallDef, type TargetAction } from '../../contracts/index.ts';
import type { TestServer } from '../server.ts';
import { validBody, type DeriveContext } from './derive.ts';
import { send } from './fuzz-runner.ts';
import { encodeBody } from './hostile.ts';
import { IDENTITY_ACCOUNT, mintToken, roleHolds, roleKindOf, type Identity } from './identities.ts';

/**
 * Rank and self identities of `npm run audit:authz` (issue 20): every call declaring `target` is made by each
 * seeded caller that holds it, on a super administrator, a second super administrator, an administrator, a
 * second administrator, an agent, a customer and the caller itself. The expectation is the table below,
 * written out by hand from docs/decisions/2026-11-26-rank-and-self.md (not computed by the server's rule).
 */
export const RANK_TARGETS = ['super', 'super2', 'admin', 'admin2', 'agent', 'customer', 'self'] as const;
export type RankTarget = (typeof RANK_TARGETS)[number];
export type RankCaller = Extract<Identity, 'admin' | 'super'>;

/**
 * Allowed (true) or refused with 403 (false), per action, caller and target. For the admin caller the target
 * `admin` is admin01, the caller itself; for the super caller `super` is superadmin, the caller itself.
 */
const T = true;
const F = false;
const row = (s: boolean, s2: boolean, a: boolean, a2: boolean, ag: boolean, cu: boolean, self: boolean): Record<RankTarget, boolean> => ({
  super: s, super2: s2, admin: a, admin2: a2, agent: ag, customer: cu, self,
});
export const RANK_MATRIX: Record<TargetAction, Record<RankCaller, Record<RankTarget, boolean>>> = {
  //                      super super2 admin admin2 agent customer self
  manage: { admin: row(F, F, T, F, T, T, T), super: row(T, T, T, T, T, T, T) },
  password: { admin: row(F, F, F, F, T, T, F), super: row(F, T, T, T, T, T, F) },
  money: { admin: row(F, F, F, F, T, T, F), super: row(F, F, T, T, T, T, F) },
  review: { admin: row(F, F, F, F, T, T, F), super: row(F, T, T, T, T, T, F) },
};

export interface RankCell {
  call: string;
  caller: RankCaller;
  target: RankTarget;
  expected: 'allowed' | 403;
  status: number;
  message: string;
  ok: boolean;
}

const REFUSALS = new Set(
  LOCALES.flatMap((l) => [sharedMessages[l].errors.target_rank, sharedMessages[l].errors.target_self_money, sharedMessages[l].errors.target_self_password]),
);

/** Extra accounts the matrix needs (a second super administrator and a second administrator), made directly. */
function extraUser(server: TestServer, account: string, kind: 'super_admin' | 'admin'): number {
  const db = server.db;
  const existing = db.prepare('SELECT id FROM users WHERE account = ?').pluck().get(account) as number | undefined;
  if (existing) return existing;
  const roleId = db.prepare('SELECT id FROM roles WHERE kind = ? ORDER BY id LIMIT 1').pluck().get(kind) as number;
  return Number(
    db
      .prepare(
        `INSERT INTO users (account, name, password_hash, role_id, invitation_code, share_ratio, create_time, register_ip)
         VALUES (?, ?, 'x', ?, ?, 0, '2026-01-01 00:00:00', '127.0.0.1')`,
      )
      .run(account, account, roleId, account.toUpperCase()).lastInsertRowid,
  );
}

function userIds(server: TestServer, caller: RankCaller): Record<RankTarget, number> {
  const idOf = (account: string) => server.db.prepare('SELECT id FROM users WHERE account = ?').pluck().get(account) as number;
  return {
    super: idOf('superadmin'),
    super2: extraUser(server, 'rank_super2', 'super_admin'),
    admin: idOf('admin01'),
    admin2: extraUser(server, 'rank_admin2', 'admin'),
    agent: idOf(IDENTITY_ACCOUNT.agent),
    customer: idOf(IDENTITY_ACCOUNT.customer),
    self: idOf(IDENTITY_ACCOUNT[caller]),
  };
}

/** A pending withdrawal request of `userId` (the target of a `via: 'withdrawal'` call), made directly. */
function pendingWithdrawal(server: TestServer, userId: number): number {
  const db = server.db;
  db.prepare('DELETE FROM withdrawals WHERE user_id = ? AND status = 1').run(userId);
  return Number(
    db
      .prepare(`INSERT INTO withdrawals (user_id, amount_micro, address, create_time) VALUES (?, 10000000, 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy', '2026-01-01 00:00:00')`)
      .run(userId).lastInsertRowid,
  );
}

/** Every call that declares a target. */
export const targetCalls = (): CallDef[] => (calls as readonly CallDef[]).filter((c) => c.target);

/** One valid body of the call with the target field set to `value` (a list field gets a one-element list). */
function bodyFor(call: CallDef, ctx: DeriveContext, value: number): Record<string, unknown> {
  const [sample] = fc.sample(validBody(call.request, call.encryptedFields ?? [], ctx), { numRuns: 1, seed: 20261126 });
  const body = { ...(sample as Record<string, unknown>) };
  const field = call.target!.field;
  body[field] = field.endsWith('ids') ? [value] : value;
  // message/send style either-or bodies are not declared targets; nothing else to adjust.
  return body;
}

export async function rankMatrix(server: TestServer, ctx: DeriveContext): Promise<RankCell[]> {
  const cells: RankCell[] = [];
  for (const call of targetCalls()) {
    for (const caller of ['admin', 'super'] as const) {
      if (!roleHolds(roleKindOf(caller)!, call.access)) continue;
      const ids = userIds(server, caller);
      for (const target of RANK_TARGETS) {
        const expected = RANK_MATRIX[call.target!.action][caller][target] ? 'allowed' : 403;
        const value = call.target!.via === 'withdrawal' ? pendingWithdrawal(server, ids[target]) : ids[target];
        const token = mintToken(server.services, caller);
        const sent = await send(server.url, call.path, encodeBody(bodyFor(call, ctx, value), server.encrypt), { token });
        let message = '';
        try {
          message = String((JSON.parse(sent.text) as { message?: unknown }).message ?? '');
        } catch {
          message = sent.text.slice(0, 80);
        }
        // The envelope may prefix the field (`id: …`): the rule's sentence ends the message.
        const refusedByRule = sent.status === 403 && [...REFUSALS].some((r) => message.endsWith(r));
        const ok = sent.status > 0 && sent.status < 500 && (expected === 403 ? refusedByRule : sent.status !== 403);
        cells.push({ call: call.path, caller, target, expected, status: sent.status, message, ok });
        restoreAccounts(server);
      }
    }
  }
  return cells;
}

/** Allowed cells may disable, demote or remove a target: put the seeded accounts back between cells. */
function restoreAccounts(server: TestServer): void {
  const kinds: Record<string, string> = { superadmin: 'super_admin', rank_super2: 'super_admin', admin01: 'admin', rank_admin2: 'admin', agent01: 'agent', customer01: 'customer' };
  const put = server.db.prepare('UPDATE users SET status = 1, disable = 1, role_id = (SELECT id FROM roles WHERE kind = ? ORDER BY id LIMIT 1) WHERE account = ?');
  for (const [account, kind] of Object.entries(kinds)) put.run(kind, account);
}

/** The rank matrix as rows (one per call and caller; a column per target: status, ✗ where it breaks the table). */
export function rankRows(cells: readonly RankCell[]): Record<string, string>[] {
  const rows = new Map<string, Record<string, string>>();
  for (const c of cells) {
    const key = `${c.call} as ${c.caller}`;
    const row = rows.get(key) ?? { call: c.call, caller: c.caller };
    row[c.target] = c.ok ? String(c.status) : `${c.status} ✗${c.expected === 403 ? '≠403' : ''}`;
    rows.set(key, row);
  }
  return [...rows.values()];
}
