import { z } from 'zod';
import { MONEY_MAX_MICRO } from './money.ts';

/**
 * Spec §5 rules, written once. Messages are i18n keys (`validation.*`) that both the console's forms and the
 * server's 400 answers translate through `contracts/i18n`.
 */
export const ACCOUNT_MIN = 5;
export const ACCOUNT_MAX = 32;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
export const ACCESS_LOG_LOOKBACK_DAYS = 7;
export const ACCESS_LOG_DEFAULT_DAYS = 3;

export const accountRule = z
  .string({ error: 'validation.login_err_02' })
  .trim()
  .min(1, 'validation.login_err_02')
  .min(ACCOUNT_MIN, 'validation.account_min')
  .max(ACCOUNT_MAX, 'validation.account_max')
  .regex(/^[A-Za-z0-9_.@-]+$/, 'validation.account_charset');

/** Decision (docs/money-and-trust.md, "Sign-in and sessions"): "letters and digits only" and "needs English + digits" means both kinds, nothing else. */
export const passwordRule = z
  .string({ error: 'validation.login_err_03' })
  .min(1, 'validation.login_err_03')
  .min(PASSWORD_MIN, 'validation.password_min')
  .max(PASSWORD_MAX, 'validation.password_max')
  .regex(/^[A-Za-z0-9]+$/, 'validation.password_charset')
  .regex(/[A-Za-z]/, 'validation.password_charset')
  .regex(/[0-9]/, 'validation.password_charset');

/** The invitation code from `?code=` is taken only when alphanumeric. */
export const invitationCodeRule = z.string().max(32, 'validation.code_max').regex(/^[A-Za-z0-9]*$/, 'validation.code_charset');
export function isUsableInvitationCode(code: string | null | undefined): code is string {
  return !!code && /^[A-Za-z0-9]{1,32}$/.test(code);
}

export const totpCodeRule = z.string().regex(/^(\d{6})?$/, 'validation.totp_format');

export const registerForm = z
  .object({
    account: accountRule,
    password: passwordRule,
    // Empty is "enter it again" (a required field, said before any comparison, §5's order), never "inconsistent".
    repeat_password: z.string().min(1, 'validation.repeat_password_required'),
    code: invitationCodeRule.optional(),
  })
  .refine((f) => f.password === f.repeat_password, { path: ['repeat_password'], message: 'validation.login_err_04' })
  .refine((f) => f.password !== f.account, { path: ['password'], message: 'validation.login_err_05' });
export type RegisterForm = z.input<typeof registerForm>;

export const loginForm = z
  .object({
    account: z.string().trim().min(1, 'validation.login_account_required'),
    password: z.string().min(1, 'validation.login_err_03'),
    totp: totpCodeRule.optional(),
  })
  .refine((f) => f.password !== f.account, { path: ['password'], message: 'validation.login_err_05' });
export type LoginForm = z.input<typeof loginForm>;

export const changePasswordForm = z
  .object({
    old_password: z.string().min(1, 'validation.old_password_required'),
    new_password: passwordRule,
    repeat_password: z.string().min(1, 'validation.new_password_required'),
  })
  .refine((f) => f.new_password === f.repeat_password, {
    path: ['repeat_password'],
    message: 'validation.passwords_inconsistent',
  })
  // A "new" password equal to the old one changes nothing and would end every session for it (the server refuses it too).
  .refine((f) => f.new_password !== f.old_password, { path: ['new_password'], message: 'validation.password_same_as_old' });
export type ChangePasswordForm = z.input<typeof changePasswordForm>;

/**
 * A share ratio: a percentage from 0 to 100 with at most 2 decimals (12.34 %), so commission = amount × ratio
 * is exact in basis points (docs/decisions/2026-11-26-money-matching.md). The 1e-6 tolerance only absorbs
 * binary floating point (12.34 × 100 = 1233.9999999999998); 12.345 is 0.5 basis points off and refused.
 */
export const shareRatioRule = z
  .number({ error: 'validation.share_ratio' })
  .min(0, 'validation.share_ratio')
  .max(100, 'validation.share_ratio')
  .refine((x) => Math.abs(x * 100 - Math.round(x * 100)) < 1e-6, 'validation.share_ratio_decimals');
export const nonEmptyName = z.string().trim().min(1, 'validation.name_required').max(64);
/** Balance edit (§5: positive adds, negative subtracts), in integer micro-units (contracts/money.ts). */
export const balanceChangeRule = z
  .int({ error: 'validation.balance_change' })
  .min(-MONEY_MAX_MICRO, 'validation.amount_max')
  .max(MONEY_MAX_MICRO, 'validation.amount_max')
  .refine((n) => n !== 0, 'validation.balance_change');

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
export const ipv4Rule = z.string().regex(IPV4, 'validation.ip_invalid').meta({ examples: ['203.0.113.7'] });
export function isIpv4(s: string): boolean {
  return IPV4.test(s);
}

/** Split the access-log textarea into IPs: one per line, blanks ignored. */
export function parseIpLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}
