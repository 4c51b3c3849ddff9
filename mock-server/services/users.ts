import type { Database } from 'better-sqlite3';
import { storedDateTime } from './stored-dates.ts';
import type { UserInfo } from '../../contracts/index.ts';
import { tableCache } from './table-cache.ts';

export interface UserRow {
  id: number;
  account: string;
  name: string;
  password_hash: string;
  role_id: number;
  role_name: string;
  role_kind: string;
  phone: string;
  superior_id: number | null;
  invitation_code: string;
  balance_micro: number;
  share_ratio: number;
  domain_limit: number;
  member_expire_time: string | null;
  online_status: number;
  disable: number;
  status: number;
  totp_secret: string | null;
  create_time: string;
}

/** The user as the API shows it: never the hash nor the TOTP secret. */
export function toUserInfo(u: UserRow): UserInfo {
  return {
    id: u.id,
    account: u.account,
    name: u.name,
    role_id: u.role_id,
    role_name: u.role_name,
    role_kind: u.role_kind,
    phone: u.phone,
    superior_id: u.superior_id,
    invitation_code: u.invitation_code,
    balance_micro: u.balance_micro,
    share_ratio: u.share_ratio,
    // Issue 20: an impossible stored expiry reads as none (never a 500 at login).
    member_expire_time: storedDateTime(u.member_expire_time),
    online_status: u.online_status === 2 ? 2 : 1,
    disable: u.disable === 2 ? 2 : 1,
    totp_enabled: !!u.totp_secret,
    create_time: u.create_time,
  };
}

const SELECT = `SELECT u.*, r.name AS role_name, r.kind AS role_kind FROM users u JOIN roles r ON r.id = u.role_id`;

export function createUsers(db: Database) {
  const byId = db.prepare<[number], UserRow>(`${SELECT} WHERE u.id = ?`);
  const byAccount = db.prepare<[string], UserRow>(`${SELECT} WHERE u.account = ?`);
  const byCode = db.prepare<[string], UserRow>(`${SELECT} WHERE u.invitation_code = ?`);
  const firstOfKind = db.prepare<[string], UserRow>(`${SELECT} WHERE r.kind = ? AND u.status = 1 AND u.disable = 1 ORDER BY u.id LIMIT 1`);
  // The caller of an API call with its session's last-seen time: one statement per call instead of two.
  const bySession = db.prepare<[string], UserRow & { session_last_seen_ms: number }>(`
    SELECT s.last_seen_ms AS session_last_seen_ms, u.*, r.name AS role_name, r.kind AS role_kind
    FROM sessions s JOIN users u ON u.id = s.user_id JOIN roles r ON r.id = u.role_id WHERE s.token_hash = ?`);
  const grants = db.prepare<[number], { path: string; type: number; parent_path: string | null }>(`
    SELECT m.path, m.type, p.path AS parent_path
    FROM role_menus rm JOIN menus m ON m.id = rm.menu_id LEFT JOIN menus p ON p.id = m.parent_id
    WHERE rm.role_id = ? AND m.path <> ''`);
  // Asked by every call with a token: kept until sessions, users or roles change.
  const sessionUsers = tableCache(db, ['sessions', 'users', 'roles'], (tokenHash: string) => bySession.get(tokenHash));
  // Permission keys per role, read once: every call's access check needs them and they change only when roles,
  // menus or grants do, whoever writes them (a role screen, a reset, a loaded state, a test editing the tables).
  const permissions = tableCache(db, ['roles', 'menus', 'role_menus'], (roleId: number): ReadonlySet<string> => {
    const keys = new Set<string>();
    for (const g of grants.all(roleId)) keys.add(g.type === 2 && g.parent_path ? `${g.parent_path}:${g.path}` : g.path);
    return keys;
  });
  return {
    byId: (id: number) => byId.get(id),
    byAccount: (account: string) => byAccount.get(account),
    byInvitationCode: (code: string) => byCode.get(code),
    /** The first active, enabled user whose role is of `kind` ('customer', 'admin' …): a stand-in for one this database lacks. */
    firstOfKind: (kind: string) => firstOfKind.get(kind),
    /** The user of a session (by token hash) and when that session was last seen; undefined when unknown. */
    bySession: (tokenHash: string) => sessionUsers.get(tokenHash),
    /** The role's permission keys: route paths, and `route:button` for type-2 nodes (cached per role). */
    permissionKeys: (roleId: number): ReadonlySet<string> => permissions.get(roleId),
    /** Forget every role's cached keys (for a change the table cache cannot see); the next check reads them again. */
    invalidatePermissions: permissions.invalidate,
  };
}
export type Users = ReturnType<typeof createUsers>;
