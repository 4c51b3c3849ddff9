import type { NextFunction, Request, Response } from 'express';
import { createIpBlackCheck } from '../visit-rules/ip-black.ts';
import { visitorIpv4 } from '../visit-rules/ip.ts';
import type { Services } from '../compose.ts';
import { forbidden } from './errors.ts';

/** `/api/*` from an address on the console black list (server_ip_black): 403 in the envelope, before any handler. */
export function serverIpGuard(services: Services) {
  const blocked = createIpBlackCheck(services.db, 'server_ip_black');
  return (req: Request, _res: Response, next: NextFunction) => {
    next(blocked(visitorIpv4(req.ip)) ? forbidden('errors.ip_blocked') : undefined);
  };
}
