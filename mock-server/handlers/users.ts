import {
  administratorsAdd,
  administratorsInquire,
  administratorsRemove,
  administratorsUpdate,
  userAdd,
  userInquire,
  userRemove,
  userRow,
  userUpdate,
  type UserRow,
} from '../../contracts/index.ts';
import { ApiError } from '../http/errors.ts';
import type { Services } from '../compose.ts';
import { defineHandlers, type HandlerContext } from '../http/handler.ts';
import { hashPassword } from '../services/passwords.ts';
import { defineResource, type EngineContext } from '../resources/define.ts';
import { withStoredExpiry } from '../services/stored-dates.ts';
import { checkNewPassword, generatedPassword, newInvitationCode } from '../users/credentials.ts';
import { checkRoleGrant, checkStanding, checkSuperior, checkTarget, closeSockets, rankOf, SCREEN_KINDS, type UserScreen } from '../users/guards.ts';

const SELECT = `u.id, u.account, u.name, u.role_id, r.name AS role_name, r.kind AS role_kind, u.phone, u.superior_id,
  s.account AS superior_account, u.invitation_code, u.balance_micro, u.share_ratio, u.member_expire_time,
  u.online_status, u.online_update_time, u.disable, u.create_time, u.register_ip, u.login_ip, u.login_time, u.domain_limit`;

type UpdateCall = typeof userUpdate | typeof administratorsUpdate;
type AddCall = typeof userAdd | typeof administratorsAdd;

/**
 * One declaration per screen over the same table: the screen's role kinds in `where`, the same columns,
 * filters, uniqueness and guard rails. Balance is not here: it changes only through `user/change_balance`.
 */
function usersOf<
  const A extends AddCall,
  const I extends typeof userInquire | typeof administratorsInquire,
  const U extends UpdateCall,
  const D extends typeof userRemove | typeof administratorsRemove,
>(screen: UserScreen, calls: { add: A; inquire: I; update: U; remove: D }) {
  const kinds = SCREEN_KINDS[screen].map((k) => `'${k}'`).join(', ');
  return defineResource({
    calls,
    row: userRow,
    table: 'users',
    alias: 'u',
    select: SELECT,
    joins: 'JOIN roles r ON r.id = u.role_id LEFT JOIN users s ON s.id = u.superior_id',
    where: `u.status = 1 AND r.kind IN (${kinds})`,
    filters: {
      account: { op: 'like', column: 'account' },
      phone: 'like',
      role_id: 'eq',
      superior_id: 'eq',
      disable: 'eq',
      online_status: 'eq',
      start_time: { op: 'gte', column: 'create_time' },
      end_time: { op: 'lte', column: 'create_time' },
    },
    orderBy: 'u.id DESC',
    unique: [
      { column: 'account', message: 'errors.account_taken' },
      { column: 'invitation_code', message: 'errors.invitation_code_taken' },
    ],
    created: 'create_time',
    // An impossible expiry stored before issue 20 reads as none (mock-server/services/stored-dates.ts).
    present: withStoredExpiry,
    // The wrapper below hashes the password before the transaction (scrypt is asynchronous) and hands the hash over.
    notColumns: ['password'],
    softDelete: { column: 'status', live: 1, removed: 2, notRemoved: 'errors.user_not_found' },
    rules: {
      add: (ctx: EngineContext<AddCall, Services>) => {
        const { body, services } = ctx;
        const kind = checkRoleGrant(services.db, ctx.me(), body.role_id);
        if (!(SCREEN_KINDS[screen] as readonly string[]).includes(kind)) throw new ApiError(400, 'errors.role_wrong_screen', { field: 'role_id' });
        if (body.superior_id != null) checkSuperior(services.db, 0, body.superior_id);
        const hash = pendingHashes.get(body);
        if (!hash) throw new Error('user add without a hashed password');
        return {
          values: {
            password_hash: hash,
            register_ip: ctx.ip,
            ...(body.invitation_code ? {} : { invitation_code: newInvitationCode(services) }),
            ...(body.share_ratio === undefined ? { share_ratio: services.settings.require('subscriber_config_default').default_share_ratio } : {}),
          },
        };
      },
      update: (ctx: EngineContext<UpdateCall, Services>) => {
        const { body, services } = ctx;
        const { db } = services;
        const me = ctx.me();
        const target = checkTarget(db, screen, me, body.id);
        if (body.role_id !== undefined) {
          const kind = checkRoleGrant(db, me, body.role_id);
          if (rankOf(kind) < rankOf(target.role_kind)) checkStanding(db, me, target, 'role_id');
        }
        if (body.disable === 2) checkStanding(db, me, target, 'disable');
        if (body.superior_id != null) checkSuperior(db, body.id, body.superior_id);
        if (body.disable === 2) services.sessions.endAllOf(body.id);
      },
      remove: (ctx, found) => {
        const { db } = ctx.services;
        const me = ctx.me();
        const ids = found.map((f) => f.id);
        for (const f of found) {
          checkStanding(db, me, checkTarget(db, screen, me, f.id, true), 'ids', ids);
          ctx.services.sessions.endAllOf(f.id);
        }
      },
      // Disabling or removing closes the user's consoles once the change is committed.
      committed: {
        update: (ctx) => {
          if (ctx.body.disable === 2) closeSockets(ctx.services, [ctx.body.id]);
        },
        remove: (ctx) => closeSockets(ctx.services, ctx.body.ids),
      },
    },
  });
}

