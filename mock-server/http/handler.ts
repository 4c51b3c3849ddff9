import type { Request } from 'express';
import type { z } from 'zod';
import type { CallByPath, CallDef, CallPath, Locale } from '../../contracts/index.ts';
import type { UserRow } from '../services/users.ts';
import type { Services } from '../services/index.ts';
import { unauthorized } from './errors.ts';

/** What a handler gets: the validated body, the caller (if any) and the server's services. */
export interface HandlerContext<C extends CallDef> {
  readonly body: z.output<C['request']>;
  readonly user: UserRow | null;
  /** SHA-256 of the caller's token (to end this session), or null when anonymous. */
  readonly tokenHash: string | null;
  readonly locale: Locale;
  readonly ip: string;
  readonly userAgent: string;
  readonly req: Request;
  readonly services: Services;
  /** The caller; throws 401 on a public call made without a token. */
  me(): UserRow;
}

/** A handler returns the response data (validated against the contract in dev and test modes). */
export type Handler<C extends CallDef> = (ctx: HandlerContext<C>) => z.input<C['response']> | Promise<z.input<C['response']>>;

export type HandlerMap = { readonly [P in CallPath]?: Handler<CallByPath<P>> };

/** Typed per-area handler table; the keys must be registered call paths. */
export function defineHandlers<const M extends HandlerMap>(map: M): M {
  return map;
}

export function requireUser(user: UserRow | null): UserRow {
  if (!user) throw unauthorized();
  return user;
}
