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
  // money flows (issue 11)
  vip_combo: lazy(() => import('../features/money/screens/vip-combo-screen.tsx')),
  buy_vip_combo: lazy(() => import('../features/money/screens/buy-vip-combo-screen.tsx')),
  balance_recharge: lazy(() => import('../features/money/screens/balance-recharge-screen.tsx')),
  order: lazy(() => import('../features/money/screens/order-screen.tsx')),
  user_order: lazy(() => import('../features/money/screens/user-order-screen.tsx')),
  order_customer: lazy(() => import('../features/money/screens/order-customer-screen.tsx')),
  agent_divided_into: lazy(() => import('../features/money/screens/agent-divided-into-screen.tsx')),
  agent_daily_statistics: lazy(() => import('../features/money/screens/agent-daily-statistics-screen.tsx')),
  agent_historical_statistics: lazy(() => import('../features/money/screens/agent-historical-statistics-screen.tsx')),
  user_customer: lazy(() => import('../features/money/screens/user-customer-screen.tsx')),
  acting_withdrawal_list: lazy(() => import('../features/money/screens/acting-withdrawal-list-screen.tsx')),
  withdrawal_list: lazy(() => import('../features/money/screens/withdrawal-list-screen.tsx')),
  tron: lazy(() => import('../features/money/screens/tron-screen.tsx')),
  tron_transaction_summary: lazy(() => import('../features/money/screens/tron-transaction-summary-screen.tsx')),
  usdt_transaction_record: lazy(() => import('../features/money/screens/usdt-transaction-record-screen.tsx')),
};

/** Public (no login) screens of spec §2 that other features build; absent = "not built yet". */
export const publicScreens: Readonly<Partial<Record<Extract<PublicRouteName, 'share_access' | 'access_log'>, Screen>>> = {
  share_access: lazy(() => import('../features/share/screens/share-screen.tsx')),
  access_log: lazy(() => import('../features/access-log/screens/access-log-screen.tsx')),
};
