import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, emptyRequest, id, listRequest, pageOf } from '../envelope.ts';
import { DisableFlag, OnlineStatus } from '../enums.ts';
import { microAmount } from '../money.ts';
import { accountRule, invitationCodeRule, shareRatioRule } from '../validation.ts';
import { encryptedPassword } from './auth.ts';

/**
 * Users and administrators (spec §3 "Administrator/user", §6): one `users` table, two screens. `user_list`
 * shows agents and customers, `administrators` (super only) the administrator roles. Removing sets status 2
 * (§4); disabling or removing ends the user's sessions and closes their sockets at once.
 */
export const userRow = z.object({
  id,
  account: z.string(),
  name: z.string(),
  role_id: id,
  role_name: z.string(),
  role_kind: z.string(),
  phone: z.string(),
  superior_id: z.int().nullable(),
  superior_account: z.string().nullable(),
  invitation_code: z.string(),
  balance_micro: microAmount,
  share_ratio: z.number(),
  member_expire_time: dateTime.nullable(),
  online_status: OnlineStatus.schema,
  online_update_time: dateTime.nullable(),
  disable: DisableFlag.schema,
  create_time: dateTime,
  register_ip: z.string(),
  login_ip: z.string(),
  login_time: dateTime.nullable(),
  /** How many domains the user may apply for. */
  domain_limit: z.int(),
});
export type UserRow = z.infer<typeof userRow>;

const userFilters = {
  account: z.string().max(64).optional(),
  phone: z.string().max(32).optional(),
  role_id: id.optional(),
  superior_id: id.optional(),
  disable: DisableFlag.schema.optional(),
  online_status: OnlineStatus.schema.optional(),
  start_time: dateTime.optional(),
  end_time: dateTime.optional(),
};

/** §5: share ratio is a number ≥ 0 (a percentage). */
const shareRatio = shareRatioRule;

const userChanges = {
  id,
  name: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(32).regex(/^[0-9+\- ]*$/, 'validation.phone_format').optional(),
  role_id: id.optional(),
  /** null: no superior. A superior may not be the user or one of the user's descendants. */
  superior_id: id.nullable().optional(),
  /** Decision (docs/decisions/2026-11-23-users-and-roles.md): administrators may change it; unique. */
  invitation_code: invitationCodeRule.min(1, 'validation.code_charset').optional(),
  share_ratio: shareRatio.optional(),
  member_expire_time: dateTime.nullable().optional(),
  domain_limit: z.int().min(0).max(100_000).optional(),
  disable: DisableFlag.schema.optional(),
};

/**
 * A new user from the list screens: the password typed by the administrator (RSA-encrypted, §5 rules) or,
 * without one, generated and answered once; no invitation code → a generated one.
 */
const newUser = {
  account: accountRule,
  password: encryptedPassword.optional(),
  name: z.string().trim().max(64).optional(),
  phone: userChanges.phone,
  role_id: id,
  superior_id: id.nullable().optional(),
  invitation_code: userChanges.invitation_code,
  /** Absent: the default subscriber config's default share ratio. */
  share_ratio: shareRatio.optional(),
  member_expire_time: dateTime.nullable().optional(),
  domain_limit: userChanges.domain_limit,
};
/** The added row and, when the server chose the password, that password (shown once, never stored in clear). */
export const GENERATED_PASSWORD =
  'The generated password in clear (the server chose it because none was sent), answered this once and never ' +
  'stored in clear; null when the caller gave the password. Not RSA ciphertext: show it to the person as is.';
export const addedUser = userRow.extend({ password: z.string().nullable().describe(GENERATED_PASSWORD) });

