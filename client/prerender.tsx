/**
 * Build-time only (scripts/first-paint.ts loads it through Vite's SSR loader; never part of the client
 * bundle): the public screens rendered to HTML in their first state (no answer from the server yet), zh-CN,
 * light theme — the same element tree main.tsx renders, with a memory router at the route instead of the hash.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter, useRoutes } from 'react-router-dom';
import { DEFAULT_LOCALE, DisableFlag, MenuType, OnlineStatus, Platform, type UserInfo } from '../contracts/index.ts';
import type { Effects } from './io/effects/browser-effects.ts';
import { memoryStorage, STORAGE_KEYS } from './io/storage.ts';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { createI18n, loadPublicResources } from './app/i18n.ts';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { createStoreWith } from './app/store-core.ts';
import { menuEvents } from './state/menu-slice.ts';
import { SESSION_FIRST_PAINTS, FIRST_PAINT_PATHS, FIRST_PAINT_ROUTES, type FirstPaintRoute } from './first-paint/first-paint-routes.ts';

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

/**
 * The landing screen behind login is rendered for a phone (the drawer layout: no menu on screen) with a
 * stand-in session: a user of no particular role whose menu grants that screen alone. Only what every role
 * sees the same is kept of it (scripts/first-paint.ts `sessionFirstPaint`): the header and the screen's title.
 */
const STAND_IN_USER: UserInfo = {
  id: 1,
  account: '',
  name: '',
  role_id: 1,
  role_name: '',
  role_kind: '',
  phone: '',
  superior_id: null,
  invitation_code: '',
  balance_micro: 0,
  share_ratio: 0,
  member_expire_time: null,
  online_status: OnlineStatus.values.online,
  disable: DisableFlag.values.no,
  totp_enabled: false,
  create_time: '2026-01-01 00:00:00',
};
const PHONE = 'Mozilla/5.0 (Linux; Android 11) Mobile';

function storeFor(route: FirstPaintRoute) {
  if (!SESSION_FIRST_PAINTS.includes(route)) return createStoreWith(buildEffects, () => null);
  const storage = memoryStorage();
  storage.set(STORAGE_KEYS.token, 'prerender');
  storage.set(STORAGE_KEYS.userInfo, '{}');
  const store = createStoreWith({ ...buildEffects, storage, userAgent: PHONE }, () => STAND_IN_USER);
  store.dispatch(
    menuEvents.loaded([
      {
        id: 1,
        name: route,
        path: route,
        type: MenuType.values.route,
        platform: Platform.values.pc,
        icon: '',
        sort: 1,
        show_headshot: 0,
        language_variables: '',
        children: [],
      },
    ]),
  );
  return store;
}

async function renderRoute(route: FirstPaintRoute): Promise<string> {
  const store = storeFor(route);
  const i18n = createI18n(DEFAULT_LOCALE, await loadPublicResources(DEFAULT_LOCALE));
  // prerender (not renderToString) waits for the lazy screens and frames instead of writing their fallbacks.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders store={store} i18n={i18n}>
        <MemoryRouter initialEntries={[FIRST_PAINT_PATHS[route]]}>
          <ErrorBoundary>
            <Routes />
          </ErrorBoundary>
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
  let html = '';
  for await (const part of prelude) html += String(part);
  store.stop();
  return html;
}

/** route → the markup React renders for it first. */
export async function renderFirstPaints(): Promise<Record<FirstPaintRoute, string>> {
  const out = {} as Record<FirstPaintRoute, string>;
  for (const route of FIRST_PAINT_ROUTES) out[route] = await renderRoute(route);
  return out;
}
