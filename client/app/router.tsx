import { NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, use, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { HashRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import LoginScreen from '../features/auth/screens/login-screen.tsx';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { NotBuiltScreen } from '../features/status-pages/not-built-screen.tsx';
import { NotFoundScreen } from '../features/status-pages/not-found-screen.tsx';
import { useCoreSelector } from '../state/hooks.ts';
import { selectIsLoggedIn } from '../state/selectors.ts';
import { PageTitleSync } from './page-title.tsx';
import type { RouterBridge } from './router-bridge.tsx';
import type { AppStore } from './store.ts';
import { publicScreens } from './public-screens.ts';
import { SessionFirstPaintSuspense, FirstPaintSuspense } from '../first-paint/takeover.tsx';

// The login page is the first load and stays in the entry chunk; everything else is fetched on demand.
const RegisterScreen = lazy(() => import('../features/auth/screens/register-screen.tsx'));
const MaintainScreen = lazy(() => import('../features/status-pages/maintain-screen.tsx'));
const AppLayout = lazy(() => import('./layout/app-layout.tsx'));
// Only rendered under /customer: fetched with the layout, not on the login page.
const RouteScreen = lazy(() => import('./route-screen.tsx').then((m) => ({ default: m.RouteScreen })));
const CustomerIndex = lazy(() => import('./route-screen.tsx').then((m) => ({ default: m.CustomerIndex })));
const BlueprintFrame = lazy(() => import('../components/blueprint-frame.tsx'));
const NotLoggedIn = lazy(() => import('./not-logged-in.tsx'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<NonIdealState icon={<Spinner />} />}>{children}</Suspense>;
}

/** Renders once the session module (slices and sagas behind login) is in the store; suspends until then. */
function SessionModules({ children }: { children: ReactNode }) {
  use((useStore() as AppStore).loadSessionModules());
  return children;
}

/** Behind login: no token → the §8 "Not logged in … log in now?" confirmation (sagas that end a session navigate themselves). */
function RequireSession({ children }: { children: ReactNode }) {
  const loggedIn = useCoreSelector(selectIsLoggedIn);
  return loggedIn ? (
    children
  ) : (
    <Lazy>
      <BlueprintFrame>
        <NotLoggedIn />
      </BlueprintFrame>
    </Lazy>
  );
}

/**
 * Public screens that use nothing of Blueprint's provider (overlays, hotkeys, portals) nor of its rest CSS: the
 * share page is a card and two figures, so it loads neither (issue 25: ~30 KiB of CSS and six chunks less
 * before its figures show).
 */
const UNFRAMED: ReadonlySet<string> = new Set(['share_access']);

function PublicScreen({ name }: { name: keyof typeof publicScreens }) {
  const Screen = publicScreens[name];
  // FirstPaintSuspense: until the screen arrives, the prerendered first paint index.html painted stays (client/first-paint/).
  return Screen ? (
    <FirstPaintSuspense route={name}>
      {UNFRAMED.has(name) ? (
        <Screen />
      ) : (
        <BlueprintFrame>
          <Screen />
        </BlueprintFrame>
      )}
    </FirstPaintSuspense>
  ) : (
    <NotBuiltScreen route={name} fullPage />
  );
}

/** Spec §2 routes (hash history). Screens behind login are registered in screens.ts, not here. */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/admin_login" replace /> },
  { path: '/admin_login', element: <LoginScreen /> },
  { path: '/admin_register', element: <Lazy><RegisterScreen /></Lazy> },
  { path: '/maintain', element: <Lazy><MaintainScreen /></Lazy> },
  { path: '/share_access', element: <PublicScreen name="share_access" /> },
  { path: '/access_log', element: <PublicScreen name="access_log" /> },
  {
    path: '/customer',
    element: (
      <RequireSession>
        {/* The landing screen's prerendered first paint, if index.html shows it, stays until the layout renders. */}
        <SessionFirstPaintSuspense>
          <SessionModules>
            <BlueprintFrame>
              <AppLayout />
            </BlueprintFrame>
          </SessionModules>
        </SessionFirstPaintSuspense>
      </RequireSession>
    ),
    children: [
      { index: true, element: <CustomerIndex /> },
      { path: ':name', element: <RouteScreen /> },
      { path: '*', element: <NotFoundScreen home="/customer" /> },
    ],
  },
  { path: '*', element: <NotFoundScreen fullPage /> },
];

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Hash routing with the declarative router: the data router (createHashRouter) costs about 15 KiB gzipped
 * more in the first load and none of its loaders/actions are used here. `bridge` lets sagas navigate.
 */
export function AppRouter({ bridge }: { bridge: RouterBridge }) {
  return (
    <HashRouter>
      <bridge.Bridge />
      <PageTitleSync />
      <ErrorBoundary>
        <AppRoutes />
      </ErrorBoundary>
    </HashRouter>
  );
}
