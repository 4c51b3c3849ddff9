import type { Database } from 'better-sqlite3';
import { CloseCode, CloseReason, USER_SCREEN_KINDS } from '../../contracts/index.ts';
import { ApiError, notFound } from '../services/errors.ts';
import type { UserRow, Users } from '../services/users.ts';

/**
 * The guard rails of user and administrator changes (issue 12), in one place so both screens' calls and
 * any later caller (role editor) apply the same ones. Each throws an ApiError naming the field; the
 * resource engine runs them inside the call's transaction, so a refusal changes nothing.
 */

/** Role kinds ranked: nobody grants a role above their own, nor changes a user whose role is above theirs. */
const RANK: Readonly<Record<string, number>> = { customer: 1, agent: 2, admin: 3, super_admin: 4 };
export const rankOf = (kind: string): number => RANK[kind] ?? 0;

/** Which role kinds each screen manages; a user of another kind is "not found" there. */
/** Declared once in the contract, which the console's role pickers read too. */
export const SCREEN_KINDS = USER_SCREEN_KINDS;
export type UserScreen = keyof typeof SCREEN_KINDS;

const fail = (status: number, key: string, field: string) => new ApiError(status, key, { field });

interface Target {
  readonly id: number;
  readonly role_kind: string;
  readonly status?: number;
}

/** The target is live (unless `removing`: the engine flags it first), managed by this screen, not above the actor. */
export function checkTarget(db: Database, screen: UserScreen, me: UserRow, id: number, removing = false): Target {
  const t = db
    .prepare<[number], Target>('SELECT u.id, u.status, r.kind AS role_kind FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = ?')
    .get(id);
  if (!t || (t.status !== 1 && !removing) || !(SCREEN_KINDS[screen] as readonly string[]).includes(t.role_kind)) throw fail(404, 'errors.user_not_found', 'id');
  if (rankOf(t.role_kind) > rankOf(me.role_kind)) throw fail(403, 'errors.user_above_own', 'id');
  return t;
}

/** The role to give: it exists and is not above the actor's own. */
export function checkRoleGrant(db: Database, me: UserRow, roleId: number): string {
  const kind = db.prepare<[number], string>('SELECT kind FROM roles WHERE id = ?').pluck().get(roleId);
  if (kind === undefined) throw fail(400, 'errors.role_unknown', 'role_id');
  if (rankOf(kind) > rankOf(me.role_kind)) throw fail(400, 'errors.role_above_own', 'role_id');
  return kind;
}

/** Live, enabled super administrators other than `except`. */
function otherSuperAdmins(db: Database, except: readonly number[]): number {
  const rows = db
    .prepare<[], { id: number }>(
      "SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE r.kind = 'super_admin' AND u.status = 1 AND u.disable = 1",
    )
    .all();
  return rows.filter((r) => !except.includes(r.id)).length;
}

/**
 * Losing a user's standing (demotion, disabling, removal): never yourself, never the last super administrator.
 * `losing` lists every user losing it in this call (a removal of several).
 */
export function checkStanding(db: Database, me: UserRow, target: Target, field: string, losing: readonly number[] = [target.id]): void {
  if (target.id === me.id) throw fail(409, 'errors.self_change', field);
  if (target.role_kind === 'super_admin' && otherSuperAdmins(db, losing) === 0) throw fail(409, 'errors.last_super_admin', field);
}

/** A new superior: a live user, neither the user nor one of the user's descendants (no cycle). */
export function checkSuperior(db: Database, userId: number, superiorId: number): void {
  const live = db.prepare<[number], number>('SELECT status FROM users WHERE id = ?').pluck().get(superiorId);
  if (live !== 1) throw fail(400, 'errors.superior_unknown', 'superior_id');
  // Walk up from the new superior; meeting the user means the user would become its own ancestor.
  const up = db.prepare<[number], number | null>('SELECT superior_id FROM users WHERE id = ?').pluck();
  const seen = new Set<number>();
  for (let at: number | null | undefined = superiorId; at != null && !seen.has(at); at = up.get(at)) {
    if (at === userId) throw fail(400, 'errors.superior_cycle', 'superior_id');
    seen.add(at);
  }
}

/** After the commit: a disabled or removed user's open consoles close at once (their sessions are already gone). */
export function closeSockets(services: { readonly realtime: { closeUser(userId: number, code: number, reason?: string): number } }, userIds: readonly number[]): number {
  let closed = 0;
  for (const id of userIds) closed += services.realtime.closeUser(id, CloseCode.values.session_ended, CloseReason.accountDisabled);
  return closed;
}

/** A user who is not removed, or 404: whom a message or a socket push may be aimed at. */
export function liveUser(services: { readonly users: Pick<Users, 'byId'> }, id: number): UserRow {
  const user = services.users.byId(id);
  if (!user || user.status === 2) throw notFound('errors.user_not_found');
  return user;
}