/** Hashes made before an add's transaction, by request body (the engine's rules run synchronously). */
const pendingHashes = new WeakMap<object, string>();

const users = usersOf('user_list', { add: userAdd, inquire: userInquire, update: userUpdate, remove: userRemove });
const admins = usersOf('administrators', { add: administratorsAdd, inquire: administratorsInquire, update: administratorsUpdate, remove: administratorsRemove });

/** A typed password passes §5 (and differs from the account); none → a generated one, answered once. */
async function withPassword<C extends AddCall>(ctx: HandlerContext<C>, insert: (ctx: HandlerContext<C>) => unknown) {
  const typed = ctx.body.password;
  if (typed !== undefined) checkNewPassword(typed, ctx.body.account);
  const password = typed ?? generatedPassword();
  pendingHashes.set(ctx.body, await hashPassword(password, ctx.services.config.scrypt));
  // The engine answers the row it inserted (synchronously: its transaction); the password is added to it.
  return { ...(insert(ctx) as UserRow), password: typed === undefined ? password : null };
}

export const userHandlers = defineHandlers({
  ...users.handlers,
  ...admins.handlers,
  'user/add': (ctx) => withPassword(ctx, users.handlers['user/add']),
  'administrators/add': (ctx) => withPassword(ctx, admins.handlers['administrators/add']),

  'user/reset_password': async ({ body, services, me }) => {
    const { db } = services;
    const target = services.users.byId(body.id);
    if (!target || target.status !== 1) throw new ApiError(404, 'errors.user_not_found', { field: 'id' });
    if (rankOf(target.role_kind) > rankOf(me().role_kind)) throw new ApiError(403, 'errors.user_above_own', { field: 'id' });
    const typed = body.password;
    if (typed !== undefined) checkNewPassword(typed, target.account);
    const password = typed ?? generatedPassword();
    const hash = await hashPassword(password, services.config.scrypt);
    db.transaction(() => {
      db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, target.id);
      services.sessions.endAllOf(target.id);
    })();
    closeSockets(services, [target.id]);
    // A typed password is the admin's own; only a generated one is answered (shown once).
    return { password: typed === undefined ? password : null };
  },

  'user/superior_options': ({ services }) =>
    services.db
      .prepare<[], { id: number; account: string; superior_id: number | null }>('SELECT id, account, superior_id FROM users WHERE status = 1 ORDER BY account')
      .all(),

  'role/options': ({ services }) =>
    services.db.prepare<[], { id: number; name: string; kind: string }>('SELECT id, name, kind FROM roles ORDER BY id').all(),
});
