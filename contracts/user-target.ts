/**
 * Who may act on whom (issue 20). A call that acts on a user named by id declares it once in `defineCall`
 * (`target: { field, action }`); the router (mock-server/users/target-guard.ts) applies `targetRefusal` to
 * every user the field names before the handler runs. Decision and matrix:
 * docs/decisions/2026-11-26-rank-and-self.md.
 */

/** Role kinds from least to most powerful (the rank is the position). */
export const RANKED_KINDS = ['customer', 'agent', 'admin', 'super_admin'] as const;
export type RankedKind = (typeof RANKED_KINDS)[number];

/** 0 for an unknown kind: it ranks below everyone and outranks no one. */
export const rankOfKind = (kind: string): number => RANKED_KINDS.indexOf(kind as RankedKind) + 1;

/**
 * What the call does to its target.
 * - `manage`: account and console management (edit, disable, remove, refresh, disconnect, clear messages).
 * - `password`: sets the target's password without the old one.
 * - `money`: creates or removes money on the target's balance (balance adjustment).
 * - `review`: decides on the target's own request for money (withdrawal approval or rejection).
 */
export type TargetAction = 'manage' | 'password' | 'money' | 'review';

export interface UserTarget {
  /** Request field holding the target user's id, or a list of them (`ids`). Absent in a body: no target. */
  readonly field: string;
  readonly action: TargetAction;
  /** The field names a row of this kind instead of a user; the row's owner is the target. */
  readonly via?: 'withdrawal';
}

/** Why a caller may not act on a target, as an i18n key (`errors.*`), or null when allowed. */
export function targetRefusal(
  action: TargetAction,
  caller: { readonly id: number; readonly role_kind: string },
  target: { readonly id: number; readonly role_kind: string },
): string | null {
  if (target.id === caller.id) {
    // Oneself: managing one's own console is harmless (standing guards refuse self-demotion apart); creating
    // money for oneself, approving one's own payout or skipping one's own old password is what four eyes forbids.
    if (action === 'manage') return null;
    return action === 'password' ? 'errors.target_self_password' : 'errors.target_self_money';
  }
  const mine = rankOfKind(caller.role_kind);
  const theirs = rankOfKind(target.role_kind);
  if (theirs < mine) return null;
  // Super administrators keep each other's accounts running (edit, reset a forgotten password, review a
  // request), but never create money for one another: that needs no second super administrator to collude.
  if (theirs === mine && caller.role_kind === 'super_admin' && action !== 'money') return null;
  return 'errors.target_rank';
}

/**
 * Writes that name a user by a `user_id` field but do not act on that user's account, each with the reason.
 * tests/contract/user-targets.test.ts fails for a write naming a user that is declared neither way.
 */
export const NOT_USER_TARGETS: Readonly<Record<string, string>> = {
  'message/send': 'a message informs its recipient; it changes nothing of their account, balance or password',
};

/** Request fields that name a user in a write: `user_id(s)` anywhere, `id(s)` on the user screens' calls. */
export function namesUser(path: string, field: string): boolean {
  if (field === 'user_id' || field === 'user_ids') return true;
  return (field === 'id' || field === 'ids') && /^(user|administrators)\//.test(path);
}
