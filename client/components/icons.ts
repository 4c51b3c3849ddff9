import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';
import { tableOf } from './icon-table.ts';


// The few icons of the public pages, in the first load (a couple of KiB).
const first16 = tableOf(
  import.meta.glob<IconPaths>(
    '../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/{user,lock,key,eye-open,eye-off,translate,moon,flash,double-caret-vertical,error,caret-down}.js',
    { eager: true, import: 'default' },
  ),
);
const first20 = tableOf(
  import.meta.glob<IconPaths>('../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/{build,wrench,search,disable,lock,error}.js', {
    eager: true,
    import: 'default',
  }),
);

/**
 * Icon paths without Blueprint's "all icons" chunks (about 100 KiB gzipped per size): first the icons above,
 * then the frame's icons (one small chunk, fetched with the layout), and only for an icon in neither the
 * split-by-size chunk. Add a name to icon-paths-frame.ts when a common screen uses an icon.
 */
async function loadPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const large = size !== IconSize.STANDARD;
  const first = (large ? first20 : first16).get(name);
  if (first) return first;
  const frame = await import('./icon-paths-frame.ts');
  const known = (large ? frame.frame20 : frame.frame16).get(name);
  if (known) return known;
  const { splitPathsBySizeLoader } = await import('@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader.js');
  // The exact name check: the build gives Blueprint's loader only a shape check (scripts/blueprint-icon-names.ts).
  const paths: IconPaths | undefined = await splitPathsBySizeLoader(name, size);
  if (!paths) console.error(`[Blueprint] Unknown icon '${name}'`);
  return paths as IconPaths;
}

/** Install the loader; call once before the first render. */
export function installIconLoader(): void {
  Icons.setLoaderOptions({ loader: loadPaths });
}
