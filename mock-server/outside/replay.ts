import fs from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { callsByPath, logout } from '../../contracts/index.ts';
import { maskSecrets } from '../control/journal.ts';
import { unauthorized } from '../services/errors.ts';
import { tokenOf } from '../http/router.ts';
import { callPathOf } from './drift.ts';
import type { Exchange } from './record.ts';
import { freshLike, withStandInsForOldMasks } from './stand-ins.ts';

/** A session of the mock the replay runs in, opened for a session the replay hands out. */
export interface MockTwin {
  readonly token: string;
  readonly realtime_key: string;
  /** The mock's account it belongs to (the recorded one, or a stand-in of the same role kind). */
  readonly account: string;
}

/** What the replay needs of the mock it runs in. */
export interface ReplayDeps {
  /**
   * A new session of the mock's account `account`, or of its first account of the role kind `kind` when it has no
   * such account; null when it has neither.
   */
  openSession(account: string, kind: string | null): MockTwin | null;
}

/** A session the replay handed out: whose it is (the recorded login's account), and its twin in the mock. */
interface ReplaySession {
  readonly account: string | null;
  readonly twin: MockTwin | null;
}

type Envelope = { status?: unknown; data?: Record<string, unknown> | null };
const dataOf = (answer: unknown): Record<string, unknown> | null => {
  const data = (answer as Envelope | null)?.data;
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? data : null;
};

/**
 * `npm run mock -- --replay DIR [--unrecorded mock|501]`: answers `/api/*` from a recording made by `--record`.
 * A request meets the recordings of its call with the same (masked) body, in the order they were recorded (the
 * last one repeats); a body never recorded gets the call's last recording.
 *
 * Sessions are the replay's own, as with the real service: a public call whose recorded answer hands out a
 * session (`data.token`: login, register) hands out one of the replay's (see answerFor); any other call is answered
 * only for such a token (401 otherwise, before the recording is looked at), and a `data.token` in its answer is
 * the caller's own. A recorded logout ends it. A call never recorded falls through to the mock (`mock`, the
 * default), which answers it as the session's twin account, or answers 501 (`501`).
 * Mount after the JSON parser: it compares parsed bodies.
 */
export function createReplayer(options: { dir: string; unrecorded: 'mock' | '501'; deps?: ReplayDeps; log?: (line: string) => void }) {
  const byCall = new Map<string, Exchange[]>();
  const log = options.log ?? (() => {});
  let upgraded = 0;
  const folder = path.join(options.dir, 'calls');
  if (!fs.existsSync(folder)) throw new Error(`--replay ${options.dir}: no recording there (calls/ is missing)`);
  for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.jsonl'))) {
    const lines = fs.readFileSync(path.join(folder, file), 'utf8').split('\n').filter(Boolean);
    lines.forEach((l, i) => {
      let e: Exchange;
      try {
        e = JSON.parse(l) as Exchange;
      } catch {
        throw new Error(`--replay ${options.dir}: calls/${file} line ${i + 1} is not JSON`);
      }
      // A recording made before stand-ins existed kept its answers' secrets as `***`, which their contract
      // refuses (the console then said "Login failed"): read it as a new one would have been written.
      const old = withStandInsForOldMasks(e.call, e.status, e.answer);
      if (old.upgraded) {
        upgraded += old.upgraded;
        for (const field of old.misfits) log(`replay: ${e.call} ${field}: no stand-in for its *** fits the contract`);
        e = { ...e, answer: old.answer };
      }
      byCall.set(e.call, [...(byCall.get(e.call) ?? []), e]);
    });
  }
  if (upgraded) log(`replay: ${options.dir} was recorded before stand-ins: ${upgraded} secrets read *** and got a stand-in that fits their contract`);
  const cursors = new Map<string, number>();
  const sessions = new Map<string, ReplaySession>();

  function pick(call: string, body: unknown): Exchange | undefined {
    const list = byCall.get(call);
    if (!list?.length) return undefined;
    const key = JSON.stringify(maskSecrets(body ?? {}));
    const same = list.filter((e) => JSON.stringify(e.request ?? {}) === key);
    if (!same.length) return list.at(-1);
    const cursor = `${call} ${key}`;
    const n = cursors.get(cursor) ?? 0;
    cursors.set(cursor, n + 1);
    return same[Math.min(n, same.length - 1)];
  }

  /**
   * The recorded answer as this caller gets it. On a call that needs a session (`own`: the caller's token) a
   * `data.token` in it is that token; on a public one (login, register) a session is handed out: a session of the
   * mock for the recorded account (or one of its role kind), so that the mock's hub takes the console's socket and
   * the mock can answer what was never recorded, else a fresh token shaped like the recorded one. The session's
   * `realtime_key` goes with it.
   */
  function answerFor(hit: Exchange, own: string | null, body: unknown): unknown {
    const data = dataOf(hit.answer);
    if (hit.status !== 200 || typeof data?.token !== 'string') return hit.answer;
    let token = own;
    if (token === null) {
      const info = (data.user_info ?? null) as { account?: unknown; role_kind?: unknown } | null;
      const asked = (body as { account?: unknown } | null)?.account;
      const account = typeof info?.account === 'string' ? info.account : typeof asked === 'string' ? asked : null;
      const twin = account === null ? null : (options.deps?.openSession(account, typeof info?.role_kind === 'string' ? info.role_kind : null) ?? null);
      token = twin?.token ?? freshLike(data.token);
      sessions.set(token, { account, twin });
    }
    const twin = sessions.get(token)?.twin;
    const key = twin && typeof data.realtime_key === 'string' ? { realtime_key: twin.realtime_key } : {};
    return { ...(hit.answer as object), data: { ...data, token, ...key } };
  }

  return {
    calls: () => [...byCall.keys()].sort(),
    middleware(req: Request, res: Response, next: NextFunction) {
      if (req.method !== 'POST' || !req.path.startsWith('/api/')) return next();
      const call = callPathOf(req.path);
      const def = callsByPath.get(call);
      const token = tokenOf(req);
      const session = token === null ? undefined : sessions.get(token);
      const needsSession = !!def && def.access.kind !== 'public';
      if (needsSession && !session) throw unauthorized();
      const hit = pick(call, req.body);
      if (hit) {
        const answer = answerFor(hit, needsSession ? token : null, req.body);
        if (def?.path === logout.path && token !== null && hit.status === 200) sessions.delete(token);
        return void res.status(hit.status).json(answer);
      }
      if (options.unrecorded === '501') return void res.status(501).json({ status: false, message: `Not recorded: ${call} (replaying ${options.dir})` });
      // The mock answers as the session's twin (its token is the mock's own); a session without one cannot be.
      if (session && !session.twin) return void res.status(501).json({ status: false, message: `Not recorded: ${call}, and the mock has no account ${session.account ?? '(unknown)'} (or of its role) to answer it as (replaying ${options.dir})` });
      next();
    },
  };
}
