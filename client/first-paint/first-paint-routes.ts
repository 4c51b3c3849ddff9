/**
 * The routes whose first paint comes from the built index.html (issue 25, decisions
 * docs/decisions/2026-11-26-public-first-paint.md and 2026-11-26-console-first-screen.md): a prerendered first paint of
 * each, chosen by the hash before any module runs (scripts/first-paint.ts writes the picking script), replaced
 * by the app when it renders. The public pages, and the screen every role lands on after login.
 */
export const FIRST_PAINT_ROUTES = ['admin_login', 'access_log', 'share_access', 'today_statistics'] as const;
export type FirstPaintRoute = (typeof FIRST_PAINT_ROUTES)[number];

/** First paints of a screen behind login: shown only with a stored session, on a phone (the drawer layout, no menu on screen). */
export const SESSION_FIRST_PAINTS: readonly FirstPaintRoute[] = ['today_statistics'];

/** Each first paint's path in the hash router. */
export const FIRST_PAINT_PATHS: Record<FirstPaintRoute, string> = {
  admin_login: '/admin_login',
  access_log: '/access_log',
  share_access: '/share_access',
  today_statistics: '/customer/today_statistics',
};

/**
 * The hashes that have a first paint, made from FIRST_PAINT_PATHS: group 1 is the path, whose last part names the route
 * (`#/access_log?x=1` → 'access_log', `#/customer/today_statistics` → 'today_statistics'). The picking script
 * index.html runs first uses it (scripts/first-paint.ts).
 */
export const FIRST_PAINT_HASH = new RegExp(`^#(${Object.values(FIRST_PAINT_PATHS).join('|')})(?:[?/]|$)`);

/** The attribute on the first paint's wrapper: its value is the route it shows. */
export const FIRST_PAINT_ATTR = 'data-first-paint';
