import fs from 'node:fs';
import path from 'node:path';
import { resourcesOf, type Tree } from '../../../client/app/locale-resources.ts';
import { sharedMessages, type Locale } from '../../../contracts/index.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../client/locales');

/** The console's texts of one language, read from the locale files the build bundles (`{{var}}` filled in, plurals by `count`). */
export function texts(lng: Locale): (key: string, vars?: Record<string, string | number>) => string {
  const files: Record<string, unknown> = {};
  for (const f of fs.readdirSync(path.join(LOCALES_DIR, lng))) {
    if (f.endsWith('.json')) files[`./${lng}/${f}`] = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lng, f), 'utf8'));
  }
  const tree = resourcesOf(files, sharedMessages[lng]);
  return (key, vars = {}) => {
    const at = (k: string) => k.split('.').reduce<unknown>((n, p) => (n && typeof n === 'object' ? (n as Tree)[p] : undefined), tree);
    // Plural keys as i18next picks them: `<key>_<one|other|…>` by the language's plural rules.
    const found = at(key) ?? (typeof vars.count === 'number' ? at(`${key}_${new Intl.PluralRules(lng).select(vars.count)}`) : undefined);
    if (typeof found !== 'string') throw new Error(`no text ${key} in ${lng}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? ''));
  };
}

/** The top names of a language's texts (`menu`, `resources`, …): a raw key on screen starts with one. */
export function topKeys(lng: Locale): string[] {
  const names = new Set<string>(Object.keys(sharedMessages[lng]));
  for (const f of fs.readdirSync(path.join(LOCALES_DIR, lng))) if (f.endsWith('.json')) names.add(f.split('.')[0]);
  return [...names];
}
