/**
 * The handshake's Origin check (cross-site WebSocket hijacking: browsers send cookies and ambient credentials
 * with a WebSocket to any site, so the server must check who opened it).
 *
 * Allowed: no Origin header at all (not a browser: browsers always send one, and a non-browser client can send
 * any Origin it likes, so refusing it protects nothing); an Origin whose host:port is the request's Host (the
 * console served by this server); an Origin listed in `allowedOrigins`; in dev and test modes any loopback
 * Origin (the Vite dev server on another port). Everything else is refused (close 4006).
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  options: { readonly allowedOrigins: readonly string[]; readonly allowLoopbackOrigins: boolean },
): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (host !== undefined && url.host === host.toLowerCase()) return true;
  if (options.allowedOrigins.includes(url.origin)) return true;
  return options.allowLoopbackOrigins && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
