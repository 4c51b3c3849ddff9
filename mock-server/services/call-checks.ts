import type { z } from 'zod';
import { issueVars, type CallDef } from '../../contracts/index.ts';
import { forbidden, unauthorized } from './errors.ts';
import type { UserRow, Users } from './users.ts';

/**
 * What a call demands before its handler runs: the caller's right to make it and a body that fits its schema.
 * The router applies both to every request; an export job (its operator, its filters), the upload route and
 * the control API apply the same ones, so none of them imports the router.
 */

/** The caller of a call that needs one; 401 when there is none. */
export function requireUser(user: UserRow | null): UserRow {
  if (!user) throw unauthorized();
  return user;
}

export function checkAccess(services: { readonly users: Pick<Users, 'permissionKeys'> }, call: CallDef, user: UserRow | null): void {
  const { access } = call;
  if (access.kind === 'public') return;
  if (!user) throw unauthorized();
  if (access.kind === 'user') return;
  const keys = services.users.permissionKeys(user.role_id);
  const key = access.button ? `${access.route}:${access.button}` : access.route;
  if (!keys.has(access.route) || !keys.has(key)) throw forbidden();
}

/** First problem of a failed parse, naming the field: `account: username must be longer than 5 characters`. */
export function describeIssue(error: z.ZodError): { key: string; field: string; vars?: Record<string, string> } {
  const issue = error.issues[0];
  if (!issue) return { key: 'errors.invalid_parameter', field: '' };
  if (issue.code === 'unrecognized_keys') {
    const where = issue.path.length ? `${issue.path.join('.')}.` : '';
    return { key: 'errors.unknown_field', field: '', vars: { fields: issue.keys.map((k) => where + k).join(', ') } };
  }
  return { key: issue.message, field: issue.path.map(String).join('.') || 'body', vars: issueVars(issue) };
}
