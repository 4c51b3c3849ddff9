/** The language tag of the test-only pseudo language (contracts/i18n/pseudo.ts) and its markers. */
export const PSEUDO_TAG = 'en-XA';
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** Whether an `Accept-Language` header asks for the pseudo language (its first tag is `en-XA`). */
export function wantsPseudo(header: string | undefined | null): boolean {
  return !!header && header.split(',')[0].split(';')[0].trim().toLowerCase() === PSEUDO_TAG.toLowerCase();
}
