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
  /**
   * The call takes multipart/form-data (one file in `file`) on a route of its own; a JSON body reaches the
   * request schema and is refused. OpenAPI documents the multipart body.
   */
  readonly upload?: boolean;
}

export function defineCall<const P extends string, Req extends z.ZodType, Res extends z.ZodType>(
  def: CallDef<P, Req, Res>,
): CallDef<P, Req, Res> {
  return def;
}

export type RequestOf<C extends CallDef> = z.input<C['request']>;
export type ParsedRequestOf<C extends CallDef> = z.output<C['request']>;
export type ResponseOf<C extends CallDef> = z.output<C['response']>;
