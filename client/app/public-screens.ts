import { lazy } from 'react';
import type { PublicRouteName } from '../../contracts/index.ts';
import type { Screen } from './screens.ts';

/**
 * Public (no login) screens of spec §2 that features build; absent = "not built yet". Apart from screens.ts
 * so the login page's first load carries two entries, not the table of every screen behind login.
 */
export const publicScreens: Readonly<Partial<Record<Extract<PublicRouteName, 'share_access' | 'access_log'>, Screen>>> = {
  share_access: lazy(() => import('../features/share/screens/share-screen.tsx')),
  access_log: lazy(() => import('../features/access-log/screens/access-log-screen.tsx')),
};
