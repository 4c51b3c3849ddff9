import type { FieldOverride } from './types.ts';

/** One text per language, as a request sends it (`[{ language, title }]`). */
export interface Translation {
  readonly language: string;
  readonly title: string;
}

/** Form text of translations: one `code: text` a line (a language code holds no colon, so the first one splits). */
export function parseTranslations(text: string): Translation[] {
  return text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map((l) => {
      // The text keeps its spaces while typed (the contract trims it when sent): only the one after ':' goes.
      const at = l.indexOf(':');
      return at < 0 ? { language: l.trim(), title: '' } : { language: l.slice(0, at).trim(), title: l.slice(at + 1).replace(/^ /, '') };
    });
}

export const formatTranslations = (list: readonly Translation[]): string => list.map((t) => `${t.language}: ${t.title}`).join('\n');

/**
 * A request field holding one text per language (`[{ language, title }]`): an input per language of the
 * `lookup` (options: language code → its name; `required` marks the default language). The form keeps it as
 * text, so validation, "send what changed" and a server 400 under the field work as for any input.
 */
export function translationsField(name: string, lookup: string, extra: Partial<FieldOverride> = {}): FieldOverride {
  return {
    name,
    kind: 'translations',
    lookup,
    parse: parseTranslations,
    format: (value) => (Array.isArray(value) ? formatTranslations(value as Translation[]) : ''),
    ...extra,
  };
}

/** The text in the user's language, else `fallback` (the default language's, as the server answers it). */
export const inLanguage = (list: readonly Translation[] | undefined, language: string, fallback: string): string =>
  list?.find((t) => t.language === language)?.title || fallback;
