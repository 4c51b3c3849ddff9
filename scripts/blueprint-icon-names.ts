import type { Plugin } from 'vite';

/**
 * Blueprint's icon loader (`@blueprintjs/icons` iconLoader.js, which every `<Icon>` and so every Button uses)
 * imports `iconNames.js` only to check that a name is an icon (`IconNamesSet.has`) before loading its paths,
 * and to list every icon for `Icons.loadAll`. That module builds its tables from the generated enum of ~700
 * icons and runs change-case over each name: about 9.5 KiB gzipped in the login page's first load (issue 25;
 * the names alone, as one string, would still be 3.3 KiB).
 *
 * At build time this plugin hands iconLoader.js, and only it, a module with the same two exports where the
 * check is the shape of a name (lower-case words joined by `-`) and the exact check moves to the console's
 * loader (client/components/icons.ts): a name whose paths Blueprint's own tables lack logs Blueprint's
 * "Unknown icon" error and renders nothing, as before. The one difference is for a well-formed unknown name
 * (which the `IconName` type already refuses at compile time): its size's paths chunk is fetched to find out.
 * `IconNames` is empty here, so `Icons.loadAll` (which the console never calls) would load nothing. Every other
 * importer of iconNames.js (the package's public `IconNames`) still gets Blueprint's own module.
 * Decision: docs/decisions/2026-11-26-login-first-load-js.md.
 */
const ICON_LOADER = /[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconLoader\.js$/;
const VIRTUAL = '\0blueprint-icon-names';

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
      return [
        '// See scripts/blueprint-icon-names.ts: the exact check is in client/components/icons.ts.',
        'export const IconNames = {};',
        "export const IconNamesSet = { has: (name) => typeof name === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name) };",
      ].join('\n');
    },
  };
}
