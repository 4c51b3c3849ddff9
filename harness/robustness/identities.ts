import type { Access, CallDef } from '../../contracts/index.ts';
import { buildMenus } from '../../fixtures/seed/menus.ts';
import { roles, type RoleKind } from '../../fixtures/seed/roles.ts';
import { users } from '../../fixtures/seed/users.ts';
import type { Services } from '../../mock-server/compose.ts';
import { hashToken } from '../../mock-server/services/sessions.ts';

/**
 * The callers the robustness suites play, and what the registry says each may do. Expectations are derived
 * from the seed fixtures (menu tree + roles), NOT from the server's database, so the server is checked
 * against an independent reading of the same declaration.
 */
export const IDENTITIES = ['anonymous', 'customer', 'agent', 'admin', 'super', 'disabled', 'expired'] as const;
export type Identity = (typeof IDENTITIES)[number];

/** Seeded account of each identity; `expired` is customer01 with a session idle past the limit. */
export const IDENTITY_ACCOUNT: Record<Exclude<Identity, 'anonymous'>, string> = {
  customer: 'customer01',
  agent: 'agent01',
  admin: 'admin01',
  super: 'superadmin',
  disabled: 'disabled01',
  expired: 'customer01',
};

/** Identities that hold no live session whatever the call: their requests are anonymous or dead. */
export const SESSIONLESS: readonly Identity[] = ['anonymous', 'disabled', 'expired'];

export const seedUser = (account: string) => {
  const u = users.find((x) => x.account === account);
  if (!u) throw new Error(`no seeded account ${account}`);
  return u;
};

export function roleKindOf(identity: Identity): RoleKind | null {
  return identity === 'anonymous' ? null : seedUser(IDENTITY_ACCOUNT[identity]).role;
}

/** Permission keys (`route`, `route:button`) of each seeded role kind, read from fixtures/seed/menus.ts. */
function grantsByKind(): Map<RoleKind, Set<string>> {
  const menus = buildMenus();
  const byId = new Map(menus.map((m) => [m.id, m]));
  const out = new Map<RoleKind, Set<string>>(roles.map((r) => [r.kind, new Set<string>()]));
  for (const m of menus) {
    if (!m.path) continue;
    const parent = byId.get(m.parent_id);
    const key = m.type === 2 && parent ? `${parent.path}:${m.path}` : m.path;
    for (const kind of m.roles) out.get(kind)!.add(key);
  }
  return out;
}
const GRANTS = grantsByKind();

/** Whether a seeded role kind passes `access` (public and any-user pass for every role). */
export function roleHolds(kind: RoleKind, access: Access): boolean {
  if (access.kind !== 'permission') return true;
  const keys = GRANTS.get(kind)!;
  return keys.has(access.route) && (!access.button || keys.has(`${access.route}:${access.button}`));
}

/** What the registry's declaration says about `identity` making a call. */
export type Expected = 'allowed' | 401 | 403;
export function expectedOutcome(access: Access, identity: Identity): Expected {
  if (access.kind === 'public') return 'allowed';
  if (SESSIONLESS.includes(identity)) return 401;
  return roleHolds(roleKindOf(identity)!, access) ? 'allowed' : 403;
}

/** Least privileged identity allowed to make the call (public calls: anonymous). */
const BY_PRIVILEGE: readonly Identity[] = ['customer', 'agent', 'admin', 'super'];
export function callerFor(call: CallDef): Identity {
  if (call.access.kind === 'public') return 'anonymous';
  const who = BY_PRIVILEGE.find((i) => roleHolds(roleKindOf(i)!, call.access));
  if (!who) throw new Error(`no seeded role may call ${call.path}: its access declaration names a node no role holds`);
  return who;
}

/**
 * A token for `identity`, made directly in the session table (no scrypt, no login throttling): the suites
 * need hundreds of sessions and test login itself elsewhere. `expired` gets a session idle past the limit.
 */
export function mintToken(services: Services, identity: Identity): string | undefined {
  if (identity === 'anonymous') return undefined;
  const user = services.users.byAccount(IDENTITY_ACCOUNT[identity]);
  if (!user) throw new Error(`seeded account ${IDENTITY_ACCOUNT[identity]} is missing`);
  const token = services.sessions.create(user.id, '127.0.0.1');
  if (identity === 'expired') {
    const past = services.clock.now() - services.config.sessionIdleMs - 60_000;
    services.db.prepare('UPDATE sessions SET last_seen_ms = ? WHERE token_hash = ?').run(past, hashToken(token));
  }
  return token;
}

/** Whether a minted token still names a live session (a fuzzed logout or password change ends it). */
export function sessionAlive(services: Services, token: string): boolean {
  return !!statementsOf(services).sessionAlive.get(hashToken(token));
}

/** The statements run before every fuzzed case, prepared once per database (preparing them cost more than running them). */
const statements = new WeakMap<Services['db'], ReturnType<typeof prepareStatements>>();
const prepareStatements = (db: Services['db']) => ({
  sessionAlive: db.prepare('SELECT 1 FROM sessions WHERE token_hash = ?'),
  account: db.prepare('SELECT disable, status, role_id FROM users WHERE account = ?'),
  repair: db.prepare('UPDATE users SET disable = ?, status = 1, role_id = ? WHERE account = ?'),
});
function statementsOf(services: Services): ReturnType<typeof prepareStatements> {
  let made = statements.get(services.db);
  if (!made) statements.set(services.db, (made = prepareStatements(services.db)));
  return made;
}

/**
 * Put an identity's account back as seeded (enabled, not removed, its seeded role) after a fuzzed call
 * disabled, removed or demoted it, so later cases still reach validation and handlers. Password hashes are
 * left alone: tokens are minted, never obtained by logging in.
 */
export function repairAccount(services: Services, identity: Identity): void {
  if (identity === 'anonymous' || identity === 'disabled') return;
  const seed = seedUser(IDENTITY_ACCOUNT[identity]);
  const roleId = roles.find((r) => r.kind === seed.role)!.id;
  const now = statementsOf(services).account.get(seed.account) as
    | { disable: number; status: number; role_id: number }
    | undefined;
  if (!now || (now.disable === seed.disable && now.status === 1 && now.role_id === roleId)) return;
  statementsOf(services).repair.run(seed.disable, roleId, seed.account);
}
