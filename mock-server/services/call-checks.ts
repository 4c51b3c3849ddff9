import type { z } from 'zod';
import { isMessageKey, issueMessage, valueAt, type CallDef, type Locale } from '../../contracts/index.ts';
import { badRequest, forbidden, unauthorized } from './errors.ts';
import type { UserRow, Users } from './users.ts';

/**
 * What a call demands before its handler runs: the caller's right to make it and a body that fits its schema.
 * The router applies both to every request; an export job (its operator, its filters), the upload route and
 * the control API apply the same ones, so none of them imports the router.
 */

/**
 * What every call's code receives, handler or resource rule: the validated body, the caller, where the request
 * came from, and the services `S` it may use (the router's HandlerContext adds the raw request).
 */
export interface CallContext<B, S> {
  readonly body: B;
  readonly user: UserRow | null;
  /** SHA-256 of the caller's token (to end this session), or null when anonymous. */
  readonly tokenHash: string | null;
  readonly locale: Locale;
  readonly ip: string;
  readonly userAgent: string;
  readonly services: S;
  /** The caller; 401 on a call made without a token. */
  me(): UserRow;
}

/** The caller of a call that needs one; 401 when there is none. */
export function requireUser(user: UserRow | null): UserRow {
  if (!user) throw unauthorized();
  return user;
}

export function checkAccess(services: { readonly users: Pick<Users, 'permissionKeys'> }, call: CallDef, user: UserRow | null): void {
  const { access } = call;
  if (access.kind === 'public') return;
  if (!user) throw unauthorized();
  if (access.kind === 'user') return;
  const keys = services.users.permissionKeys(user.role_id);
  const key = access.button ? `${access.route}:${access.button}` : access.route;
  if (!keys.has(access.route) || !keys.has(key)) throw forbidden();
}

/**
 * First problem of a failed parse: the message key of the rule (zod's own checks get ours, `issueMessage`), its
 * values, and the path of the field it concerns (`file_names.0`; '' for the body as a whole). The answer's
 * `message` is the sentence alone; the field travels apart (`field`), so a person never reads a field name.
 */
export function describeIssue(error: z.ZodError, body?: unknown): { key: string; field: string; vars?: Record<string, string | number> } {
  const issue = error.issues[0];
  if (!issue) return { key: 'errors.invalid_parameter', field: '' };
  const { key, params } = issueMessage(issue, valueAt(body, issue.path));
  // An unknown key is the field it concerns (the first, when several): no input of a form has it, so it shows on top.
  const at = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  return { key, field: at.map(String).join('.'), vars: params };
}

/** The field names an object schema takes at `path` (through optional and default wrappers); [] when unknown. */
function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  type Def = { type: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType> };
  let at: z.ZodType | undefined = schema;
  const def = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
  const bare = (s: z.ZodType) => {
    let x = s;
    while (def(x).innerType && ['optional', 'default', 'nullable', 'prefault'].includes(def(x).type)) x = def(x).innerType!;
    return x;
  };
  for (const p of path) {
    const shape: Record<string, z.ZodType> | undefined = at ? def(bare(at)).shape : undefined;
    at = shape?.[String(p)];
    if (!at) return [];
  }
  return Object.keys(def(bare(at)).shape ?? {});
}

/**
 * A control-API body parsed by its schema, or 400 naming the first problem. The control API is a developer's and
 * QA's tool, not a console screen: the sentence names the field and says what is wrong with it (`count: Too big:
 * expected number to be <=100`, `unknown field 'colour': it takes to, type, data`), the field travels beside it.
 * A rule worded by the contracts' catalogue (a domain name's) is translated as everywhere.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const { key, field, vars } = describeIssue(parsed.error, body);
  if (issue?.code === 'unrecognized_keys') {
    const known = keysAt(schema, issue.path);
    const names = issue.keys.map((k) => `'${[...issue.path, k].map(String).join('.')}'`).join(', ');
    throw badRequest(`unknown field${issue.keys.length > 1 ? 's' : ''} ${names}${known.length ? `: it takes ${known.join(', ')}` : ': it takes no fields'}`, { field });
  }
  if (issue && issue.path.length === 0 && issue.code === 'invalid_type') {
    const received = Array.isArray(body) ? 'a list' : body === null ? 'null' : `a ${typeof body}`;
    throw badRequest(`the body must be a JSON object, not ${received}`, { field });
  }
  if (issue && !isMessageKey(issue.message)) {
    // A field that is not there: "required" says it better than zod's "expected string, received undefined".
    const missing = issue.path.length > 0 && valueAt(body, issue.path) === undefined && issue.code !== 'custom';
    throw badRequest(`${field ? `${field}: ` : ''}${missing ? 'required' : issue.message}`, { field });
  }
  throw badRequest(key, { field, ...vars });
}

/**
 * The checks of one call whose rules belong to areas, handed to the call router by the composition root
 * (compose.ts), so that the HTTP layer knows no area: the membership a call may need (money/membership.ts)
 * and the rank and self rule of a call acting on a user (users/target-guard.ts), which answers the users it
 * acts on for the audit log.
 */
export interface CallGuards {
  membership(call: CallDef, user: UserRow | null, nowMs: number): void;
  target(call: CallDef, user: UserRow | null, body: Record<string, unknown>): readonly { readonly id: number }[];
}

/**
 * A call made on a user's behalf outside a request (an export job's pages): app.ts binds it to the handler
 * table (http/handler.ts `callAsUser`) and compose.ts hands it to the job runner, which knows no handler.
 */
export type CallAs = (call: CallDef, user: UserRow, body: Record<string, unknown>, locale: Locale) => Promise<unknown>;
