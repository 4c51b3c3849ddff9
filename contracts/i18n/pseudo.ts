/**
 * Pseudo-localisation: a test-only third language made at run time from the English texts, so no third
 * locale file is kept. Each text is accented (`Save` → `Ŝàvé`), about 30 % longer (vowels doubled) and
 * wrapped in ⟦ ⟧, so a browser test can tell a translated text from a hard-coded one, a raw enum value or a
 * server text that skipped translation. Interpolations (`{{count}}`), nestings (`$t(key)`) and Trans tags
 * (`<0>…</0>`, `<strong>`) are kept as they are, so i18next still fills them.
 * Asked for with the language tag `en-XA` (the tag Android and Chromium use for accented pseudo-English):
 * the console sends it as Accept-Language when the test switch is on, the mock answers its texts so.
 */
import { PSEUDO_CLOSE, PSEUDO_OPEN } from './pseudo-tag.ts';


const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'àƀçđéƒĝĥíĵķĺɱñóƥǫŕšţúṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŢÚṼŴẊÝŽ'][i]]),
);
const VOWEL = /[aeiouAEIOU]/;
/** Pieces kept as they are: `{{var}}`, `$t(key)`, Trans/HTML tags, `&entity;`. */
const KEEP = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?[\w-]+\s*\/?>|&\w+;)/;

/** One text in the pseudo language; an empty text stays empty (nothing to mark). */
export function pseudoLocalise(text: string): string {
  if (!text) return text;
  const parts = text.split(KEEP).map((part, i) =>
    i % 2 === 1 ? part : [...part].map((c) => (ACCENTED[c] ?? c) + (VOWEL.test(c) ? ACCENTED[c] : '')).join(''),
  );
  return `${PSEUDO_OPEN}${parts.join('')}${PSEUDO_CLOSE}`;
}

/** Whole trees of texts (i18next resources, arrays among them) in the pseudo language; other values stay. */
export function pseudoTree<T>(tree: T): T {
  if (typeof tree === 'string') return pseudoLocalise(tree) as T;
  if (Array.isArray(tree)) return tree.map((v: unknown) => pseudoTree(v)) as T;
  if (typeof tree !== 'object' || tree === null) return tree;
  return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, pseudoTree(v)])) as T;
}
