import type { RequestHandler } from 'express';

/**
 * Headers on every answer. The console's CSP forbids inline script (a stored payload can never run);
 * styles allow 'unsafe-inline' because Blueprint's popovers position themselves with style attributes.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS = Object.entries({
  'Content-Security-Policy': CONSOLE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
});

// setHeader directly: Express's res.set() re-checks each value (charset, arrays) on every request.
export const securityHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of HEADERS) res.setHeader(name, value);
  next();
};

/**
 * API answers (and the control API's) are never stored by a browser or a proxy: they are one user's data,
 * answered to a token, and a stored copy would outlive the session (a shared machine's back button, a proxy's
 * disk). Set before anything answers, so refusals (401, 403, 404, 429) carry it too.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
