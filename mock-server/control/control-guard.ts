import { timingSafeEqual, createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { forbidden } from '../services/errors.ts';
import { isLoopback } from '../security/client-ip.ts';

/** Header a remote caller sends `MOCK_CONTROL_TOKEN` in. */
export const CONTROL_TOKEN_HEADER = 'x-control-token';

/** Constant-time equality of two secrets of any length (hashing first hides the length too). */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Whether a control call may run: a loopback peer always (the lab: one developer, one machine); anyone else
 * only with the configured token. The peer is the socket's own address, never `X-Forwarded-For`, which any
 * client can write. An empty or unset token means "loopback only".
 */
export function controlAllowed(remoteAddress: string | undefined, sentToken: string | undefined, token: string | undefined): boolean {
  if (isLoopback(remoteAddress)) return true;
  if (!token || sentToken === undefined) return false;
  return sameSecret(sentToken, token);
}

/** Express middleware in front of `/__control`: 403 in the envelope for a peer the rule refuses. */
export function controlGuard(token: string | undefined) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!controlAllowed(req.socket.remoteAddress, req.get(CONTROL_TOKEN_HEADER), token)) throw forbidden('errors.control_refused');
    next();
  };
}
