import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

/**
 * THE place to register a screen: route name (contracts/routes.ts) → lazy component (a module whose default
 * export is the screen). Every route name without an entry renders the "not built yet" panel; each entry
 * is its own chunk. Inside a screen, `useAuthority()` (state/hooks.ts) gives its button permissions.
 */
export const screens: Readonly<Record<string, Screen>> = {
  update_password: lazy(() => import('../features/auth/screens/update-password-screen.tsx')),
  pay_config: lazy(() => import('../features/shell/screens/pay-config-screen.tsx')),
  url_key_platform: lazy(() => import('../features/qr-codes/screens/url-key-platform-screen.tsx')),
};

/** Public (no login) screens of spec §2 that other features build; absent = "not built yet". */
export const publicScreens: Readonly<Partial<Record<'share_access' | 'access_log', Screen>>> = {
  share_access: lazy(() => import('../features/share/screens/share-screen.tsx')),
};
