import type { z } from 'zod';
import type { Access } from './access.ts';

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
  /** Safe to send again when no answer came (a read). Default: the path's verb says so (`isIdempotent`). */
  readonly idempotent?: boolean;
}

/** The verbs of the service's read calls (`<area>/<verb>`): nothing changes however often they are sent. */
const READ_VERBS = new Set([
  'inquire', 'user_inquire', 'cleared_inquire', 'details', 'list', 'daily', 'public_enquiry', 'get_ip', 'public_key', 'user_info',
  'token_menu', 'export_access_records',
]);

/** Whether the console may send `call` once more after it timed out (apiCall in client/state/sagas/call.ts). */
export function isIdempotent(call: Pick<CallDef, 'path' | 'idempotent'>): boolean {
  return call.idempotent ?? READ_VERBS.has(call.path.slice(call.path.lastIndexOf('/') + 1));
}

export function defineCall<const P extends string, Req extends z.ZodType, Res extends z.ZodType>(
  def: CallDef<P, Req, Res>,
): CallDef<P, Req, Res> {
  return def;
}

export type RequestOf<C extends CallDef> = z.input<C['request']>;
export type ParsedRequestOf<C extends CallDef> = z.output<C['request']>;
export type ResponseOf<C extends CallDef> = z.output<C['response']>;
