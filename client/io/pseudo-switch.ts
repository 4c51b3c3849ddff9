import type { Locale } from '../../contracts/index.ts';

/**
 * The test-only pseudo language (contracts/i18n/pseudo.ts) is asked for by the localStorage flag
 * `pseudo_locale` = `1` with English on screen; it is in no menu and nothing in the console writes the flag
 * (the route walk's pseudo tab, tests/e2e/helpers/pseudo-tab.ts, sets it). The English texts are then shown pseudo-localised and every
 * call asks the server in `en-XA`.
 */
export const PSEUDO_SWITCH = 'pseudo_locale';

/** Whether the pseudo language replaces `language` on screen (read once per page: the switch is for tests). */
export function pseudoOn(language: Locale): boolean {
  if (language !== 'en') return false;
  try {
    return globalThis.localStorage?.getItem(PSEUDO_SWITCH) === '1';
  } catch {
    return false;
  }
}
