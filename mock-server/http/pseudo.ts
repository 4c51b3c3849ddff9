import type { Request } from 'express';
import { pseudoLocalise, wantsPseudo } from '../../contracts/index.ts';

/**
 * A text the server worded (already in English for an `en-XA` request: `pickLocale` reads it as en) in the
 * language the request asked for: the test-only pseudo language (contracts/i18n/pseudo.ts) when its first
 * Accept-Language tag is `en-XA`, else unchanged. So a console in the pseudo language can tell a server text
 * that went through the catalogue from one that did not.
 */
export function asAsked(req: Pick<Request, 'get'>, text: string): string {
  return wantsPseudo(req.get('accept-language')) ? pseudoLocalise(text) : text;
}
