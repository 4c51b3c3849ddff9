import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JSDOM as JsdomClass } from 'jsdom';
import postcss, { type AtRule, type ChildNode, type Container, type Rule } from 'postcss';
import { createServer, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { DEFAULT_LOCALE, LOCALES } from '../contracts/i18n/messages.ts';
import { SESSION_FIRST_PAINTS, FIRST_PAINT_ATTR, FIRST_PAINT_HASH, FIRST_PAINT_ROUTES, type FirstPaintRoute } from '../client/first-paint/first-paint-routes.ts';
import { MOBILE_UA } from '../client/state/mobile.ts';
import { STORAGE_KEYS } from '../client/io/storage.ts';
import type * as Prerender from '../client/prerender.tsx';

/**
 * The public pages paint from index.html (issue 25; decision docs/decisions/2026-11-26-public-first-paint.md).
 * At build time, client/prerender.tsx renders each public route's real screen (zh-CN, light, first state)
 * through Vite's SSR loader; the markup goes into `#root`, one inert wrapper per route, each with the rules of
 * the CSS its route loads later that match it (critical CSS; the entry's stylesheet is linked already). A small
 * classic script (hashed asset, first in <head>: the console's CSP allows no inline script) picks the wrapper
 * by `location.hash`, or none when the stored language or theme is not the default, and starts fetching the
 * route's screen chunk and CSS. React replaces the wrappers on its first commit (client/first-paint/takeover.tsx).
 */

const CLIENT = fileURLToPath(new URL('../client/', import.meta.url));

/**
 * The lazy modules each route needs before its first screen is complete: the public calls' declarations and
 * the answer check (every public page makes its start-up call through them: client/io/public-calls.ts,
 * call-api.ts; they bring zod), and for the lazy screens router.tsx's PublicScreen (the screen, BlueprintFrame unless unframed).
 */
const CALLS = ['io/public-call-defs.ts', 'io/check-answer.ts'];
const ROUTE_MODULES: Record<FirstPaintRoute, string[]> = {
  admin_login: CALLS,
  access_log: [...CALLS, 'components/blueprint-frame.tsx', 'features/access-log/screens/access-log-screen.tsx'],
  share_access: [...CALLS, 'features/share/screens/share-screen.tsx'], // unframed (router.tsx)
  // Behind login (main.tsx with a stored token, router.tsx's /customer, the route's screen).
  today_statistics: [
    'state/stored-session.ts',
    'app/warm-session.ts',
    'app/session-modules.ts',
    'components/blueprint-frame.tsx',
    'app/layout/app-layout.tsx',
    'app/route-screen.tsx',
    'features/statistics/screens/today-statistics-screen.tsx',
  ],
};

const chunks = (bundle: OutputBundle) => Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
type Meta = { viteMetadata?: { importedCss: Set<string> } };

/** The chunks (static imports followed) and CSS files a route's lazy modules bring, in load order. */
function routeFiles(bundle: OutputBundle, route: FirstPaintRoute): { js: string[]; css: string[] } {
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
    // A module is its chunk's facade, or one of a computed group's (the session chunk: scripts/session-chunk.ts).
    const c =
      chunks(bundle).find((x) => x.facadeModuleId && path.normalize(x.facadeModuleId) === id) ??
      chunks(bundle).find((x) => x.moduleIds.some((m) => path.normalize(m) === id));
    if (!c) throw new Error(`first-paint: no chunk for ${rel}`);
    visit(c);
  }
  return { js, css };
}

/** States an inert first paint is never in: a selector only for them is not critical. */
const DYNAMIC = /:(?:hover|focus|focus-visible|focus-within|active|visited|checked|indeterminate|invalid|autofill|-webkit-autofill|-moz-focusring)\b|::-ms-|::selection|::backdrop/;
/** Pseudo-elements that paint with their element: matched through it. */
const PSEUDO_ELEMENT = /::?(?:before|after|placeholder|marker|-webkit-[\w-]+|-moz-[\w-]+)\b/g;
/** Media the phone and desktop the first paint is for never match. */
const NEVER = /forced-colors:\s*active|^print$|-ms-high-contrast/;

/** Blueprint's icon-font glyphs: the console draws SVG icons; no icon font is loaded, a glyph would be a box. */
const ICON_GLYPH = /\.bp6-icon-[\w-]+::?before/;

/**
 * Every first paint's style is in the document (a hidden wrapper's too): each applies only while its route is the one
 * shown. `:where()` adds no specificity, so the cascade is the one the app's stylesheets give.
 */
