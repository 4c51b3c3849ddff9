import { randomBytes } from 'node:crypto';
import { TOTP } from 'otpauth';
import { passwordRule } from '../../contracts/index.ts';
import { DEFAULT_ROLE_ID } from '../../fixtures/seed/roles.ts';
import { tokenOf } from '../http/router.ts';
import { describeIssue } from '../services/call-checks.ts';
import { ApiError, badRequest, conflict, forbidden, unauthorized } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Services } from '../compose.ts';
import { hashPassword, verifyPassword } from '../services/passwords.ts';
import { hashToken } from '../services/sessions.ts';
import { toUserInfo, type UserRow } from '../services/users.ts';
import { LogType } from '../../contracts/index.ts';
import { accountLimit } from '../security/login-limit.ts';
import { throttleOf } from '../security/throttle.ts';

/** RFC 6238's default step, which authenticator apps assume. */
const TOTP_PERIOD_S = 30;

/** A hash of nothing, verified when the account is unknown so both paths take the same time. */
const dummyHashes = new WeakMap<Services, Promise<string>>();
function dummyHash(services: Services): Promise<string> {
  let h = dummyHashes.get(services);
  if (!h) dummyHashes.set(services, (h = hashPassword('timing-equaliser', services.config.scrypt)));
  return h;
}

function checkNewPassword(password: string, account: string, field: string): void {
  const parsed = passwordRule.safeParse(password);
  if (!parsed.success) throw new ApiError(400, describeIssue(parsed.error).key, { field });
  if (password === account) throw new ApiError(400, 'validation.login_err_05', { field });
}

function newInvitationCode(services: Services): string {
  for (;;) {
    const code = randomBytes(6).toString('base64url').replace(/[^A-Za-z0-9]/g, '').slice(0, 8).toUpperCase();
    if (code.length === 8 && !services.users.byInvitationCode(code)) return code;
  }
}

function startSession(services: Services, user: UserRow, ip: string) {
  const now = formatDateTime(services.clock.now());
  services.db.prepare('UPDATE users SET login_ip = ?, login_time = ? WHERE id = ?').run(ip, now, user.id);
  const token = services.sessions.create(user.id, ip);
  return { token, user_info: toUserInfo(user), realtime_key: services.realtimeKeys.keyFor(hashToken(token)) };
}

