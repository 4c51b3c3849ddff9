import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';

/**
 * Icon paths without the 230 KiB gzipped "all icons" chunk: the icons the shell and the public pages use are
 * bundled here (a few KiB); any other icon falls back to Blueprint's split-by-size loader, whose chunk is
 * fetched only when such an icon is first drawn. Add a name to the glob below when a common screen uses it.
 */
const eager16 = import.meta.glob<IconPaths>(
  '../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/{add,arrow-left,caret-down,caret-right,chevron-down,chevron-left,chevron-right,chevron-up,cog,cross,disable,double-caret-vertical,error,eye-off,eye-open,flash,floppy-disk,globe,grid-view,home,info-sign,key,layout-auto,lock,log-in,log-out,menu,moon,refresh,search,small-cross,tick,tick-circle,translate,user,warning-sign,wrench,build,timeline-line-chart,barcode,globe-network,shield,dollar,people,bank-account,shop,cog,helper-management,document,folder-close,person,lab-test,outdated,add-to-artifact,annotation,th,application}.js',
  { eager: true, import: 'default' },
);
const eager20 = import.meta.glob<IconPaths>(
  '../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/{build,disable,error,lock,search,wrench,outdated,tick-circle,warning-sign,info-sign,key,cross,small-cross,log-in}.js',
  { eager: true, import: 'default' },
);

function byName(mods: Record<string, IconPaths>): Map<string, IconPaths> {
  return new Map(Object.entries(mods).map(([path, paths]) => [path.slice(path.lastIndexOf('/') + 1, -3), paths]));
}

const known16 = byName(eager16);
const known20 = byName(eager20);

async function loadPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const known = (size === IconSize.STANDARD ? known16 : known20).get(name);
  if (known) return known;
  const { splitPathsBySizeLoader } = await import('@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader.js');
  return splitPathsBySizeLoader(name, size);
}

/** Install the loader; call once before the first render. */
export function installIconLoader(): void {
  Icons.setLoaderOptions({ loader: loadPaths });
}