function scoped(selector: string, route: FirstPaintRoute): string {
  const when = `:where([${FIRST_PAINT_ATTR}-route=${route}])`;
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
export function criticalCss(css: string, doc: Document, route: FirstPaintRoute): string {
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

/**
 * The picking script: plain ES5, first in <head>. It also starts the console: index.html has neither the
 * entry's module script nor its modulepreload hints. Without a first paint they are added at once (the hints) and
 * when the document is parsed (the entry), as the tags did. With a first paint, both wait for the frame that paints
 * it (requestAnimationFrame, then a task): on a slow link the console's ~200 KiB of modules would share the
 * bandwidth with the stylesheet the first paint waits for, and once they have arrived they would run before
 * the browser's first frame. The route's own chunks and CSS are hinted with the entry's.
 */
function pickScript(files: Record<FirstPaintRoute | 'entry', { js: string[]; css: string[] }>, entry: string, prelude: string): string {
  const others = LOCALES.filter((l) => l !== DEFAULT_LOCALE);
  return `${prelude}
// first-paint: scripts/first-paint.ts (issue 25). Which prerendered first paint index.html shows, and the start of
// the console (its modules, the route's chunks).
(function () {
  var d = document.documentElement, m = ${FIRST_PAINT_HASH.toString()}.exec(location.hash), route = m ? m[1].split('/').pop() : 'none';
  var theme = null, language = null, dark = false, hinted = false, started = false;
  var files = ${JSON.stringify(files)};
  try { theme = Number(localStorage.getItem('theme')); language = localStorage.getItem('language'); } catch (e) {}
  // hydrate.ts: 2 dark, 1 light, else the system's colour scheme (followed until the user picks one).
  dark = theme === 2 || (theme !== 1 && !!window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) d.setAttribute('data-first-paint-theme', 'dark');
  // A first paint behind login (the landing screen): only with a stored session (hydrate.ts reads the same keys), and
  // on a phone (hydrate.ts's test of the user agent): the drawer layout has no menu on screen, the side menu's
  // items would be the user's own.
  var session = ${JSON.stringify(SESSION_FIRST_PAINTS)}.indexOf(route) >= 0, signedIn = false;
  try { signedIn = !!localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)}) && !!localStorage.getItem(${JSON.stringify(STORAGE_KEYS.userInfo)}); } catch (e) {}
  var shown = !dark && ${JSON.stringify(others)}.indexOf(language) < 0 && (!session || (signedIn && ${MOBILE_UA.toString()}.test(navigator.userAgent))) ? route : 'none';
  if (session && !signedIn) route = 'none'; // on its way to the login page: none of the console behind login is hinted
  d.setAttribute('${FIRST_PAINT_ATTR}-route', shown);
  function link(href, css) {
    var l = document.createElement('link');
    if (css) { l.rel = 'preload'; l.as = 'style'; } else { l.rel = 'modulepreload'; l.crossOrigin = ''; }
    l.href = './' + href;
    document.head.appendChild(l);
  }
  // Three hints per task: each costs the main thread a few milliseconds (a request starts; ~14 ms at 4x CPU
  // under Lighthouse), and forty in one task were one long task while the page should answer.
  function queue() {
    var all = [], lists = [files.entry, files[route] || { js: [], css: [] }];
    for (var i = 0; i < lists.length; i++) {
      for (var j = 0; j < lists[i].css.length; j++) all.push([lists[i].css[j], true]);
      for (var k = 0; k < lists[i].js.length; k++) all.push([lists[i].js[k], false]);
    }
    return all;
  }
  function hints() {
    if (hinted) return;
    hinted = true;
    var all = queue();
    (function batch(from) {
      for (var i = from; i < Math.min(from + 3, all.length); i++) link(all[i][0], all[i][1]);
      if (from + 3 < all.length) setTimeout(function () { batch(from + 3); }, 0);
    })(0);
  }
  function start() {
    if (started) return;
    started = true;
    hints(); // the first batch now (the entry's own imports first), the others in the next tasks
    var s = document.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = ${JSON.stringify(`./${entry}`)};
    document.head.appendChild(s);
  }
  function parsed() {
    if (shown === 'none' || document.visibilityState === 'hidden') start();
    else requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  if (shown === 'none') hints();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parsed);
  else parsed();
})();
`;
}

/** Which wrapper shows: the picked route's; with scripts off, the login page's (the default route). */
function displayCss(): string {
  const on = FIRST_PAINT_ROUTES.map((r) => `html[${FIRST_PAINT_ATTR}-route=${r}] [${FIRST_PAINT_ATTR}=${r}]`);
  return (
    `[${FIRST_PAINT_ATTR}]{display:none}html:not([${FIRST_PAINT_ATTR}-route]) [${FIRST_PAINT_ATTR}=admin_login],${on.join(',')}{display:contents}` +
    // Dark stored (or the system's): the page background is dark before the app sets body[data-theme].
    `html[data-first-paint-theme=dark] body:not([data-theme]){background-color:#151515}`
  );
}

/** The markup as the app's hash router links it; no autofocus inside an inert first paint. */
function tidy(markup: string): string {
  return markup.replace(/ href="\/(?=[a-z])/g, ' href="#/').replace(/ autofocus=""/g, '');
}

/**
 * A first paint behind login keeps what every role sees the same: the frame's header and the screen's title block.
 * The screen's own first state below it (an administrator's filters, a spinner) is left to the app: it comes
 * below the title, so nothing on screen moves when it does.
 */
function sessionFirstPaint(JSDOM: typeof JsdomClass, markup: string): string {
  const doc = new JSDOM(`<!doctype html><body>${markup}</body>`).window.document;
  const main = doc.querySelector('main');
  const section = main?.querySelector('[data-page-heading]')?.closest('section');
  const head = section?.firstElementChild;
  if (!main || !section || !head) throw new Error('first-paint: the landing screen rendered no title');
  section.replaceChildren(head);
  main.replaceChildren(section);
  return doc.body.innerHTML;
}

async function renderFirstPaints(): Promise<Record<FirstPaintRoute, string>> {
  const server = await createServer({
    configFile: false,
    root: CLIENT,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true },
  });
  try {
    const mod = (await server.ssrLoadModule('/prerender.tsx')) as typeof Prerender;
    return await mod.renderFirstPaints();
  } finally {
    await server.close();
  }
}

export function firstPaint(): Plugin {
  let outDir = '';
  let script: { fileName: string; source: string } | null = null;
  return {
    name: 'first-paint',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const markup = await renderFirstPaints();
        // Loaded here, not at the top: vite.config.ts imports this plugin for `npm run dev` too, and jsdom alone
        // took seconds of the dev server's start.
        const { JSDOM } = await import('jsdom');
        const preloads = {} as Record<FirstPaintRoute, { js: string[]; css: string[] }>;
        const wrappers: string[] = [];
        for (const route of FIRST_PAINT_ROUTES) {
          const files = routeFiles(bundle, route);
          // Files index.html links already are fetched anyway (and its stylesheet blocks the first paint).
          preloads[route] = { js: files.js.filter((f) => !html.includes(f)), css: files.css.filter((f) => !html.includes(f)) };
          const body = SESSION_FIRST_PAINTS.includes(route) ? sessionFirstPaint(JSDOM, tidy(markup[route])) : tidy(markup[route]);
          const doc = new JSDOM(`<!doctype html><html lang="zh-CN"><body><div id="root">${body}</div></body></html>`).window.document;
          const css = preloads[route].css.map((f) => criticalCss(String((bundle[f] as { source: string | Uint8Array }).source), doc, route)).join('');
          const style = css ? `<style>${css}</style>` : '';
          wrappers.push(`<div ${FIRST_PAINT_ATTR}="${route}" inert>${style}${body}</div>`);
        }
        // The entry module and the modulepreload hints Vite wrote (the entry's static imports, the default
        // language's texts): the script adds them (see pickScript).
        const entryTag = /<script type="module" crossorigin src="\.\/(assets\/[^"]+\.js)"><\/script>\n?/.exec(html);
        if (!entryTag) throw new Error('first-paint: no entry module script in index.html');
        const moduleHints = [...html.matchAll(/ *<link rel="modulepreload" crossorigin href="\.\/([^"]+)">\n?/g)];
        const entryFiles = { js: moduleHints.map((h) => h[1]!), css: [] as string[] };
        // zod's jitless setting (client/public/zod-jitless.js) must run before the modules: it joins this
        // script, one request instead of a second parser-blocking one at the end of <body>.
        const jitless = /\s*<!--[^>]*-->\s*<script src="\.\/zod-jitless\.js"><\/script>|\s*<script src="\.\/zod-jitless\.js"><\/script>/;
        const prelude = fs.readFileSync(path.join(CLIENT, 'public/zod-jitless.js'), 'utf8');
        const source = pickScript({ ...preloads, entry: entryFiles }, entryTag[1]!, prelude);
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        script = { fileName: `assets/first-paint-${hash}.js`, source };
        // First in <head>: this script, then the stylesheet the first paint waits for (the script before it,
        // so that it does not wait for the stylesheet).
        const sheets = html.match(/ *<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        let out = html;
        for (const tag of [...sheets, ...moduleHints.map((h) => h[0]), entryTag[0]]) out = out.replace(tag, '');
        const first = `<style>${displayCss()}</style>\n<script src="./${script.fileName}"></script>\n${sheets.map((t) => t.trim()).join('\n')}\n`;
        out = out
          .replace(jitless, '')
          .replace('</title>', `</title>\n${first}`)
          .replace('<div id="root"></div>', `<div id="root">${wrappers.join('')}</div>`);
        if (!out.includes(`<div id="root">${wrappers[0]}`)) throw new Error('first-paint: no empty <div id="root"></div> in index.html');
        return out;
      },
    },
    writeBundle() {
      if (script) fs.writeFileSync(path.join(outDir, script.fileName), script.source);
    },
  };
}
