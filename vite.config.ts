import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { blueprintCssSplit } from './scripts/blueprint-css-split.ts';
import { blueprintIconNamesPlugin } from './scripts/blueprint-icon-names.ts';
import { blueprintProduction } from './scripts/blueprint-production.ts';
import { reactRouterProduction } from './scripts/react-router-production.ts';
import { preloadLocale } from './scripts/preload-locale.ts';
import { publicMessages } from './scripts/public-messages.ts';
import { sessionChunk } from './scripts/session-chunk.ts';
import { firstPaint } from './scripts/first-paint.ts';
import { createServiceGate, proxyKeyOf } from './scripts/dev-backend.ts';
import { CONTROL_PREFIX, SERVICE_PREFIXES } from './contracts/server-paths.ts';
import { REALTIME_PATH } from './contracts/realtime/tuning.ts';

const CONTRACTS_INDEX = fileURLToPath(new URL('./contracts/index.ts', import.meta.url));

/** name → file that declares it, following `export * from` in the contracts barrel. */
function contractsExportMap(file: string, out = new Map<string, string>()): Map<string, string> {
  const src = fs.readFileSync(file, 'utf8');
  const dir = path.dirname(file);
  for (const m of src.matchAll(/^export \* from '(\.[^']+)';/gm)) contractsExportMap(path.resolve(dir, m[1]), out);
  const declared = /^export (?:declare )?(?:const|let|var|async function\*?|function\*?|class|type|interface) (\w+)/gm;
  for (const m of src.matchAll(declared)) if (!out.has(m[1])) out.set(m[1], file);
  for (const m of src.matchAll(/^export (?:type )?\{([^}]*)\}(?! from)/gm)) {
    for (const part of m[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.replace(/^type\s+/, '');
      if (name && !out.has(name)) out.set(name, file);
    }
  }
  return out;
}

/**
 * Build-time barrel optimisation for contracts/index.ts (the one public entry point stays the source-level
 * import): `import { a, b } from '…/contracts/index.ts'` becomes imports from the files declaring a and b (and
 * `export { a, b } from …` re-exports from them).
 * Without it the bundler's chunking treats every contracts module as a dependency of the first load (the
 * barrel re-exports them all), so the login page would download the schemas of every screen. A statement
 * with a name the map does not know is left as it is.
 */
