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
  mall_brand_list: lazy(() => import('../features/mall/screens/mall-brand-list-screen.tsx')),
  mall_product_list: lazy(() => import('../features/mall/screens/mall-product-list-screen.tsx')),
  image_configs: lazy(() => import('../features/mall/screens/image-configs-screen.tsx')),
  picture_text_list: lazy(() => import('../features/mall/screens/picture-text-list-screen.tsx')),
  picture_type_list: lazy(() => import('../features/mall/screens/picture-type-list-screen.tsx')),
  document_list: lazy(() => import('../features/mall/screens/document-list-screen.tsx')),
  home_page_config: lazy(() => import('../features/mall/screens/home-page-config-screen.tsx')),
  js_config: lazy(() => import('../features/mall/screens/js-config-screen.tsx')),
  home_admin: lazy(() => import('../features/statistics/screens/home-admin-screen.tsx')),
  wx_shield_detection: lazy(() => import('../features/shield/screens/wx-shield-detection-screen.tsx')),
  monitor: lazy(() => import('../features/shield/screens/monitor-screen.tsx')),
  domain_monitor: lazy(() => import('../features/shield/screens/domain-monitor-screen.tsx')),
  admin_domain_monitor: lazy(() => import('../features/shield/screens/admin-domain-monitor-screen.tsx')),
  we_chat_blocking_detection_configuration: lazy(() => import('../features/shield/screens/detection-config-screen.tsx')),
  shield_configuration: lazy(() => import('../features/shield/screens/shield-configuration-screen.tsx')),
  shield_push: lazy(() => import('../features/shield/screens/shield-push-screen.tsx')),
  today_statistics: lazy(() => import('../features/statistics/screens/today-statistics-screen.tsx')),
  historical_statistics: lazy(() => import('../features/statistics/screens/historical-statistics-screen.tsx')),
  pc_historical_statistics: lazy(() => import('../features/statistics/screens/pc-historical-statistics-screen.tsx')),
  daily_statistics: lazy(() => import('../features/statistics/screens/daily-statistics-screen.tsx')),
  home: lazy(() => import('../features/statistics/screens/home-screen.tsx')),
  hourly_statistics: lazy(() => import('../features/statistics/screens/hourly-statistics-screen.tsx')),
  log: lazy(() => import('../features/system/screens/log-screen.tsx')),
  log_type: lazy(() => import('../features/system/screens/log-type-screen.tsx')),
  log_config: lazy(() => import('../features/system/screens/log-config-screen.tsx')),
  ip_black: lazy(() => import('../features/system/screens/ip-black-screen.tsx')),
  server_ip_black: lazy(() => import('../features/system/screens/server-ip-black-screen.tsx')),
  checkout_ip: lazy(() => import('../features/system/screens/checkout-ip-screen.tsx')),
  configuration: lazy(() => import('../features/system/screens/configuration-screen.tsx')),
  image_config: lazy(() => import('../features/system/screens/image-config-screen.tsx')),
  language_list: lazy(() => import('../features/system/screens/language-list-screen.tsx')),
  mysql_lock: lazy(() => import('../features/system/screens/mysql-lock-screen.tsx')),
  mysql_time_consuming: lazy(() => import('../features/system/screens/mysql-time-consuming-screen.tsx')),
  telegram_bot_binding: lazy(() => import('../features/system/screens/telegram-bot-binding-screen.tsx')),
  server_list: lazy(() => import('../features/system/screens/server-list-screen.tsx')),
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
