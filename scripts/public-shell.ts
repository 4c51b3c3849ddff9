import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import postcss, { type AtRule, type ChildNode, type Container, type Rule } from 'postcss';
import { createServer, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { DEFAULT_LOCALE, LOCALES } from '../contracts/i18n/messages.ts';
import { SHELL_ATTR, SHELL_HASH, SHELL_ROUTES, type ShellRoute } from '../client/shell/shell-routes.ts';

/**
 * The public pages paint from index.html (issue 25; decision docs/decisions/2026-11-26-public-first-paint.md).
 * At build time, client/shell/prerender.tsx renders each public route's real screen (zh-CN, light, first state)
 * through Vite's SSR loader; the markup goes into `#root`, one inert wrapper per route, each with the rules of
 * the CSS its route loads later that match it (critical CSS; the entry's stylesheet is linked already). A small
 * classic script (hashed asset, first in <head>: the console's CSP allows no inline script) picks the wrapper
 * by `location.hash`, or none when the stored language or theme is not the default, and starts fetching the
 * route's screen chunk and CSS. React replaces the wrappers on its first commit (client/shell/takeover.tsx).
 */

const CLIENT = fileURLToPath(new URL('../client/', import.meta.url));

/** The lazy modules each route renders (router.tsx: PublicScreen = BlueprintFrame + the screen). */
const ROUTE_MODULES: Record<ShellRoute, string[]> = {
  admin_login: [],
  access_log: ['components/blueprint-frame.tsx', 'features/access-log/screens/access-log-screen.tsx'],
  share_access: ['components/blueprint-frame.tsx', 'features/share/screens/share-screen.tsx'],
};

const chunks = (bundle: OutputBundle) => Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
type Meta = { viteMetadata?: { importedCss: Set<string> } };

/** The chunks (static imports followed) and CSS files a route's lazy modules bring, in load order. */
function routeFiles(bundle: OutputBundle, route: ShellRoute): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const visit = (c: OutputChunk | undefined) => {
    if (!c || js.includes(c.fileName)) return;
    js.push(c.fileName);
    for (const dep of c.imports) visit(bundle[dep] as OutputChunk | undefined);
    for (const f of (c as OutputChunk & Meta).viteMetadata?.importedCss ?? []) if (!css.includes(f)) css.push(f);
  };
  for (const rel of ROUTE_MODULES[route]) {
    const id = path.join(CLIENT, rel);
    const c = chunks(bundle).find((x) => x.facadeModuleId && path.normalize(x.facadeModuleId) === id);
    if (!c) throw new Error(`public-shell: no chunk for ${rel}`);
    visit(c);
  }
  return { js, css };
}

/** States an inert shell is never in: a selector only for them is not critical. */
const DYNAMIC = /:(?:hover|focus|focus-visible|focus-within|active|visited|checked|indeterminate|invalid|autofill|-webkit-autofill|-moz-focusring)\b|::-ms-|::selection|::backdrop/;
/** Pseudo-elements that paint with their element: matched through it. */
const PSEUDO_ELEMENT = /::?(?:before|after|placeholder|marker|-webkit-[\w-]+|-moz-[\w-]+)\b/g;
/** Media the phone and desktop the shell is for never match. */
const NEVER = /forced-colors:\s*active|^print$|-ms-high-contrast/;

/** Blueprint's icon-font glyphs: the console draws SVG icons; no icon font is loaded, a glyph would be a box. */
const ICON_GLYPH = /\.bp6-icon-[\w-]+::?before/;

/**
 * Every shell's style is in the document (a hidden wrapper's too): each applies only while its route is the one
 * shown. `:where()` adds no specificity, so the cascade is the one the app's stylesheets give.
 */
function scoped(selector: string, route: ShellRoute): string {
  const when = `:where([${SHELL_ATTR}-route=${route}])`;
  if (/^(?::root|html)(?![\w-])/.test(selector)) return selector.replace(/^(:root|html)/, `$1${when}`);
  return `${when} ${selector}`;
}

function matches(doc: Document, selector: string): boolean {
  if (DYNAMIC.test(selector)) return false;
  const plain = selector.replace(PSEUDO_ELEMENT, '').trim();
  try {
    return !!doc.querySelector(plain === '' || /[>+~]$/.test(plain) ? '*' : plain);
  } catch {
    return true; // a selector the DOM library does not parse: kept (a few bytes too many, never a wrong paint)
  }
}

/** The rules of `css` that style something in `doc` (keyframes they animate with and font faces kept). */
export function criticalCss(css: string, doc: Document, route: ShellRoute): string {
  const root = postcss.parse(css);
  const animations = new Set<string>();
  const prune = (container: Container) => {
    container.each((node: ChildNode) => {
      if (node.type === 'rule') {
        const rule = node as Rule;
        const kept = rule.selectors.filter((s) => !ICON_GLYPH.test(s) && matches(doc, s));
        if (!kept.length) rule.remove();
        else {
          rule.selectors = kept.map((s) => scoped(s, route));
          rule.walkDecls(/^animation(?:-name)?$/, (d) => d.value.split(/[\s,]+/).forEach((w) => animations.add(w)));
        }
      } else if (node.type === 'atrule') {
        const at = node as AtRule;
        if (/keyframes$/.test(at.name) || at.name === 'font-face') return;
        if (at.name === 'media' && NEVER.test(at.params)) return void at.remove();
        if (at.nodes) {
          prune(at);
          if (!at.nodes.length) at.remove();
        }
      }
    });
  };
  prune(root);
  root.walkAtRules(/keyframes$/, (at) => {
    if (!animations.has(at.params)) at.remove();
  });
  root.walkComments((c) => void c.remove());
  return root.toString().replace(/\n+/g, '');
}

