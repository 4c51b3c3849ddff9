import { Secret, TOTP } from 'otpauth';
import { ApiError } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import type { Services } from '../compose.ts';
import { toUserInfo, type UserRow } from '../services/users.ts';

const ISSUER = 'QR console';
const totpOf = (secret: string, account: string) =>
  new TOTP({ issuer: ISSUER, label: account, secret, digits: 6, period: 30, algorithm: 'SHA1' });

/** A code of this secret now (the previous and next step accepted for clock skew, as at login). */
function checkCode(services: Services, secret: string, account: string, code: string): void {
  if (totpOf(secret, account).validate({ token: code, timestamp: services.clock.now(), window: 1 }) === null) {
    throw new ApiError(400, 'errors.totp_invalid', { field: 'code' });
  }
}

const fresh = (services: Services, id: number) => toUserInfo(services.users.byId(id) as UserRow);

export const profileHandlers = defineHandlers({
  'admin/update_profile': ({ body, services, me }) => {
    const user = me();
    services.db
      .prepare('UPDATE users SET name = coalesce(?, name), phone = coalesce(?, phone) WHERE id = ?')
      .run(body.name ?? null, body.phone ?? null, user.id);
    return fresh(services, user.id);
  },

  'admin/totp_generate': ({ me }) => {
    const totp = totpOf(new Secret({ size: 20 }).base32, me().account);
    return { secret: totp.secret.base32, uri: totp.toString() };
  },

  'admin/bind_totp': ({ body, services, me }) => {
    const user = me();
    if (user.totp_secret) throw new ApiError(409, 'errors.totp_bound', { field: 'secret' });
    checkCode(services, body.secret, user.account, body.code);
    services.db.prepare('UPDATE users SET totp_secret = ? WHERE id = ?').run(body.secret, user.id);
    return fresh(services, user.id);
  },

  'admin/unbind_totp': ({ body, services, me }) => {
    const user = me();
    if (!user.totp_secret) throw new ApiError(409, 'errors.totp_not_bound', { field: 'code' });
    checkCode(services, user.totp_secret, user.account, body.code);
    services.db.prepare('UPDATE users SET totp_secret = NULL WHERE id = ?').run(user.id);
    return fresh(services, user.id);
  },
});
