import type { CallDef } from '../../contracts/index.ts';
import { ApiError } from '../services/errors.ts';
import type { UserRow } from '../services/users.ts';
import { isMemberAt } from './arithmetic.ts';

/**
 * The one place the membership rule is enforced: the call router runs it for every call declared
 * `membership: true` (creating QR codes, short links, domains, forwards), after the access check. Only
 * customers are members; agents and administrators never are, so they are never refused. 402 (payment
 * required) rather than 403: the role may make the call, the account has to pay first, and the console
 * tells the two apart to offer the renewal link.
 */
export function requireMembership(call: Pick<CallDef, 'membership'>, user: UserRow | null, nowMs: number): void {
  if (!call.membership || !user || user.role_kind !== 'customer') return;
  if (isMemberAt(user.member_expire_time, nowMs)) return;
  const expiry = user.member_expire_time;
  throw expiry === null ? new ApiError(402, 'errors.membership_none') : new ApiError(402, 'errors.membership_expired', { expiry });
}
