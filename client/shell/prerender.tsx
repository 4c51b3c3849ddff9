/**
 * Build-time only (scripts/public-shell.ts loads it through Vite's SSR loader; never part of the client
 * bundle): the public screens rendered to HTML in their first state (no answer from the server yet), zh-CN,
 * light theme — the same element tree main.tsx renders, with a memory router at the route instead of the hash.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter, useRoutes } from 'react-router-dom';
import { DEFAULT_LOCALE } from '../../contracts/index.ts';
import type { Effects } from '../api/effects/browser-effects.ts';
import { memoryStorage } from '../api/storage.ts';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { createI18n, loadPublicResources } from '../app/i18n.ts';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { createStoreWith } from '../app/store-core.ts';
import { SHELL_ROUTES, type ShellRoute } from './shell-routes.ts';

const unused = (): never => {
  throw new Error('prerender: no outside world at build time');
};

/** Nothing is called while prerendering (no appStarted): every effect that would reach outside throws. */
const buildEffects: Effects = {
  callApi: unused,
  encryptPassword: unused,
  storage: memoryStorage(),
  navigate: unused,
  currentPath: () => '/',
  reload: unused,
  toast: unused,
  setDocumentTitle: () => {},
  setFavicon: () => {},
  userAgent: '',
  openSocket: null,
  random: () => 0.5,
  now: () => 0,
};

function Routes() {
  return useRoutes(routes);
}

async function renderRoute(route: ShellRoute): Promise<string> {
  const store = createStoreWith(buildEffects, () => null);
  const i18n = createI18n(DEFAULT_LOCALE, await loadPublicResources(DEFAULT_LOCALE));
  // prerender (not renderToString) waits for the lazy screens and frames instead of writing their fallbacks.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders store={store} i18n={i18n}>
        <MemoryRouter initialEntries={[`/${route}`]}>
          <ErrorBoundary>
            <Routes />
          </ErrorBoundary>
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
  let html = '';
  for await (const part of prelude) html += String(part);
  store.sagaTask.cancel();
  return html;
}

/** route → the markup React renders for it first. */
export async function renderPublicShells(): Promise<Record<ShellRoute, string>> {
  const out = {} as Record<ShellRoute, string>;
  for (const route of SHELL_ROUTES) out[route] = await renderRoute(route);
  return out;
}