export const authHandlers = defineHandlers({
  'security/public_key': ({ services }) => ({ algorithm: 'RSA-OAEP-256' as const, spki: services.rsa.spki }),

  'admin/register': async ({ body, services, ip, userAgent }) => {
    const config = services.settings.require('subscriber_config_default');
    if (!config.allow_register) throw forbidden('errors.registration_closed');
    // Per source range (docs/decisions/2026-11-29-abuse-left.md): refused before anything is looked up.
    const throttle = throttleOf(services, 'registrations');
    throttle.check(ip);
    checkNewPassword(body.password, body.account, 'password');
    // From here every answer says something about an account or a code (made, taken, unknown): each costs a
    // registration of the source's budget, so the form lists accounts no faster than it makes them.
    throttle.fail(ip);
    let superiorId: number | null = null;
    if (body.code) {
      const inviter = services.users.byInvitationCode(body.code);
      if (!inviter || inviter.status === 2) throw new ApiError(400, 'errors.invitation_code_unknown', { field: 'code' });
      superiorId = inviter.id;
    }
    // A taken name is said (a person must pick another; the spec's account is a public name, not a secret),
    // the same for every account whatever its state, and in the time of a lookup, no more.
    if (services.users.byAccount(body.account)) throw conflict('errors.account_taken', { field: 'account' });
    const hash = await hashPassword(body.password, services.config.scrypt);
    const now = formatDateTime(services.clock.now());
    let id: number;
    try {
      id = Number(
        services.db
          .prepare(
            `INSERT INTO users (account, name, password_hash, role_id, superior_id, invitation_code, share_ratio,
               create_time, register_ip) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(body.account, body.account, hash, DEFAULT_ROLE_ID, superiorId, newInvitationCode(services),
            config.default_share_ratio, now, ip).lastInsertRowid,
      );
    } catch (e) {
      // Two registrations of one account racing past the check above.
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw conflict('errors.account_taken', { field: 'account' });
      throw e;
    }
    const user = services.users.byId(id)!;
    services.audit.record({ type: LogType.values.register, source: 'admin/register', user, content: JSON.stringify({ superior_id: superiorId }), ip, ua: userAgent });
    return startSession(services, user, ip);
  },

  'admin/login': async ({ body, services, ip, userAgent }) => {
    const now = services.clock.now();
    // Issue 20: the source's guess budget across accounts, then the account's limit for this source range.
    const throttle = throttleOf(services);
    const limit = accountLimit(services, body.account, ip);
    // Every refused attempt leaves a login_failed row naming the account as typed (and its user when known).
    const refuse = (error: ApiError, found?: UserRow): never => {
      services.audit.record({ type: LogType.values.login_failed, source: 'admin/login', user: found ?? null, account: body.account,
        content: JSON.stringify({ reason: error.message }), ip, ua: userAgent });
      throw error;
    };
    try {
      throttle.check(ip);
    } catch (e) {
      refuse(e as ApiError, services.users.byAccount(body.account));
    }
    const locked = limit.locked();
    if (locked) refuse(locked, services.users.byAccount(body.account));
    // Count the attempt as a failure before the first await: concurrent attempts then see each other, so a
    // burst cannot get more than the limit past the check above. Outcomes that are no failure take it back.
    const forgive = limit.attempt();

    const found = services.users.byAccount(body.account);
    const user = found && found.status === 1 ? found : undefined;
    const ok = await verifyPassword(body.password, user ? user.password_hash : await dummyHash(services));
    if (!user || !ok) {
      throttle.fail(ip);
      return refuse(badRequest('errors.bad_credentials'), found);
    }
    if (user.disable === 2) {
      forgive();
      return refuse(forbidden('errors.account_disabled'), user);
    }
    if (user.totp_secret) {
      // Not a failure: the console asks for the code and tries again.
      if (!body.totp) {
        forgive();
        throw badRequest('errors.totp_required');
      }
      const totp = new TOTP({ secret: user.totp_secret, digits: 6, period: TOTP_PERIOD_S, algorithm: 'SHA1' });
      const delta = totp.validate({ token: body.totp, timestamp: now, window: 1 });
      if (delta === null) {
        throttle.fail(ip);
        return refuse(badRequest('errors.totp_invalid'), user);
      }
      // One use per code (RFC 6238 §5.2): the step must be later than the last accepted one. Synchronous from
      // here to the session, so two concurrent logins with one code cannot both pass.
      const step = Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
      const last = services.db.prepare('SELECT totp_last_step AS s FROM users WHERE id = ?').get(user.id) as { s: number };
      if (step <= last.s) return refuse(badRequest('errors.totp_reused'), user);
      services.db.prepare('UPDATE users SET totp_last_step = ? WHERE id = ?').run(step, user.id);
    }
    limit.clear();
    services.audit.record({ type: LogType.values.login, source: 'admin/login', user, ip, ua: userAgent });
    return startSession(services, user, ip);
  },

  'admin/logout': ({ services, tokenHash, me, ip, userAgent }) => {
    services.audit.record({ type: LogType.values.logout, source: 'admin/logout', user: me(), ip, ua: userAgent });
    if (tokenHash) services.sessions.end(tokenHash);
    return null;
  },

  'admin/user_info': ({ me, req, services }) => {
    const token = tokenOf(req);
    if (!token) throw unauthorized();
    return { token, user_info: toUserInfo(me()), realtime_key: services.realtimeKeys.keyFor(hashToken(token)) };
  },

  'admin/update_password': async ({ body, services, me, ip }) => {
    const user = me();
    // Issue 20: a stolen session must not guess the old password: the same limits as login (per source and
    // per account from this source range); a wrong old password counts as a failed login of the account.
    const limit = accountLimit(services, user.account, ip);
    const throttle = throttleOf(services);
    throttle.check(ip);
    const locked = limit.locked();
    if (locked) throw locked;
    const forgive = limit.attempt();
    if (!(await verifyPassword(body.old_password, user.password_hash))) {
      throttle.fail(ip);
      throw new ApiError(400, 'errors.old_password_wrong', { field: 'old_password' });
    }
    forgive();
    checkNewPassword(body.new_password, user.account, 'new_password');
    // The same password again changes nothing, yet would end every session: refused, said under the new password.
    if (body.new_password === body.old_password) throw new ApiError(400, 'validation.password_same_as_old', { field: 'new_password' });
    const hash = await hashPassword(body.new_password, services.config.scrypt);
    services.db.transaction(() => {
      services.db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, user.id);
      services.sessions.endAllOf(user.id);
    })();
    return null;
  },
});
