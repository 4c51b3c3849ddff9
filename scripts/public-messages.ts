import path from 'node:path';
import type { Plugin } from 'vite';
import { messagesEn } from '../contracts/i18n/messages-en.ts';
import { messagesZhCN } from '../contracts/i18n/messages-zh-CN.ts';

/**
 * The contracts' shared messages (`validation.*`, `errors.*`, contracts/i18n/messages-*.ts) split between the
 * public pages' language chunk and the texts fetched after login (issue 25): the login page's first load
 * carried all of them (5 KiB gzipped), while the public pages can show a few dozen.
 *
 * Which ones is computed at build time, never kept by hand: every module the public pages can load — the
 * entry and everything it imports, statically or lazily, except what only the console behind login loads
 * (SESSION_ROOTS) — is read after its transforms, and every `validation.<name>` / `errors.<name>` of the
 * catalogue its code names goes to the public chunk (`locales/<lng>.ts`, `messages`); the rest goes to the
 * session chunk (`locales/<lng>-session.ts`, `messages`), merged over them after login. A key named
 * nowhere in that code (none is built from parts: `tests/client/public-texts.test.ts` looks) would miss the
 * public chunk; the console then fetches the session texts and shows it (client/app/i18n.ts), never the key.
 *
 * Only in builds: under `npm run dev` and in tests the public chunk's `messages` is the whole catalogue.
 */
const CATALOGUES = { 'zh-CN': messagesZhCN, en: messagesEn } as const;
type Lng = keyof typeof CATALOGUES;
type Catalogue = Record<string, Record<string, string>>;

const PUBLIC_TEXTS = /[\\/]client[\\/]locales[\\/](zh-CN|en)\.ts$/;
const SESSION_TEXTS = /[\\/]client[\\/]locales[\\/](zh-CN|en)-session\.ts$/;
const LOCALES_DIR = /[\\/]client[\\/]locales[\\/]/;
/** Where the console behind login starts: its modules load only after login (client/app/router.tsx, store-core.ts). */
// screens.ts: the route table, which the session warm-up (app/warm-session.ts) imports ahead of login's answer.
const SESSION_ROOTS = /[\\/]client[\\/](?:app[\\/](?:session-modules\.ts|route-screen\.tsx|screens\.ts|layout[\\/]app-layout\.tsx)|features[\\/]debug[\\/])/;
const KEY = /\b(validation|errors)\.([a-z0-9_]+)\b/g;

/** The catalogue's keys `code` names. */
export function keysIn(code: string, catalogue: Catalogue): Set<string> {
  const out = new Set<string>();
  for (const m of code.matchAll(KEY)) if (Object.hasOwn(catalogue[m[1]] ?? {}, m[2])) out.add(`${m[1]}.${m[2]}`);
  return out;
}

/** `catalogue` split by `keys`: [the keys' texts, the rest], each `{ group: { name: text } }`. */
export function splitCatalogue(catalogue: Catalogue, keys: ReadonlySet<string>): [Catalogue, Catalogue] {
  const inside: Catalogue = {};
  const outside: Catalogue = {};
  for (const [group, texts] of Object.entries(catalogue)) {
    for (const [name, text] of Object.entries(texts)) {
      const side = keys.has(`${group}.${name}`) ? inside : outside;
      (side[group] ??= {})[name] = text;
    }
  }
  return [inside, outside];
}

export function publicMessages(entry: string): Plugin {
  let keys: Promise<Set<string>> | null = null;
  return {
    name: 'public-messages',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      keys = null;
    },
    async transform(code, id) {
      const pub = PUBLIC_TEXTS.exec(id);
      const session = SESSION_TEXTS.exec(id);
      if (!pub && !session) return null;
      const lng = (pub ?? session)![1] as Lng;
      keys ??= (async () => {
        // The walk never waits on a locale module: they are the ones being transformed.
        const seen = new Set<string>();
        const found = new Set<string>();
        const queue = [path.resolve(entry)];
        while (queue.length) {
          const next = queue.splice(0);
          const infos = await Promise.all(next.map((m) => this.load({ id: m, resolveDependencies: true })));
          for (const info of infos) {
            for (const k of keysIn(info.code ?? '', CATALOGUES.en)) found.add(k);
            for (const dep of [...info.importedIds, ...info.dynamicallyImportedIds]) {
              if (seen.has(dep) || dep.includes('node_modules') || dep.startsWith('\0') || LOCALES_DIR.test(dep) || SESSION_ROOTS.test(dep)) continue;
              seen.add(dep);
              queue.push(dep);
            }
          }
        }
        return found;
      })();
      const [inside, outside] = splitCatalogue(CATALOGUES[lng] as Catalogue, await keys);
      const [from, to] = pub
        ? [/^export const messages = messages(?:ZhCN|En);$/m, `export const messages = ${JSON.stringify(inside)};`]
        : [/^export const messages = \{\};$/m, `export const messages = ${JSON.stringify(outside)};`];
      if (!from.test(code)) this.error(`${id}: no \`${String(from)}\` line to fill (scripts/public-messages.ts)`);
      return { code: code.replace(from, to), map: null };
    },
  };
}
