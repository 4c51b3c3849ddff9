import type { NextFunction, Request, Response } from 'express';
import type { JournalEntry, JournalQuery } from '../../contracts/index.ts';
import type { ClientFrame } from '../../contracts/index.ts';
import { tokenOf } from '../http/router.ts';
import { hashToken } from '../services/sessions.ts';
import type { Users } from '../services/users.ts';

/** Journal size when none is given (MOCK_JOURNAL_SIZE / `--journal-size`). */
export const DEFAULT_JOURNAL_SIZE = 5000;

/** Keys whose values never reach the journal: passwords (RSA ciphertext or not), tokens, keys, codes. */
const SECRET_KEY = /pass(word)?|token|secret|totp|captcha|private|pem|(^|_)key$|^key/i;
export const MASK = '***';

/** Deeper than this a body is kept as a marker: a hostile body nested 100,000 deep must not overflow the stack. */
const MAX_DEPTH = 32;
export const TOO_DEEP = '[nested too deep]';

/** A copy of `value` with every secret-named field's value replaced by `***` (to MAX_DEPTH levels). */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) && v !== null && typeof v !== 'object' ? MASK : maskSecrets(v, depth + 1);
  return out;
}

/** Whether `actual` contains `expected`: objects by subset of keys, arrays by each expected item found, else equality. */
export function containsJson(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) return Array.isArray(actual) && expected.every((e) => actual.some((a) => containsJson(a, e)));
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const a = actual as Record<string, unknown>;
    return Object.entries(expected).every(([k, v]) => Object.hasOwn(a, k) && containsJson(a[k], v));
  }
  return actual === expected;
}

type HttpEntry = Extract<JournalEntry, { kind: 'http' }>;
type FrameEntry = Extract<JournalEntry, { kind: 'frame' }>;

/** A query with its user already resolved to an id. */
export type ResolvedQuery = Omit<JournalQuery, 'user'> & { user_id?: number };

/**
 * The journal of the mock (dev and test modes): every `/api/*` call and every WebSocket frame in and out, with
 * secrets masked, in a ring of `size` entries (the oldest leave first). Queried by the control API
 * (`/__control/journal`) and `npm run journal`, so a test can say "the console sent X exactly once".
 */
