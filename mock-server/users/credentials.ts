import { passwordRule } from '../../contracts/index.ts';
import { ApiError } from '../services/errors.ts';
import { describeIssue } from '../services/call-checks.ts';
import { randomCode } from '../services/scope.ts';
import type { Users } from '../services/users.ts';

/** A password an administrator typed for a user (add, reset): §5 rules, and not the account (400 `password`). */
export function checkNewPassword(password: string, account: string): void {
  const parsed = passwordRule.safeParse(password);
  if (!parsed.success) throw new ApiError(400, describeIssue(parsed.error).key, { field: 'password' });
  if (password === account) throw new ApiError(400, 'validation.login_err_05', { field: 'password' });
}

/** Eight letters and digits, unused (as registration makes them). */
export function newInvitationCode(services: { readonly users: Pick<Users, 'byInvitationCode'> }): string {
  for (;;) {
    const code = randomCode(8).toUpperCase();
    if (!services.users.byInvitationCode(code)) return code;
  }
}

const PASSWORD_LENGTH = 12;
/** A generated password meets §5: letters and digits, at least one of each. */
export function generatedPassword(): string {
  for (;;) {
    const p = randomCode(PASSWORD_LENGTH);
    if (/[A-Za-z]/.test(p) && /[0-9]/.test(p)) return p;
  }
}
