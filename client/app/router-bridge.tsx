import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';

export interface RouteLocation {
  pathname: string;
  search: string;
}

export interface RouterBridge {
  /** Render inside the router. */
  Bridge(): null;
  navigate(to: string, options?: { replace?: boolean }): void;
  currentPath(): string;
}

/**
 * Lets the effect layer (sagas) navigate with the router's own `navigate` and read where it is, and reports
 * every location change (`onChange`, e.g. to dispatch `app/routeChanged`). One per app, made in main.tsx.
 */
export function createRouterBridge(onChange?: (location: RouteLocation) => void): RouterBridge {
  let navigateFn: NavigateFunction | null = null;
  let current: RouteLocation = { pathname: '/', search: '' };
  const pending: [string, { replace?: boolean } | undefined][] = [];

  function Bridge(): null {
    const navigate = useNavigate();
    const location = useLocation();
    const last = useRef<string | null>(null);
    useEffect(() => {
      navigateFn = navigate;
      for (const [to, options] of pending.splice(0)) void navigate(to, options);
    }, [navigate]);
    useEffect(() => {
      current = { pathname: location.pathname, search: location.search };
      const key = location.pathname + location.search;
      if (last.current !== key) {
        last.current = key;
        onChange?.(current);
      }
    }, [location.pathname, location.search]);
    return null;
  }

  return {
    Bridge,
    navigate(to, options) {
      if (navigateFn) void navigateFn(to, options);
      else pending.push([to, options]); // before the first render: replayed once the router is up
    },
    currentPath: () => current.pathname,
  };
}
