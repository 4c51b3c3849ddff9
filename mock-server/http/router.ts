import type { Request, RequestHandler, Response } from 'express';
import { API_PREFIX, calls, isAudited, pickLocale, type CallDef } from '../../contracts/index.ts';
import type { Services } from '../compose.ts';
import type { UserRow } from '../services/users.ts';
import { isAdministrator } from '../services/audit.ts';
import { hashToken } from '../services/sessions.ts';
import { checkAccess, describeIssue, requireUser } from '../services/call-checks.ts';
import { ApiError, badRequest, unauthorized } from './errors.ts';
import { sendJson } from './json-answer.ts';
import type { Handler, HandlerContext, HandlerMap } from './handler.ts';

/** The caller's token: header `token` (the service's convention) or `Authorization: Bearer`. */
export function tokenOf(req: Request): string | null {
  const header = req.get('token') ?? req.get('authorization')?.replace(/^Bearer\s+/i, '');
  return header && header.length <= 256 ? header : null;
}

/** Who is calling: the user of a live session, null when anonymous. Throws 401 for a dead token. */
export function authenticate(services: Services, req: Request): { user: UserRow | null; tokenHash: string | null } {
  const token = tokenOf(req);
  if (!token) return { user: null, tokenHash: null };
  // Hashed once; the session and its user come back in one statement (sessions die with their user).
  const tokenHash = hashToken(token);
  const user = services.users.bySession(tokenHash);
  if (!user) throw unauthorized();
  if (!services.sessions.keepAlive(tokenHash, user.session_last_seen_ms)) throw unauthorized('errors.session_expired');
  if (user.status === 2 || user.disable === 2) {
    services.sessions.end(tokenHash);
    throw unauthorized(user.disable === 2 ? 'errors.account_disabled' : 'errors.not_logged_in');
  }
  return { user, tokenHash };
}

/**
 * Public calls ignore a dead token instead of answering 401: the console may still hold an expired token
 * when its user comes back to log in, register or load the login page.
 */
function callerOf(services: Services, req: Request, call: CallDef): ReturnType<typeof authenticate> {
  try {
    return authenticate(services, req);
  } catch (e) {
    if (call.access.kind === 'public' && e instanceof ApiError && e.status === 401) return { user: null, tokenHash: null };
    throw e;
  }
}


function decryptFields(services: Services, call: CallDef, body: Record<string, unknown>): void {
  for (const field of call.encryptedFields ?? []) {
    const value = body[field];
    if (typeof value !== 'string') continue;
    const plain = services.rsa.decrypt(value);
    if (plain === null) throw badRequest('errors.password_decrypt');
    body[field] = plain;
  }
}

/**
 * `ctx.me` for a caller. Returned from here rather than written inline in the context: tsx (which runs the
 * server, `npm start` too) names an inline `me: () => …` with an Object.defineProperty on every request.
 */
const meOf = (user: UserRow | null) => () => requireUser(user);

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function';

interface Entry {
  readonly call: CallDef;
  readonly handler: Handler<CallDef>;
  readonly audited: boolean;
}

/**
 * Every registered call behind one middleware: `/api/<path>` is looked up in a Map (one hash lookup, where
 * one Express route per call was matched in turn), then authenticate → authorize → validate → decrypt →
 * handle → audit → envelope. Express's routing was case-insensitive and allowed a trailing slash; the
 * lookup keeps both. The area rules (a membership, the rank and self rule) come with the services: compose.ts.
 */
export function createCallRouter(services: Services, handlers: HandlerMap): RequestHandler {
  const table = new Map<string, Entry>();
  const byPath = handlers as Record<string, Handler<CallDef> | undefined>;
  for (const call of calls as readonly CallDef[]) {
    const handler = byPath[call.path];
    if (!handler) throw new Error(`registered call ${call.path} has no handler`);
    table.set(`${API_PREFIX}${call.path}`, { call, handler, audited: isAudited(call) });
  }
  const validateAnswers = services.config.mode !== 'production';
  const find = (path: string) => table.get(path) ?? table.get(path.toLowerCase().replace(/\/$/, ''));

  /** After the handler: audit, the answer's contract (dev/test), the envelope. */
  const finish = (req: Request, res: Response, entry: Entry, ctx: HandlerContext<CallDef>, targets: readonly { readonly id: number }[], data: unknown) => {
    const { call } = entry;
    const { user, body, ip, userAgent } = ctx;
    // After success only; reads and refusals write nothing. Fields decrypted above are redacted by name.
    if (entry.audited && user && isAdministrator(user)) services.audit.write(call, user, body, data, ip, userAgent, targets);
    if (validateAnswers) {
      const checked = call.response.safeParse(data);
      if (!checked.success) {
        throw new Error(`response of ${call.path} breaks its contract: ${JSON.stringify(checked.error.issues[0])}`);
      }
    }
    sendJson(req, res, { status: true, data: data ?? null });
  };

  // Not an async function: most handlers answer synchronously (SQLite is), and an async middleware paid a
  // promise, a microtask hop and Express's then() on every call. A thrown refusal reaches Express's catch
  // (→ error handler) as a rejection did; a handler's promise is returned, so Express still sees its failure.
  return (req, res, next) => {
    const entry = req.method === 'POST' ? find(req.path) : undefined;
    if (!entry) return next();
    const { call, handler } = entry;
    const { user, tokenHash } = callerOf(services, req, call);
    checkAccess(services, call, user);
    services.callGuards.membership(call, user, services.clock.now());
    const locale = pickLocale(req.get('accept-language'));
    const parsed = call.request.safeParse(req.body ?? {});
    if (!parsed.success) {
      const { key, field, vars } = describeIssue(parsed.error, req.body);
      throw new ApiError(400, key, field ? { field, ...vars } : { ...vars });
    }
    const body = parsed.data as Record<string, unknown>;
    // Rank and self rule of a call acting on a user (contracts/user-target.ts); before decrypting, so a refusal costs no RSA.
    const targets = services.callGuards.target(call, user, body);
    decryptFields(services, call, body);
    const ip = req.ip ?? '';
    const userAgent = req.get('user-agent') ?? '';
    const ctx: HandlerContext<CallDef> = { body, user, tokenHash, locale, ip, userAgent, req, services, me: meOf(user) };
    const data = handler(ctx);
    if (isThenable(data)) return Promise.resolve(data).then((answer: unknown) => finish(req, res, entry, ctx, targets, answer));
    finish(req, res, entry, ctx, targets, data);
  };
}
