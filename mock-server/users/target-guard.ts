import type { Database } from 'better-sqlite3';
import { targetRefusal, type CallDef } from '../../contracts/index.ts';
import { ApiError } from '../services/errors.ts';
import { perDatabase } from '../services/scope.ts';
import type { UserRow } from '../services/users.ts';

/**
 * The rank and self rule of contracts/user-target.ts, run by the router for every call declaring `target`
 * once its body is valid and before the handler. One indexed statement per call (the targets' role kinds),
 * and only for the few declared calls. Ids that name nobody are left to the handler (404).
 */
interface Found {
  readonly id: number;
  readonly role_kind: string;
}

/** The two statements, prepared once per database. */
const statementsOf = perDatabase((db: Database) => ({
  users: db.prepare<[string], Found>(
    'SELECT u.id, r.kind AS role_kind FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id IN (SELECT value FROM json_each(?))',
  ),
  withdrawal: db.prepare<[number], Found>(
    'SELECT u.id, r.kind AS role_kind FROM withdrawals w JOIN users u ON u.id = w.user_id JOIN roles r ON r.id = u.role_id WHERE w.id = ?',
  ),
}));

/** The users a declared call acts on (empty when the field is absent or names nobody). */
export function targetsOf(db: Database, call: CallDef, body: Record<string, unknown>): Found[] {
  const target = call.target;
  if (!target) return [];
  const value = body[target.field];
  if (value === undefined || value === null) return [];
  const s = statementsOf(db);
  if (target.via === 'withdrawal') {
    const row = typeof value === 'number' ? s.withdrawal.get(value) : undefined;
    return row ? [row] : [];
  }
  const ids = Array.isArray(value) ? value : [value];
  return s.users.all(JSON.stringify(ids));
}

/** Throws 403 naming the field when the caller may not act on one of the targets. */
export function requireTargetAllowed(db: Database, call: CallDef, user: UserRow | null, body: Record<string, unknown>): Found[] {
  if (!call.target || !user) return [];
  const found = targetsOf(db, call, body);
  for (const t of found) {
    const refusal = targetRefusal(call.target.action, user, t);
    if (refusal) throw new ApiError(403, refusal, { field: call.target.field });
  }
  return found;
}
