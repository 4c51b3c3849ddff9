/**
 * `npm run bench:bundle`: build the console and print what the first load of /admin_login costs (JS and CSS,
 * gzipped) and what each lazy chunk adds. Exits 1 when the login budget is exceeded: 152 KiB of JS (issue 25:
 * 149.8 KiB reached with zod and the contracts' schemas out of the first load, Blueprint's dev-only checks
 * dropped and only the shared messages the public pages name in their language chunk, plus a small margin;
 * 200 before, then 158; per module: `npx tsx scripts/bundle-modules.ts`)
 * and 16 KiB of CSS (issue 25: Blueprint's stylesheet split, scripts/blueprint-css-split.ts; 60 KiB before), gzipped, or when a charting screen (home_admin with its lazy chart)
 * adds more than 80 KiB (JS + CSS, gzipped) to what a list screen already loads (issue 9).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'dist/client');
const BUDGET = { js: 152 * 1024, css: 16 * 1024, dashboard: 80 * 1024 };

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { manifest: true } });
const manifest = JSON.parse(fs.readFileSync(path.join(OUT, '.vite/manifest.json'), 'utf8')) as Manifest;

const gz = new Map<string, number>();
function gzSize(file: string): number {
  let size = gz.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(OUT, file)), { level: 9 }).length;
    gz.set(file, size);
  }
  return size;
}

/** Files a chunk loads up front: itself, its static imports (transitively) and their CSS. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(dep, seen);
  return seen;
}
function files(keys: Iterable<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const k of keys) {
    js.add(manifest[k].file);
    for (const c of manifest[k].css ?? []) css.add(c);
  }
  return { js, css };
}
const sum = (set: Iterable<string>) => [...set].reduce((n, f) => n + gzSize(f), 0);
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
const initialKeys = staticClosure(entryKey);
const initial = files(initialKeys);
// The texts of the language on screen are fetched before the first render (client/main.tsx): count the
// larger language bundle as part of the first load. The texts behind login (`<lng>-session.ts`) come with the
// console frame, after login: not part of this load.
const localeKeys = Object.keys(manifest).filter((k) => /locales\/[^/]+\.ts$/.test(manifest[k].src ?? ''));
const publicLocaleKeys = localeKeys.filter((k) => !/-session\.ts$/.test(manifest[k].src ?? ''));
const localeExtra = publicLocaleKeys.map((k) => files([...staticClosure(k)].filter((x) => !initialKeys.has(x))));
const localeJs = Math.max(0, ...localeExtra.map((f) => sum(f.js)));
const initialJs = sum(initial.js) + localeJs;
const initialCss = sum(initial.css);

const rows: [string, string, string][] = [];
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry || localeKeys.includes(key)) continue;
  const own = files([...staticClosure(key)].filter((k) => !initialKeys.has(k)));
  const name = (chunk.src ?? key).replace(/^.*node_modules\//, 'npm:').replace(/^(\.\.\/)+/, '');
  rows.push([name, kib(sum(own.js)), kib(sum([...own.css].filter((c) => !initial.css.has(c))))]);
}
rows.sort((a, b) => a[0].localeCompare(b[0]));

const pad = (s: string, n: number) => s.padEnd(n);
const w = Math.max(36, ...rows.map((r) => r[0].length)) + 2;
console.log(
  `\nFirst load of /admin_login (entry ${manifest[entryKey].file}, its static imports, one language bundle):`,
);
console.log(
  `  ${pad('initial JS (gzip)', w)}${kib(initialJs)}  budget ${kib(BUDGET.js)}  ${initialJs <= BUDGET.js ? 'ok' : 'OVER'}`,
);
console.log(`  ${pad('  of which language texts', w)}${kib(localeJs)}`);
console.log(
  `  ${pad('initial CSS (gzip)', w)}${kib(initialCss)}  budget ${kib(BUDGET.css)}  ${initialCss <= BUDGET.css ? 'ok' : 'OVER'}`,
);
console.log(`\nLazy chunks (what each adds beyond the first load, gzip):`);
console.log(`  ${pad('chunk', w)}${pad('JS', 12)}CSS`);
for (const [name, js, css] of rows) console.log(`  ${pad(name, w)}${pad(js, 12)}${css}`);

/** Every chunk reached from `src`'s module, following static and dynamic imports (what the screen ends up loading). */
function reach(src: string, seen = new Set<string>()): Set<string> {
  const key = Object.keys(manifest).find((k) => manifest[k].src === src || k === src);
  if (!key) throw new Error(`${src} is not in the manifest`);
  const walk = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const d of [...(manifest[k].imports ?? []), ...(manifest[k].dynamicImports ?? [])]) {
      // Only the chart's own lazy import: other dynamic imports (icons, locales) are shared by every screen.
      if (manifest[k].imports?.includes(d) || /components\/chart\//.test(manifest[d]?.src ?? '')) walk(d);
    }
  };
  walk(key);
  return seen;
}
// A list screen behind login: the first load, the session chunk and the list engine with one list screen.
// The session's modules are an entry of their own, or (scripts/session-chunk.ts) inside the `session` chunk.
const sessionKey = Object.keys(manifest).find((k) => manifest[k].src === 'app/session-modules.ts') ?? Object.keys(manifest).find((k) => manifest[k].name === 'session');
if (!sessionKey) throw new Error('neither app/session-modules.ts nor a `session` chunk is in the manifest');
const listKeys = new Set([
  ...initialKeys,
  ...reach(sessionKey),
  ...reach('features/qr-codes/screens/url-key-platform-screen.tsx'),
]);
const listFiles = files(listKeys);
const extraOf = (src: string) => {
  const own = files([...reach(src)].filter((k) => !listKeys.has(k)));
  return {
    js: sum([...own.js].filter((f) => !listFiles.js.has(f))),
    css: sum([...own.css].filter((c) => !listFiles.css.has(c))),
  };
};
const dash = extraOf('features/statistics/screens/home-admin-screen.tsx');
const chart = files(
  staticClosure(Object.keys(manifest).find((k) => manifest[k].src === 'components/chart/line-chart.tsx')!),
);
const chartOnly = (set: Set<string>, seen: Set<string>) => sum([...set].filter((f) => !seen.has(f)));
console.log(`\nA charting screen beyond a list screen (home_admin + its lazy chart, gzip):`);
console.log(
  `  ${pad('dashboard extra JS + CSS', w)}${kib(dash.js + dash.css)} (JS ${kib(dash.js)}, CSS ${kib(dash.css)})  budget ${kib(BUDGET.dashboard)}  ${dash.js + dash.css <= BUDGET.dashboard ? 'ok' : 'OVER'}`,
);
console.log(
  `  ${pad('  of which the chart chunk (uPlot)', w)}JS ${kib(chartOnly(chart.js, listFiles.js))}, CSS ${kib(chartOnly(chart.css, listFiles.css))}`,
);

if (initialJs > BUDGET.js || initialCss > BUDGET.css) {
  console.error('\nLogin first-load budget exceeded.');
  process.exit(1);
}
if (dash.js + dash.css > BUDGET.dashboard) {
  console.error('\nCharting screen budget exceeded.');
  process.exit(1);
}
