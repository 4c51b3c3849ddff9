/**
 * Public visit URLs served by the mock server outside /api: `GET /v/{file_name}` (a QR code's entry page) and
 * `GET /s/{code}` (a short code, redirecting to its QR code). QR images encode the scan marker so that
 * scan-only codes (visit method 2) can tell a scan from a typed or pasted link.
 */
export const VISIT_PREFIX = '/v/';
export const SHORT_PREFIX = '/s/';
/** Query parameter the QR image carries: `?s=1`. */
export const SCAN_PARAM = 's';

/** Path of a QR code's visit page; `scan` adds the marker the rendered QR image carries. */
export function visitPath(fileName: string, options: { scan?: boolean } = {}): string {
  return `${VISIT_PREFIX}${encodeURIComponent(fileName)}${options.scan ? `?${SCAN_PARAM}=1` : ''}`;
}

/** Absolute visit URL on an origin such as `http://127.0.0.1:8080` or `http://entry.example.com`. */
export function visitUrl(origin: string, fileName: string, options: { scan?: boolean } = {}): string {
  return origin.replace(/\/+$/, '') + visitPath(fileName, options);
}

export function shortPath(code: string): string {
  return `${SHORT_PREFIX}${encodeURIComponent(code)}`;
}