export function createJournal(deps: { users: Users; size?: number }) {
  // 0 turns the journal off (frame faults still work): `--journal-size 0` for benchmarks in test mode.
  const size = Math.max(0, deps.size ?? DEFAULT_JOURNAL_SIZE);
  const ring: JournalEntry[] = [];
  let start = 0;
  let seq = 0;
  const accounts = new Map<number, string | null>();
  const accountOf = (id: number | null) => {
    if (id === null) return null;
    if (!accounts.has(id)) accounts.set(id, deps.users.byId(id)?.account ?? null);
    return accounts.get(id) ?? null;
  };

  function add(entry: Omit<HttpEntry, 'seq'> | Omit<FrameEntry, 'seq'>) {
    if (size === 0) return;
    seq += 1;
    const full = { ...entry, seq } as JournalEntry;
    if (ring.length < size) ring.push(full);
    else {
      ring[start] = full;
      start = (start + 1) % size;
    }
  }

  function ordered(): JournalEntry[] {
    return start === 0 ? ring.slice() : [...ring.slice(start), ...ring.slice(0, start)];
  }

  function matches(e: JournalEntry, q: ResolvedQuery): boolean {
    if (q.kind && e.kind !== q.kind) return false;
    if (q.call !== undefined && (e.kind !== 'http' || e.call !== q.call)) return false;
    if (q.status !== undefined && (e.kind !== 'http' || e.status !== q.status)) return false;
    if (q.frame_type !== undefined && (e.kind !== 'frame' || e.frame_type !== q.frame_type)) return false;
    if (q.direction !== undefined && (e.kind !== 'frame' || e.direction !== q.direction)) return false;
    if (q.user_id !== undefined && e.user_id !== q.user_id) return false;
    if (q.since_ms !== undefined && e.at_ms < q.since_ms) return false;
    if (q.until_ms !== undefined && e.at_ms > q.until_ms) return false;
    if (q.match !== undefined) {
      const payload = e.kind === 'http' ? e.body : e.data;
      // A string searches the payload's JSON text; anything else must be contained in the payload.
      if (typeof q.match === 'string' ? !JSON.stringify(payload).includes(q.match) : !containsJson(payload, q.match)) return false;
    }
    return true;
  }

  /** The user a token belongs to now (the session lookup the router does), without keeping the session alive. */
  function userOfToken(token: string | null): number | null {
    return token ? (deps.users.bySession(hashToken(token))?.id ?? null) : null;
  }

  // A push to many sockets hands the same data to each: parsed and masked once (entries never change it).
  let lastJson: string | undefined;
  let lastData: FrameEntry['data'] = null;

  return {
    size,
    /**
     * Express middleware in front of `/api`: records the call when its answer is finished. The caller is the
     * token's user when the call starts, else (a login) the account the call named once it succeeded.
     */
    http(req: Request, res: Response, next: NextFunction) {
      if (size === 0) return next();
      const at = Date.now();
      const started = performance.now();
      const userId = userOfToken(tokenOf(req));
      const written = req.socket.bytesWritten;
      // Read now: mounted under /api, the path is the call's; by 'finish' Express has restored the full URL.
      const call = req.path.replace(/^\/+/, '');
      res.once('finish', () => {
        const body = maskSecrets(req.body ?? null);
        let user = userId;
        if (user === null && res.statusCode === 200 && body && typeof body === 'object' && 'account' in body && typeof body.account === 'string') {
          user = deps.users.byAccount(body.account)?.id ?? null;
        }
        const length = Number(res.getHeader('content-length'));
        add({
          kind: 'http',
          at_ms: at,
          call,
          user_id: user,
          account: accountOf(user),
          body: (body ?? null) as HttpEntry['body'],
          status: res.statusCode,
          // Streamed answers (downloads) declare no length: what the socket wrote for this answer instead.
          size: Number.isFinite(length) ? length : Math.max(0, req.socket.bytesWritten - written),
          duration_ms: Math.round((performance.now() - started) * 100) / 100,
        });
      });
      next();
    },
    /** A decoded incoming frame; before its login a socket has no user yet, so the frame's token names it. */
    frameIn(userId: number | null, frame: ClientFrame) {
      const user = userId ?? userOfToken(frame.token);
      const { type, data } = frame as ClientFrame & { data?: unknown };
      add({ kind: 'frame', at_ms: Date.now(), direction: 'in', frame_type: type, user_id: user, account: accountOf(user), data: (maskSecrets(data ?? null) ?? null) as FrameEntry['data'] });
    },
    /** An outgoing frame as it goes on the wire (or is dropped by a fault: `fault` says). */
    frameOut(userId: number | null, type: number, dataJson: string | undefined, fault?: string) {
      if (size === 0) return;
      if (dataJson !== lastJson) {
        lastJson = dataJson;
        lastData = maskSecrets(dataJson === undefined ? null : JSON.parse(dataJson)) as FrameEntry['data'];
      }
      const data = lastData;
      add({ kind: 'frame', at_ms: Date.now(), direction: 'out', frame_type: type, user_id: userId, account: accountOf(userId), data, ...(fault ? { fault } : {}) });
    },
    /** Matching entries, oldest first; at most `limit` (the newest), and how many matched in all. */
    query(q: ResolvedQuery & { limit: number }): { entries: JournalEntry[]; total: number } {
      const all = ordered().filter((e) => matches(e, q));
      return { entries: all.slice(Math.max(0, all.length - q.limit)), total: all.length };
    },
    count(q: ResolvedQuery): number {
      let n = 0;
      for (const e of ring) if (matches(e, q)) n += 1;
      return n;
    },
    clear(): number {
      const n = ring.length;
      ring.length = 0;
      start = 0;
      accounts.clear();
      return n;
    },
  };
}
export type Journal = ReturnType<typeof createJournal>;
