/**
 * The public routes whose first paint comes from the built index.html (issue 25, decision
 * docs/decisions/2026-11-26-public-first-paint.md): a prerendered shell of each, chosen by the hash before any
 * module runs (scripts/public-shell.ts writes the picking script), replaced by the app when it renders.
 */
export const SHELL_ROUTES = ['admin_login', 'access_log', 'share_access'] as const;
export type ShellRoute = (typeof SHELL_ROUTES)[number];

/** `#/access_log?x=1` → 'access_log'; null for any other hash. The inline script uses the same pattern. */
export const SHELL_HASH = /^#\/(admin_login|access_log|share_access)(?:[?/]|$)/;

export function shellRouteOf(hash: string): ShellRoute | null {
  return (SHELL_HASH.exec(hash)?.[1] as ShellRoute | undefined) ?? null;
}

/** The attribute on the shell's wrapper: its value is the route it shows. */
export const SHELL_ATTR = 'data-shell';
