import { sharedMessages, type Locale } from '../../contracts/index.ts';

export type Tree = { [key: string]: string | Tree };
type Files = Record<string, unknown>;

/** One chunk per language: only the language on screen is downloaded (the other when switched to). */
const bundles: Record<Locale, () => Promise<{ default: Files }>> = {
  'zh-CN': () => import('../locales/zh-CN.ts'),
  en: () => import('../locales/en.ts'),
};

function merge(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    out[k] = typeof v === 'object' && typeof prev === 'object' ? merge(prev, v) : v;
  }
  return out;
}

/**
 * The `translation` namespace of a language: its files merged over contracts' shared messages. Each file
 * `<lng>/<top>.json` holds the keys under `<top>.` (menu.json → `menu.*`); `<top>.<part>.json` also merges
 * into `<top>.*`, so a feature keeps its keys in its own file (resources.qr-codes.json → resources.*).
 */
export function resourcesOf(lng: Locale, files: Files): Tree {
  let tree: Tree = structuredClone(sharedMessages[lng]) as unknown as Tree;
  for (const [path, content] of Object.entries(files)) {
    const m = /([^/]+)\.json$/.exec(path);
    if (m) tree = merge(tree, { [m[1].split('.')[0]]: content as Tree });
  }
  return tree;
}

export async function loadResources(lng: Locale): Promise<Tree> {
  return resourcesOf(lng, (await bundles[lng]()).default);
}
