import { sharedMessages, type Locale } from '../../contracts/index.ts';

export type Tree = { [key: string]: string | Tree };
type Files = Record<string, unknown>;

type Bundles = Record<Locale, () => Promise<{ default: Files }>>;

/**
 * Two chunks per language, only the language on screen downloaded: the texts of the pages before login (part
 * of the login page's first load, so kept small) and the texts of the screens behind login (with the frame).
 */
const publicBundles: Bundles = {
  'zh-CN': () => import('../locales/zh-CN.ts'),
  en: () => import('../locales/en.ts'),
};
const sessionBundles: Bundles = {
  'zh-CN': () => import('../locales/zh-CN-session.ts'),
  en: () => import('../locales/en-session.ts'),
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
export function resourcesOf(lng: Locale, files: Files, base: Tree = sharedMessages[lng] as unknown as Tree): Tree {
  let tree: Tree = structuredClone(base);
  for (const [path, content] of Object.entries(files)) {
    const m = /([^/]+)\.json$/.exec(path);
    if (m) tree = merge(tree, { [m[1].split('.')[0]]: content as Tree });
  }
  return tree;
}

/** The texts of the pages before login, over contracts' shared messages: what the first render needs. */
export async function loadPublicResources(lng: Locale): Promise<Tree> {
  return resourcesOf(lng, (await publicBundles[lng]()).default);
}

/** The texts of the screens behind login alone (added over the public ones with a deep merge). */
export async function loadSessionResources(lng: Locale): Promise<Tree> {
  return resourcesOf(lng, (await sessionBundles[lng]()).default, {});
}

/** Every text of a language (tests and tools render any screen at once). */
export async function loadResources(lng: Locale): Promise<Tree> {
  const [pub, session] = await Promise.all([publicBundles[lng](), sessionBundles[lng]()]);
  return resourcesOf(lng, { ...pub.default, ...session.default });
}
