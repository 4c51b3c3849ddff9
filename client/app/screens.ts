import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PublicRouteName, RouteName } from '../../contracts/index.ts';

type Screen = LazyExoticComponent<ComponentType>;

/**
 * THE place to register a screen: route name (contracts/routes.ts) → lazy component (a module whose default
 * export is the screen). Every route name without an entry renders the "not built yet" panel; each entry
 * is its own chunk. Inside a screen, `useAuthority()` (state/hooks.ts) gives its button permissions.
 */
export const screens: Readonly<Partial<Record<RouteName, Screen>>> = {
  update_password: lazy(() => import('../features/auth/screens/update-password-screen.tsx')),
  pay_config: lazy(() => import('../features/shell/screens/pay-config-screen.tsx')),
  url_key_platform: lazy(() => import('../features/qr-codes/screens/url-key-platform-screen.tsx')),
  async_operations: lazy(() => import('../features/async-operations/screens/async-operations-screen.tsx')),
  qr_code_list: lazy(() => import('../features/qr-codes/screens/qr-code-list-screen.tsx')),
  set_qr_code: lazy(() => import('../features/qr-codes/screens/set-qr-code-screen.tsx')),
  qr_code_list_admin: lazy(() => import('../features/qr-codes/screens/qr-code-list-admin-screen.tsx')),
  qr_code_remove: lazy(() => import('../features/qr-codes/screens/qr-code-remove-screen.tsx')),
  short_code: lazy(() => import('../features/qr-codes/screens/short-code-screen.tsx')),
  short_qr_code_list: lazy(() => import('../features/qr-codes/screens/short-qr-code-list-screen.tsx')),
  group: lazy(() => import('../features/qr-codes/screens/group-screen.tsx')),
  internal_code_grouping: lazy(() => import('../features/qr-codes/screens/internal-code-grouping-screen.tsx')),
  batche_query: lazy(() => import('../features/qr-codes/screens/batche-query-screen.tsx')),
  recover: lazy(() => import('../features/qr-codes/screens/recover-screen.tsx')),
  no_domain_name: lazy(() => import('../features/qr-codes/screens/no-domain-name-screen.tsx')),
  nodomain: lazy(() => import('../features/qr-codes/screens/nodomain-screen.tsx')),
  stealing_list: lazy(() => import('../features/qr-codes/screens/stealing-list-screen.tsx')),
  rotation: lazy(() => import('../features/qr-codes/screens/rotation-screen.tsx')),
  rotation_type: lazy(() => import('../features/qr-codes/screens/rotation-type-screen.tsx')),
  domain_list: lazy(() => import('../features/domains/screens/domain-list-screen.tsx')),
  hold_domain: lazy(() => import('../features/domains/screens/hold-domain-screen.tsx')),
  export_domain_resolution: lazy(() => import('../features/domains/screens/export-domain-resolution-screen.tsx')),
  forward: lazy(() => import('../features/domains/screens/forward-screen.tsx')),
  mall_category_list: lazy(() => import('../features/mall/screens/mall-category-list-screen.tsx')),
  home_admin: lazy(() => import('../features/statistics/screens/home-admin-screen.tsx')),
  user_list: lazy(() => import('../features/users/screens/user-list-screen.tsx')),
  administrators: lazy(() => import('../features/users/screens/administrators-screen.tsx')),
  bill: lazy(() => import('../features/users/screens/bill-screen.tsx')),
  role: lazy(() => import('../features/users/screens/role-screen.tsx')),
  message_list: lazy(() => import('../features/users/screens/message-list-screen.tsx')),
  personal_center: lazy(() => import('../features/users/screens/personal-center-screen.tsx')),
  subscriber_config_default: lazy(() => import('../features/users/screens/subscriber-config-screen.tsx')),
};

/** Public (no login) screens of spec §2 that other features build; absent = "not built yet". */
export const publicScreens: Readonly<Partial<Record<Extract<PublicRouteName, 'share_access' | 'access_log'>, Screen>>> = {
  share_access: lazy(() => import('../features/share/screens/share-screen.tsx')),
  access_log: lazy(() => import('../features/access-log/screens/access-log-screen.tsx')),
};
