import { LOCALES, sharedMessages, type Locale } from '../../contracts/index.ts';

type Tree = { [key: string]: string | Tree };

// Each file client/locales/<lng>/<top>.json holds the keys under `<top>.` (menu.json → `menu.*`).
const files = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });

function merge(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    out[k] = typeof v === 'object' && typeof prev === 'object' ? merge(prev, v) : v;
  }
  return out;
}

/** One `translation` namespace per locale: the console's files merged over contracts' shared messages. */
export function buildResources(): Record<Locale, { translation: Tree }> {
  const out = {} as Record<Locale, { translation: Tree }>;
  for (const lng of LOCALES) {
    let tree: Tree = structuredClone(sharedMessages[lng]) as unknown as Tree;
    for (const [path, content] of Object.entries(files)) {
      const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
      // `<top>.<part>.json` also merges into `<top>.*`, so a feature keeps its keys in its own file
      // (resources.qr-codes.json → resources.qr_code_list.*, …).
      if (m && m[1] === lng) tree = merge(tree, { [m[2].split('.')[0]]: content });
    }
    out[lng] = { translation: tree };
  }
  return out;
}
