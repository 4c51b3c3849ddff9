import type { IconPaths } from '@blueprintjs/icons';

export type PathTable = ReadonlyMap<string, IconPaths>;

/** `{ name → paths }` from an import.meta.glob over Blueprint's per-icon path modules. */
export function tableOf(mods: Record<string, IconPaths>): PathTable {
  return new Map(Object.entries(mods).map(([path, paths]) => [path.slice(path.lastIndexOf('/') + 1, -3), paths]));
}
