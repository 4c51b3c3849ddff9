import type { Database } from 'better-sqlite3';
import { notFound } from '../services/errors.ts';
import { isAdmin } from '../services/scope.ts';
import type { UserRow } from '../services/users.ts';

/**
 * Whose codes a statistics call counts, as a SQL condition on a code id column plus its parameters.
 * Administrators: every code, or one user's; agents: their own and their customers' (superior_id), or one of
 * those users; customers: their own. A user outside that answers 404 (never "forbidden": no existence leak).
 */
export interface CodeScope {
  /** e.g. `h.qr_code_id IN (SELECT id FROM qr_codes WHERE user_id = ?)`, or `1` for everything. */
  sql(column: string): string;
  readonly params: readonly number[];
  /** The same scope as a condition on an owner id column, when it is whole owners (not one code). */
  readonly owners?: { sql(column: string): string; readonly params: readonly number[] };
}

/** Every code of the service (administrators without a user filter). */
export const ALL_CODES: CodeScope = { sql: () => '1', params: [], owners: { sql: () => '1', params: [] } };
const ofUser = (userId: number): CodeScope => ({
  sql: (c) => `${c} IN (SELECT id FROM qr_codes WHERE user_id = ?)`,
  params: [userId],
  owners: { sql: (c) => `${c} = ?`, params: [userId] },
});

export function codeScope(db: Database, me: UserRow, userId: number | undefined): CodeScope {
  if (isAdmin(me)) {
    if (userId === undefined) return ALL_CODES;
    if (!db.prepare('SELECT 1 FROM users WHERE id = ?').get(userId)) throw notFound();
    return ofUser(userId);
  }
  if (me.role_kind === 'agent') {
    if (userId === undefined)
      return {
        sql: (c) => `${c} IN (SELECT q.id FROM qr_codes q JOIN users u ON u.id = q.user_id WHERE u.id = ? OR u.superior_id = ?)`,
        params: [me.id, me.id],
        owners: { sql: (c) => `${c} IN (SELECT id FROM users WHERE id = ? OR superior_id = ?)`, params: [me.id, me.id] },
      };
    if (userId !== me.id && !db.prepare('SELECT 1 FROM users WHERE id = ? AND superior_id = ?').get(userId, me.id)) throw notFound();
    return ofUser(userId);
  }
  if (userId !== undefined && userId !== me.id) throw notFound();
  return ofUser(me.id);
}

/** Narrow a scope to one code, which must lie inside it (else 404). */
export function oneCode(db: Database, scope: CodeScope, codeId: number): CodeScope {
  const inside = db.prepare(`SELECT 1 FROM qr_codes q WHERE q.id = ? AND ${scope.sql('q.id')}`).get(codeId, ...scope.params);
  if (!inside) throw notFound();
  return { sql: (c) => `${c} = ?`, params: [codeId] };
}
