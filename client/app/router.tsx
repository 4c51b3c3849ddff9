import { NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { HashRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import LoginScreen from '../features/auth/screens/login-screen.tsx';
import { NotBuiltScreen } from '../features/shell/screens/not-built-screen.tsx';
import { NotFoundScreen } from '../features/shell/screens/not-found-screen.tsx';
import { useCoreSelector } from '../state/hooks.ts';
import { selectIsLoggedIn } from '../state/selectors.ts';
import { CustomerIndex, RouteScreen } from './route-screen.tsx';
import type { RouterBridge } from './router-bridge.tsx';
import { publicScreens } from './screens.ts';

// The login page is the first load and stays in the entry chunk; everything else is fetched on demand.
const RegisterScreen = lazy(() => import('../features/auth/screens/register-screen.tsx'));
const MaintainScreen = lazy(() => import('../features/shell/screens/maintain-screen.tsx'));
const AppLayout = lazy(() => import('../features/layout/app-layout.tsx'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<NonIdealState icon={<Spinner />} />}>{children}</Suspense>;
}

/** Behind login: no token → /admin_login. */
function RequireSession({ children }: { children: ReactNode }) {
  const loggedIn = useCoreSelector(selectIsLoggedIn);
  return loggedIn ? children : <Navigate to="/admin_login" replace />;
}

function PublicScreen({ name }: { name: keyof typeof publicScreens }) {
  const Screen = publicScreens[name];
  return Screen ? (
    <Lazy>
      <Screen />
    </Lazy>
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
        <Lazy>
          <AppLayout />
        </Lazy>
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
      <AppRoutes />
    </HashRouter>
  );
}
