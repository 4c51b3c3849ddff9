import type { z } from 'zod';
import type { Access } from './access.ts';
import type { UserTarget } from './user-target.ts';

/**
 * One HTTP call: POST `/api/{path}` with a JSON body validated by `request`, answering the envelope whose
 * `data` matches `response`. This is the only place a call is described.
 */
export interface CallDef<
  P extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> {
  readonly path: P;
  readonly summary: string;
  readonly access: Access;
  readonly request: Req;
  readonly response: Res;
  /** Fields that carry an RSA-OAEP encrypted password (base64); the server decrypts them before the handler. */
  readonly encryptedFields?: readonly string[];
  /**
   * The call takes multipart/form-data (one file in `file`) on a route of its own; a JSON body reaches the
   * request schema and is refused. OpenAPI documents the multipart body.
   */
  readonly upload?: boolean;
  /**
   * Whether a successful call by an administrator is written to the audit log (`logs`, type admin_write).
   * Default: the path's verb decides (`writeVerbOf`); declare it when the verb does not say, or says wrong.
   */
  readonly audit?: boolean;
  /**
   * The call creates something a membership pays for (QR codes, short links, domains, forwards): the router
   * refuses it with 402 to a customer whose membership is absent or past (agents and administrators are not
   * members and are never refused). docs/decisions/2026-11-23-membership.md.
   */
  readonly membership?: true;
  /**
   * The call acts on a user named by id: the router refuses (403) a target ranked at or above the caller and,
   * unless the action is `manage`, the caller itself (contracts/user-target.ts). Every write naming a user must
   * declare it or be listed in `NOT_USER_TARGETS` (tests/contract/user-targets.test.ts).
   */
  readonly target?: UserTarget;
  /** Safe to send again when no answer came (a read). Default: the path's verb says so (`isIdempotent`). */
  readonly idempotent?: boolean;
}

/** Whether the console may send `call` once more after it timed out (apiCall in client/state/sagas/call.ts). */
export function isIdempotent(call: Pick<CallDef, 'path' | 'idempotent'>): boolean {
  // A read is what the audit log's verb rule calls one: one list of verbs for both questions.
  return call.idempotent ?? writeVerbOf(call.path) === false;
}

export function defineCall<const P extends string, Req extends z.ZodType, Res extends z.ZodType>(
  def: CallDef<P, Req, Res>,
): CallDef<P, Req, Res> {
  return def;
}

/**
 * Verbs (the path's last segment, or its first word) of calls that change something, and of calls that only
 * read. A registered call whose verb is in neither list must declare `audit` (tests/contract/audit.test.ts).
 */
const WRITE_VERBS = /^(add|update|remove|delete|clear|restore|send|batch|change|share|set|force|disconnect|create|import|recharge|release|run|trigger|sync|bind|unbind|reset|enable|disable|approve|reject)(_|$)|_(remove|update|delete)$/;
const READ_VERBS = /^(inquire|details|list|get|export|download|home|today|hourly|historical|pc_historical|visit_summary|public|cleared_inquire|user_inquire|daily|token|ping|user_info|search|count)(_|$)|_inquire$/;

/** true / false when the verb tells, undefined when it does not. */
export function writeVerbOf(path: string): boolean | undefined {
  const verb = path.slice(path.lastIndexOf('/') + 1);
  if (WRITE_VERBS.test(verb)) return true;
  if (READ_VERBS.test(verb)) return false;
  return undefined;
}

/** Is a successful administrator call of this kind written to the audit log? */
export function isAudited(call: CallDef): boolean {
  return call.audit ?? writeVerbOf(call.path) ?? false;
}

export type RequestOf<C extends CallDef> = z.input<C['request']>;
export type ParsedRequestOf<C extends CallDef> = z.output<C['request']>;
export type ResponseOf<C extends CallDef> = z.output<C['response']>;