/** The picking script: plain ES5, run before anything else in <head>. */
function pickScript(preloads: Record<ShellRoute, { js: string[]; css: string[] }>): string {
  const others = LOCALES.filter((l) => l !== DEFAULT_LOCALE);
  return `// public-shell: scripts/public-shell.ts (issue 25). Which prerendered shell index.html shows, and the route's chunks.
(function () {
  var d = document.documentElement, m = ${SHELL_HASH.toString()}.exec(location.hash), route = m ? m[1] : 'none';
  var theme = null, language = null, dark = false;
  try { theme = Number(localStorage.getItem('theme')); language = localStorage.getItem('language'); } catch (e) {}
  // hydrate.ts: 2 dark, 1 light, else the system's colour scheme (followed until the user picks one).
  dark = theme === 2 || (theme !== 1 && !!window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) d.setAttribute('data-shell-theme', 'dark');
  var shown = !dark && ${JSON.stringify(others)}.indexOf(language) < 0 ? route : 'none';
  d.setAttribute('${SHELL_ATTR}-route', shown);
  var files = ${JSON.stringify(preloads)}[route];
  if (!files) return;
  function hint(href, css) {
    var l = document.createElement('link');
    if (css) { l.rel = 'preload'; l.as = 'style'; } else { l.rel = 'modulepreload'; l.crossOrigin = ''; }
    l.href = './' + href;
    document.head.appendChild(l);
  }
  for (var i = 0; i < files.css.length; i++) hint(files.css[i], true);
  for (var j = 0; j < files.js.length; j++) hint(files.js[j], false);
})();
`;
}

/** Which wrapper shows: the picked route's; with scripts off, the login page's (the default route). */
function displayCss(): string {
  const on = SHELL_ROUTES.map((r) => `html[${SHELL_ATTR}-route=${r}] [${SHELL_ATTR}=${r}]`);
  return (
    `[${SHELL_ATTR}]{display:none}html:not([${SHELL_ATTR}-route]) [${SHELL_ATTR}=admin_login],${on.join(',')}{display:contents}` +
    // Dark stored (or the system's): the page background is dark before the app sets body[data-theme].
    `html[data-shell-theme=dark] body:not([data-theme]){background-color:#151515}`
  );
}

/** The markup as the app's hash router links it; no autofocus inside an inert shell. */
function tidy(markup: string): string {
  return markup.replace(/ href="\/(?=[a-z])/g, ' href="#/').replace(/ autofocus=""/g, '');
}

async function renderShells(): Promise<Record<ShellRoute, string>> {
  const server = await createServer({
    configFile: false,
    root: CLIENT,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true },
  });
  try {
    const mod = (await server.ssrLoadModule('/shell/prerender.tsx')) as typeof import('../client/shell/prerender.tsx');
    return await mod.renderPublicShells();
  } finally {
    await server.close();
  }
}

export function publicShell(): Plugin {
  let outDir = '';
  let script: { fileName: string; source: string } | null = null;
  return {
    name: 'public-shell',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const markup = await renderShells();
        const preloads = {} as Record<ShellRoute, { js: string[]; css: string[] }>;
        const wrappers: string[] = [];
        for (const route of SHELL_ROUTES) {
          const files = routeFiles(bundle, route);
          // Files index.html links already are fetched anyway (and its stylesheet blocks the first paint).
          preloads[route] = { js: files.js.filter((f) => !html.includes(f)), css: files.css.filter((f) => !html.includes(f)) };
          const body = tidy(markup[route]);
          const doc = new JSDOM(`<!doctype html><html lang="zh-CN"><body><div id="root">${body}</div></body></html>`).window.document;
          const css = preloads[route].css.map((f) => criticalCss(String((bundle[f] as { source: string | Uint8Array }).source), doc, route)).join('');
          const style = css ? `<style>${css}</style>` : '';
          wrappers.push(`<div ${SHELL_ATTR}="${route}" inert>${style}${body}</div>`);
        }
        const source = pickScript(preloads);
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        script = { fileName: `assets/public-shell-${hash}.js`, source };
        const withShells = html.replace('<div id="root"></div>', `<div id="root">${wrappers.join('')}</div>`);
        if (withShells === html) throw new Error('public-shell: no empty <div id="root"></div> in index.html');
        return {
          html: withShells,
          tags: [
            { tag: 'script', attrs: { src: `./${script.fileName}` }, injectTo: 'head-prepend' },
            { tag: 'style', children: displayCss(), injectTo: 'head-prepend' },
          ],
        };
      },
    },
    writeBundle() {
      if (script) fs.writeFileSync(path.join(outDir, script.fileName), script.source);
    },
  };
}
