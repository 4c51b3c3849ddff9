import type { Locale } from '../../contracts/index.ts';
import { preloadSessionResources } from './locale-resources.ts';

/** The screen an address under /customer shows: its name, or today_statistics (where /customer lands every role). */
export function screenOfHash(hash: string): string | null {
  const m = /^#\/customer(?:\/([^/?#]*))?(?:[/?#]|$)/.exec(hash);
  if (!m) return null;
  return m[1] || 'today_statistics';
}

const quietly = (p: Promise<unknown>) => void p.catch(() => undefined);

/**
 * A stored session opening an address behind login: start downloading what its first screen renders with —
 * the session's slices and sagas, Blueprint's frame (and its CSS), the console layout, the texts behind login
 * in the stored language, the route table and the screen itself — now, beside the session check, instead of
 * one after the other as each suspends (user_info → session modules → token_menu → frame → layout → texts →
 * route table → screen). Only downloads and module evaluation: nothing renders, dispatches or calls the API
 * here; the same imports made later by the router, the store and the layout get these modules. A failed
 * download is left to them (they retry and show their own error).
 */
export function warmSession(hash: string, language: Locale): void {
  const name = screenOfHash(hash);
  if (!name) return;
  // The frame before the layout: their stylesheets are inserted in this order, Blueprint's first (as when
  // the router renders them), so the layout's rules keep winning over Blueprint's of the same specificity.
  quietly(import('../components/blueprint-frame.tsx'));
  quietly(import('./layout/app-layout.tsx'));
  quietly(import('./session-modules.ts'));
  quietly(import('./route-screen.tsx'));
  quietly(preloadSessionResources(language));
  quietly(import('./screens.ts').then(({ screens }) => screens[name as keyof typeof screens]?.preload?.()));
}
