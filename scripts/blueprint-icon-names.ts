import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * Blueprint's icon loader (`@blueprintjs/icons` iconLoader.js, which every `<Icon>` and so every Button uses)
 * imports `iconNames.js` only to check that a name is an icon (`IconNamesSet.has`) and to list them all for
 * `Icons.loadAll`. That module builds its tables from the generated enum of ~700 icons (key and value each)
 * and runs change-case over every name: about 9.5 KiB gzipped in the login page's first load (issue 25).
 * At build time this plugin hands iconLoader.js, and only it, a module with the same two exports built from
 * the same generated file: the icon names once, as one string. The check stays exact; `IconNames` keeps the
 * same values (keyed by name, which `loadAll`'s `Object.values` does not see). Every other importer of
 * iconNames.js (the package's public `IconNames`) still gets Blueprint's own module.
 */
const ICON_LOADER = /[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconLoader\.js$/;
const VIRTUAL = '\0blueprint-icon-names';

/** Every icon name of Blueprint's generated 16px enum (the 20px set has the same names). */
export function blueprintIconNames(): string[] {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@blueprintjs/icons/lib/esm/generated/16px/blueprint-icons-16.js');
  const src = fs.readFileSync(file, 'utf8');
  const names = [...src.matchAll(/BlueprintIcons_16\["\w+"\] = "([a-z0-9-]+)";/g)].map((m) => m[1]!);
  if (names.length < 100) throw new Error(`blueprint-icon-names: found ${names.length} icon names in ${file}; has its format changed?`);
  return names;
}

export function blueprintIconNamesPlugin(): Plugin {
  return {
    name: 'blueprint-icon-names',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === './iconNames' && importer && ICON_LOADER.test(importer) ? VIRTUAL : null;
    },
    load(id) {
      if (id !== VIRTUAL) return null;
      const names = blueprintIconNames();
      return [
        `const names = ${JSON.stringify(names.join(','))}.split(',');`,
        'export const IconNames = Object.fromEntries(names.map((n) => [n, n]));',
        'export const IconNamesSet = new Set(names);',
      ].join('\n');
    },
  };
}
