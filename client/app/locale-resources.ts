import type { Locale } from '../../contracts/index.ts';
import { pseudoOn } from '../io/pseudo-switch.ts';

export type Tree = { [key: string]: string | Tree };
type Files = Record<string, unknown>;

/**
 * Each bundle also carries contracts' shared messages of its language (the base every text merges over): the
 * public one those the public pages can show, the session one the rest (split at build time,
 * scripts/public-messages.ts; in dev and tests the public one has them all).
 */
type Bundles = Record<Locale, () => Promise<{ default: Files; messages: object }>>;

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
 * The `translation` namespace of a language: its files merged over `base` (contracts' shared messages of the
 * language, `sharedMessages[lng]`; `{}` for the texts behind login, added over them). Each file
 * `<lng>/<top>.json` holds the keys under `<top>.` (menu.json → `menu.*`); `<top>.<part>.json` also merges
 * into `<top>.*`, so a feature keeps its keys in its own file (resources.qr-codes.json → resources.*).
 */
export function resourcesOf(files: Files, base: object): Tree {
  let tree = structuredClone(base) as Tree;
  for (const [path, content] of Object.entries(files)) {
    const m = /([^/]+)\.json$/.exec(path);
    if (m) tree = merge(tree, { [m[1].split('.')[0]]: content as Tree });
  }
  return tree;
}

/**
 * `tree` as shown: the English texts become the test-only pseudo language when its switch is on
 * (client/io/pseudo-switch.ts); the transform is fetched only then, so no first load carries it.
 */
async function shown(lng: Locale, tree: Tree): Promise<Tree> {
  return pseudoOn(lng) ? (await import('../../contracts/i18n/pseudo.ts')).pseudoTree(tree) : tree;
}

/** The texts of the pages before login, over contracts' shared messages: what the first render needs. */
export async function loadPublicResources(lng: Locale): Promise<Tree> {
  const bundle = await publicBundles[lng]();
  return shown(lng, resourcesOf(bundle.default, bundle.messages));
}

/** The texts of the screens behind login alone, with the rest of the shared messages (added over the public ones with a deep merge). */
export async function loadSessionResources(lng: Locale): Promise<Tree> {
  const bundle = await sessionBundles[lng]();
  return shown(lng, resourcesOf(bundle.default, bundle.messages));
}

/** Start downloading the texts behind login of `lng` (app/warm-session.ts); loadSessionResources gets the same module. */
export function preloadSessionResources(lng: Locale): Promise<unknown> {
  return sessionBundles[lng]();
}

/** Every text of a language (tests and tools render any screen at once). */
export async function loadResources(lng: Locale): Promise<Tree> {
  const [pub, session] = await Promise.all([publicBundles[lng](), sessionBundles[lng]()]);
  return resourcesOf({ ...pub.default, ...session.default }, merge(pub.messages as Tree, session.messages as Tree));
}