function screenCalls<P extends string>(prefix: P, route: 'user_list' | 'administrators') {
  const who = route === 'user_list' ? 'agents and customers' : 'administrators and super administrators';
  return {
    add: defineCall({
      path: `${prefix}/add` as `${P}/add`,
      summary:
        `Add one of the ${who}: a role of this screen not above your own; account and invitation code unique (409 naming ` +
        'the field); without a password one is generated and answered once.',
      access: permission(route, 'add'),
      // The example's role is one of this screen's (customer, or administrator).
      request: z.strictObject({ ...newUser, role_id: newUser.role_id.meta({ examples: [route === 'user_list' ? 3 : 2] }) }),
      response: addedUser,
      encryptedFields: ['password'],
    }),
    inquire: defineCall({
      path: `${prefix}/inquire` as `${P}/inquire`,
      summary: `Live ${who}, newest first; filters account and phone (contains), role, superior, disabled, online, registration time.`,
      access: permission(route),
      request: listRequest(userFilters).refine((b) => !b.start_time || !b.end_time || b.start_time <= b.end_time, {
        message: 'validation.time_order',
        path: ['end_time'],
      }),
      response: pageOf(userRow),
    }),
    update: defineCall({
      path: `${prefix}/update` as `${P}/update`,
      summary:
        `Change one of the ${who}: only the fields sent. Guard rails: nobody demotes or disables themselves, the last ` +
        'super administrator stays one, nobody grants a role above their own, the superior chain has no cycle. ' +
        'Disabling ends the sessions and closes the sockets at once.',
      access: permission(route, 'update'),
      target: { field: 'id', action: 'manage' },
      request: z.strictObject(userChanges),
      response: userRow,
    }),
    remove: defineCall({
      path: `${prefix}/remove` as `${P}/remove`,
      summary: `Remove ${who} (status 2, spec §4): all or none; never yourself nor the last super administrator. Ends their sessions and sockets.`,
      access: permission(route, 'remove'),
      target: { field: 'ids', action: 'manage' },
      request: z.strictObject({ ids: z.array(id).min(1).max(500) }),
      response: z.object({ removed: z.int().min(0) }),
    }),
  };
}

const users = screenCalls('user', 'user_list');
const admins = screenCalls('administrators', 'administrators');
export const userAdd = users.add;
export const administratorsAdd = admins.add;
export const userInquire = users.inquire;
export const userUpdate = users.update;
export const userRemove = users.remove;
export const administratorsInquire = admins.inquire;
export const administratorsUpdate = admins.update;
export const administratorsRemove = admins.remove;

export const userResetPassword = defineCall({
  path: 'user/reset_password',
  summary:
    "Set a user's password: the one given (RSA-encrypted, §5 rules) or, without one, a generated one answered once. " +
    "Ends the user's sessions.",
  access: permission('user_list', 'reset_password'),
  // Never on oneself: one's own password changes in the personal center, with the old one.
  target: { field: 'id', action: 'password' },
  request: z.strictObject({ id, password: encryptedPassword.optional() }),
  response: z.object({ password: z.string().nullable().describe(GENERATED_PASSWORD) }),
  encryptedFields: ['password'],
});

export const superiorOption = z.object({ id, account: z.string(), superior_id: z.int().nullable() });
export type SuperiorOption = z.infer<typeof superiorOption>;
export const userSuperiorOptions = defineCall({
  path: 'user/superior_options',
  summary: 'Every live user (id, account, superior) for the superior pickers; the console leaves out the edited user and their descendants.',
  access: permission('user_list'),
  audit: false,
  request: emptyRequest,
  response: z.array(superiorOption),
});

export const roleOption = z.object({ id, name: z.string(), kind: z.string() });
/** Which role kinds each user screen holds (its role picker offers only these; the server refuses the others). */
export const USER_SCREEN_KINDS = {
  user_list: ['agent', 'customer'],
  administrators: ['admin', 'super_admin'],
} as const;
export const roleOptions = defineCall({
  path: 'role/options',
  summary: 'Every role (id, name, kind) for the role pickers of the user screens.',
  access: permission('user_list'),
  audit: false,
  request: emptyRequest,
  response: z.array(roleOption),
});

export const userCalls = [
  userAdd,
  administratorsAdd,
  userInquire,
  userUpdate,
  userRemove,
  administratorsInquire,
  administratorsUpdate,
  administratorsRemove,
  userResetPassword,
  userSuperiorOptions,
  roleOptions,
] as const;