function contractsBarrel(): Plugin {
  let exportsMap: Map<string, string> | null = null;
  return {
    name: 'contracts-barrel',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      exportsMap = contractsExportMap(CONTRACTS_INDEX);
    },
    transform(code, id) {
      if (!exportsMap || !/\.tsx?$/.test(id) || !code.includes('contracts/index.ts')) return null;
      const map = exportsMap;
      const dir = path.dirname(id);
      const rewritten = code.replace(
        /(import|export)\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']*contracts\/index\.ts)';/g,
        (whole, verb: string, typeOnly: string | undefined, list: string, spec: string) => {
          if (path.resolve(dir, spec) !== CONTRACTS_INDEX) return whole;
          const byFile = new Map<string, string[]>();
          for (const raw of list.split(',').map((x) => x.trim()).filter(Boolean)) {
            const name = raw.replace(/^type\s+/, '').split(/\s+as\s+/)[0];
            const file = map.get(name);
            if (!file) return whole;
            byFile.set(file, [...(byFile.get(file) ?? []), raw]);
          }
          return [...byFile]
            .map(([file, names]) => {
              const rel = path.relative(dir, file).split(path.sep).join('/');
              // Names that are all types make a type-only statement: `import { type X } from` would stay behind as
              // an import of the module for its side effects (verbatimModuleSyntax), loading it for nothing.
              const types = !typeOnly && names.every((n) => /^type\s/.test(n));
              const list = types ? names.map((n) => n.replace(/^type\s+/, '')) : names;
              return `${verb} ${typeOnly ?? (types ? 'type ' : '')}{ ${list.join(', ')} } from '${rel.startsWith('.') ? rel : './' + rel}';`;
            })
            .join('\n');
        },
      );
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

// `npm run dev -- --api URL` (scripts/dev.ts sets QR_API_TARGET): a real deployment instead of the mock. It sees
// its own host and origin (changeOrigin, and the socket's Origin rewritten), as behind a reverse proxy.
const apiTarget = process.env.QR_API_TARGET || '';
const mockTarget = apiTarget || `http://127.0.0.1:${process.env.MOCK_PORT || 8787}`;
const asTarget: ProxyOptions = apiTarget
  ? { changeOrigin: true, configure: (proxy) => void proxy.on('proxyReqWs', (req) => req.setHeader('origin', new URL(apiTarget).origin)) }
  : {};
// The page and the passed-on calls wait for the service (scripts/dev-backend.ts); the local mock also while
// `tsx watch` restarts it. A remote service is waited for at start only (a check per call would cost a round trip).
const gate = createServiceGate(mockTarget, { whileDown: !apiTarget });
// xfwd: the proxy appends the browser's address to X-Forwarded-For; the mock trusts that one hop only.
const passedOn: ProxyOptions = { target: mockTarget, xfwd: true, bypass: gate.bypass, ...asTarget };
// The control API is the local mock's (absent behind --api); passed on only while the dev server listens on
// loopback, since the mock trusts a loopback peer (the proxy) with it.
const controlPassedOn = !apiTarget && /^(127\.|::1$|localhost$)/.test(process.env.HOST ?? '127.0.0.1');

// The console: root client/, built to dist/client (the mock server serves it). Dev proxies the API and the
// real-time socket to the mock server. Vitest's config is separate (vitest.config.ts).
export default defineConfig({
  root: fileURLToPath(new URL('./client', import.meta.url)),
  base: './',
  // precompress: `.br`/`.gz` beside each built asset, served by mock-server/http/static-site.ts (issue 25).
  // blueprintCssSplit: the login page's first load carries only the public half of Blueprint's CSS.
  // preloadLocale: the default language's texts are fetched before the first render; hint them in index.html.
  // blueprintIconNamesPlugin: the icon loader's name check without Blueprint's 9 KiB name tables.
  // blueprintProduction: Blueprint's dev-only checks and their messages dropped from the build.
  // reactRouterProduction: React Router's own production build, not the development one its package exports.
  // publicMessages: the public pages' language chunk carries only the shared messages they can show.
  // firstPaint: the public pages' prerendered first paint in index.html (client/first-paint/).
  plugins: [gate.plugin, contractsBarrel(), blueprintCssSplit(), blueprintIconNamesPlugin(), blueprintProduction(), reactRouterProduction(), publicMessages(fileURLToPath(new URL('./client/main.tsx', import.meta.url))), react(), preloadLocale(), firstPaint(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    // No modulepreload polyfill in the entry: every browser the console supports (es2022 target) follows
    // <link rel="modulepreload"> itself; one that does not just fetches the chunks when imported.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The framework every page runs (React, router, store, sagas, i18n) in one chunk: the login page
        // otherwise fetched it as a dozen small shared chunks, a round trip each on a slow connection.
        // zod is a chunk of its own, outside the first load: the public pages fetch the contracts' schemas
        // when their first call is made (client/io/public-calls.ts), so the first paint does not wait for it.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|react-router-dom|react-redux|redux|@reduxjs[\\/]toolkit|redux-saga|@redux-saga[\\/][^\\/]+|immer|reselect|i18next|react-i18next|use-sync-external-store)[\\/]/,
            },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            // What only the screens behind login load, in one chunk instead of ~60 (scripts/session-chunk.ts).
            { name: sessionChunk(fileURLToPath(new URL('./client', import.meta.url))), includeDependenciesRecursively: false, debugName: 'session' },
          ],
        },
      },
      treeshake: {
        // contracts/ is declarations only (zod schemas, call descriptors, enums): a module none of whose
        // exports are used may be dropped. Without this, the barrel contracts/index.ts drags every call's
        // schemas into the login page's first load (top-level calls look side-effectful to the bundler).
        moduleSideEffects: [{ test: /[\\/]contracts[\\/]/, sideEffects: false }],
        // Likewise an unused `export const x = defineCall(...)` / `z.object(...)` inside a used module: these
        // builders only return values. (`z` covers `z.object(...).extend(...)` chains.)
        manualPureFunctions: ['defineCall', 'defineEnum', 'z', 'frameOf', 'groupCalls', 'listRequest', 'pageOf', 'envelope'],
      },
    },
  },
  server: {
    // `npm run dev`: the login page's modules, and the frame and landing screen behind it, are transformed while
    // the page waits for the mock to start (their static imports follow), rather than one by one as asked.
    warmup: {
      clientFiles: [
        './main.tsx',
        './components/blueprint-frame.tsx',
        './io/public-call-defs.ts',
        './io/check-answer.ts',
        './app/layout/app-layout.tsx',
        './app/route-screen.tsx',
        './features/statistics/screens/today-statistics-screen.tsx',
        './locales/zh-CN-session.ts',
      ],
    },
    // Each service prefix as a whole first segment (contracts/server-paths.ts, scripts/dev-backend.ts): the calls,
    // the real-time socket, uploaded files (file/add answers /uploads/<name>) and the mock's control API.
    proxy: Object.fromEntries(
      SERVICE_PREFIXES.filter((p) => p !== CONTROL_PREFIX || controlPassedOn).map((p) => [proxyKeyOf(p), { ...passedOn, ws: p === REALTIME_PATH }]),
    ),
  },
});
