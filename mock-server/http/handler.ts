import type { Request } from 'express';
import type { z } from 'zod';
import type { CallByPath, CallDef, CallPath } from '../../contracts/index.ts';
import type { Services } from '../compose.ts';
import { requireUser, type CallAs, type CallContext } from '../services/call-checks.ts';
import { forbidden } from './errors.ts';

/** What a handler gets: the validated body, the caller (if any) and the server's services. */
export interface HandlerContext<C extends CallDef> extends CallContext<z.output<C['request']>, Services> {
  readonly req: Request;
}

/** A handler returns the response data (validated against the contract in dev and test modes). */
export type Handler<C extends CallDef> = (ctx: HandlerContext<C>) => z.input<C['response']> | Promise<z.input<C['response']>>;

export type HandlerMap = { readonly [P in CallPath]?: Handler<CallByPath<P>> };

/** Typed per-area handler table; the keys must be registered call paths. */
export function defineHandlers<const M extends HandlerMap>(map: M): M {
  return map;
}

/**
 * A call made on a user's behalf outside a request (an export job's pages): its handler with a context of its
 * own. The composition root hands this to the job runner, which knows no handler table.
 */
export function callAsUser(handlers: HandlerMap, services: Services): CallAs {
  return async (call, user, body, locale) => {
    const handler = (handlers as Record<string, Handler<CallDef> | undefined>)[call.path];
    if (!handler) throw forbidden();
    return handler({
      body,
      user,
      tokenHash: null,
      locale,
      ip: '',
      userAgent: '',
      // List handlers never read the raw request (only admin/user_info does, which is not a list).
      req: {} as Request,
      services,
      me: () => requireUser(user),
    });
  };
}
