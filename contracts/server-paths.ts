import { REALTIME_PATH } from './realtime/tuning.ts';

// The paths the service answers itself on the console's origin, apart from the schemas (no zod here): the dev
// server's config reads them at start (vite.config.ts), and loading the contracts' schemas would slow it.

/** Prefix of every HTTP call; the WebSocket lives at `REALTIME_PATH` on the same port. */
export const API_PREFIX = '/api/';
/** Where stored files are served: `GET /uploads/<name>`. */
export const UPLOAD_URL_PREFIX = '/uploads/';
/** The mock's control API (dev and test modes): `POST /__control/<name>`. */
export const CONTROL_PREFIX = '/__control';

/**
 * Every path prefix the service owns on the console's origin, as a whole first segment (`/api` owns `/api/…`,
 * not `/apiary`). Under `npm run dev` each is passed on to the service, so the console's own source files must
 * never be served under one (scripts/dev-backend.ts checks client/ at start).
 */
export const SERVICE_PREFIXES = [API_PREFIX.slice(0, -1), REALTIME_PATH, UPLOAD_URL_PREFIX.slice(0, -1), CONTROL_PREFIX] as const;
