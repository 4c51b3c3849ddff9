import { z } from 'zod';
import { ANY_USER, PUBLIC } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, emptyRequest, id, noData } from '../envelope.ts';
import { DisableFlag, OnlineStatus } from '../enums.ts';
import { microAmount } from '../money.ts';
import { accountRule, invitationCodeRule, totpCodeRule } from '../validation.ts';

/**
 * RSA-OAEP(SHA-256) ciphertext of a password, base64. The server decrypts it before validation. The type check
 * carries the message too, so a missing password reads "Please input password" (§5), not zod's wording.
 */
export const encryptedPassword = z.string({ error: 'validation.login_err_03' }).min(1, 'validation.login_err_03').max(1024);

export const userInfo = z.object({
  id,
  account: z.string(),
  name: z.string(),
  role_id: id,
  role_name: z.string(),
  /** 'super_admin' | 'admin' | 'customer' | 'agent': what the role is for, so the console can pick home pages. */
  role_kind: z.string(),
  phone: z.string(),
  superior_id: z.int().nullable(),
  invitation_code: z.string(),
  /** Integer micro-units (1 USDT = 1,000,000; contracts/money.ts). */
  balance_micro: microAmount,
  share_ratio: z.number(),
  member_expire_time: dateTime.nullable(),
  online_status: OnlineStatus.schema,
  disable: DisableFlag.schema,
  totp_enabled: z.boolean(),
  create_time: dateTime,
});
export type UserInfo = z.infer<typeof userInfo>;

export const session = z.object({
  token: z.string(),
  user_info: userInfo,
  /**
   * This session's AES-256 key for the real-time socket (base64 of 32 random bytes; see contracts/realtime).
   * Optional in the schema so older answers parse; the mock server always sends it.
   */
  realtime_key: z.string().length(44).optional(),
});
export type Session = z.infer<typeof session>;

export const publicKey = defineCall({
  path: 'security/public_key',
  summary: 'The RSA-OAEP (SHA-256) public key that passwords are encrypted with, as base64 SPKI.',
  access: PUBLIC,
  request: emptyRequest,
  response: z.object({ algorithm: z.literal('RSA-OAEP-256'), spki: z.string() }),
});

export const register = defineCall({
  path: 'admin/register',
  summary: 'Register a customer account, optionally under an inviting agent (code). Logs in at once.',
  access: PUBLIC,
  request: z.strictObject({
    account: accountRule,
    password: encryptedPassword,
    code: invitationCodeRule.optional(),
  }),
  response: session,
  encryptedFields: ['password'],
  // Audited as login / login_failed / logout / register events by the handler, for every role.
  audit: false,
});

export const login = defineCall({
  path: 'admin/login',
  summary: 'Log in with account, encrypted password and (for accounts that enabled it) a TOTP code.',
  access: PUBLIC,
  request: z.strictObject({
    account: z.string({ error: 'validation.login_account_required' }).trim().min(1, 'validation.login_account_required').max(64).meta({ examples: ['superadmin'] }),
    password: encryptedPassword,
    totp: totpCodeRule.optional(),
  }),
  response: session,
  encryptedFields: ['password'],
  // Audited as login / login_failed / logout / register events by the handler, for every role.
  audit: false,
});

export const logout = defineCall({
  path: 'admin/logout',
  summary: 'End the session; its token stops working at once.',
  access: ANY_USER,
  request: emptyRequest,
  response: noData,
  // Audited as login / login_failed / logout / register events by the handler, for every role.
  audit: false,
});

export const getUserInfo = defineCall({
  path: 'admin/user_info',
  summary: 'The logged-in user and the token.',
  access: ANY_USER,
  request: emptyRequest,
  response: session,
});

export const changePassword = defineCall({
  path: 'admin/update_password',
  summary: 'Change the own password. Ends every session of the user, this one included.',
  access: ANY_USER,
  request: z.strictObject({ old_password: encryptedPassword, new_password: encryptedPassword }),
  response: noData,
  encryptedFields: ['old_password', 'new_password'],
});

export const authCalls = [publicKey, register, login, logout, getUserInfo, changePassword] as const;
