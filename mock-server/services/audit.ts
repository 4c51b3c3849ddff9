import type { Database } from 'better-sqlite3';
import { LogType, type CallDef } from '../../contracts/index.ts';
import { formatDateTime, type Clock } from './clock.ts';
import type { UserRow } from './users.ts';
import { tableCache } from './table-cache.ts';

export type LogTypeCode = (typeof LogType.values)[keyof typeof LogType.values];

/** One audit row; who did it (user and/or the account typed), from where, and what. */
export interface AuditEntry {
  type: LogTypeCode;
  /** The call path, or the event (e.g. `admin/login`). */
  source: string;
  user?: Pick<UserRow, 'id' | 'account'> | null;
  /** The account as typed, when there is no user (a failed login of an unknown account). */
  account?: string;
  /** JSON text: the redacted request body of a write, or `{ reason }` of a refusal. */
  content?: string;
  /** JSON text of the id fields of the body (`id`, `ids`, `*_id`). */
  targetIds?: string;
  ip: string;
  ua: string;
}

/** Field names whose values never reach the log, at any depth. */
const SECRET_NAME = /password|secret|(^|_)key$|^key|private|token|totp/i;
const MAX_CONTENT = 4000;
const MAX_UA = 512;
const DAY_MS = 86_400_000;

/** The body with secrets replaced by "***" (the reader learns a value was sent, never which). */
export function redact(value: unknown, secretFields: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((v) => redact(v));
  if (value === null || typeof value !== 'object') return value;
  // No prototype: a body key named __proto__ stays a key.
  const out: Record<string, unknown> = Object.create(null);
  for (const [k, v] of Object.entries(value)) {
    out[k] = secretFields.includes(k) || SECRET_NAME.test(k) ? '***' : redact(v);
  }
  return out;
}

/** `id`, `ids` and `*_id` fields of a body (the rows a write names), as JSON text, or '' when none. */
export function targetIdsOf(body: unknown, data?: unknown): string {
  const out: Record<string, unknown> = Object.create(null);
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body)) {
      if ((k === 'id' || k === 'ids' || k.endsWith('_id') || k.endsWith('_ids')) && v !== undefined) out[k] = v;
    }
  }
  // An add names no id in its body: the created row's id comes back in the answer.
  const created = (data as { id?: unknown } | null | undefined)?.id;
  if (out.id === undefined && typeof created === 'number') out.id = created;
  return Object.keys(out).length ? JSON.stringify(out) : '';
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** Administrators' writes are audited; customers' and agents' are not (decision in docs/decisions). */
export const isAdministrator = (user: Pick<UserRow, 'role_kind'>) => user.role_kind === 'admin' || user.role_kind === 'super_admin';

export function createAudit(db: Database, clock: Clock) {
  const insert = db.prepare(
    `INSERT INTO logs (type, user_id, account, source, content, target_ids, ip, ua, at_ms, create_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // Log config (issue 13): a type switched off is not written; a retention deletes its older rows.
  const recordedRow = db.prepare('SELECT record_status FROM log_types WHERE id = ?').pluck();
  // Asked on every audited write; kept until log_config changes the table (services/table-cache.ts).
  const recorded = tableCache(db, ['log_types'], (type: number) => recordedRow.get(type) as number | undefined);
  const retained = db.prepare('SELECT id, retention_days FROM log_types WHERE retention_days > 0');
  const pruneType = db.prepare('DELETE FROM logs WHERE type = ? AND at_ms < ?');
  function record(e: AuditEntry): void {
    if (recorded.get(e.type) === 2) return;
    insertEntry(e);
  }
  function insertEntry(e: AuditEntry): void {
    const now = clock.now();
    insert.run(e.type, e.user?.id ?? null, e.user?.account ?? e.account ?? '', e.source, clip(e.content ?? '', MAX_CONTENT),
      e.targetIds ?? '', e.ip, clip(e.ua, MAX_UA), now, formatDateTime(now));
  }
  return {
    record,
    /** Delete rows older than their type's retention (exactly: at_ms < now − days); answers how many went. */
    prune(): number {
      const now = clock.now();
      const rows = retained.all() as { id: number; retention_days: number }[];
      return db.transaction(() => rows.reduce((n, t) => n + pruneType.run(t.id, now - t.retention_days * DAY_MS).changes, 0))();
    },
    /**
     * After a successful call by an administrator: who, which call, the rows it names, the redacted body.
     * `targets`: the users a call declaring `target` acted on (contracts/user-target.ts), named as `target_user_ids`.
     * Money and password actions on a user are written even when the log config switched the type off: four
     * eyes needs the actor on record.
     */
    write(call: CallDef, user: UserRow, body: unknown, data: unknown, ip: string, ua: string, targets: readonly { id: number }[] = []): void {
      const ids = targetIdsOf(body, data);
      const named = targets.length ? JSON.stringify({ ...(ids ? (JSON.parse(ids) as object) : {}), target_user_ids: targets.map((t) => t.id) }) : ids;
      (call.target && call.target.action !== 'manage' ? insertEntry : record)({
        type: LogType.values.admin_write,
        source: call.path,
        user,
        content: JSON.stringify(redact(body, call.encryptedFields)),
        targetIds: named,
        ip,
        ua,
      });
    },
  };
}
export type Audit = ReturnType<typeof createAudit>;

/** Seed step: the log types (also inserted by migration 008; a database reset empties the table). */
export function seedLogTypes({ db }: { db: Database }): void {
  const insert = db.prepare('INSERT OR IGNORE INTO log_types (id, code, name) VALUES (?, ?, ?)');
  const names: Record<string, string> = { login: 'Login', login_failed: 'Failed login', logout: 'Logout', register: 'Registration', admin_write: 'Administrator change', shield: 'WeChat block action' };
  for (const o of LogType.options) insert.run(o.value, o.member, names[o.member] ?? o.member);
}
