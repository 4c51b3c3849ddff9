import type { NextFunction, Request, Response } from 'express';
import type { Services } from '../compose.ts';
import { forbidden } from './errors.ts';

/**
 * The console black list (server_ip_black): 403 in the envelope before any handler. Mounted on every entry
 * point of the console: `/api/*` (uploads included) and `/uploads/*`; the WebSocket upgrade asks `blocked`.
 * Any spelling of the address is read (IPv6, IPv4-mapped, odd IPv4 forms; issue 20).
 */
export function serverIpGuard(services: Pick<Services, 'serverIpBlack'>) {
  const blocked = services.serverIpBlack;
  const guard = (req: Request, _res: Response, next: NextFunction) => {
    // `req.ip` is the canonical client address the edge set (security/client-ip.ts).
    next(blocked.listed() && blocked(req.ip) ? forbidden('errors.ip_blocked') : undefined);
  };
  return Object.assign(guard, { blocked });
}
