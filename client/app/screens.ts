import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteName } from '../../contracts/index.ts';

type Loader = () => Promise<{ default: ComponentType }>;
/** A lazy screen; `preload` starts its download without rendering it (app/warm-session.ts). */
export type Screen = LazyExoticComponent<ComponentType> & { preload?: Loader };

const screen = (load: Loader): Screen => Object.assign(lazy(load), { preload: load });

/**
 * THE place to register a screen: route name (contracts/routes.ts) → lazy component (a module whose default
 * export is the screen). Every route name without an entry renders the "not built yet" panel; each entry
 * is its own chunk, and this table is loaded with the screens behind login (public pages: public-screens.ts,
 * which the login page's first load carries). Listed by menu group: a route's screen sits in its group's feature folder and is
 * named after the route (tests/contract/areas.test.ts). Inside a screen, `useAuthority()` (state/hooks.ts) gives its button permissions.
 */
export const screens: Readonly<Partial<Record<RouteName, Screen>>> = {
  // statistics
  today_statistics: screen(() => import('../features/statistics/screens/today-statistics-screen.tsx')),
  home: screen(() => import('../features/statistics/screens/home-screen.tsx')),
  home_admin: screen(() => import('../features/statistics/screens/home-admin-screen.tsx')),
  daily_statistics: screen(() => import('../features/statistics/screens/daily-statistics-screen.tsx')),
  hourly_statistics: screen(() => import('../features/statistics/screens/hourly-statistics-screen.tsx')),
  historical_statistics: screen(() => import('../features/statistics/screens/historical-statistics-screen.tsx')),
  pc_historical_statistics: screen(() => import('../features/statistics/screens/pc-historical-statistics-screen.tsx')),
  access_real_time_statistics: screen(() => import('../features/statistics/screens/access-real-time-statistics-screen.tsx')),
  visit_summary: screen(() => import('../features/statistics/screens/visit-summary-screen.tsx')),
  // qr_codes
  qr_code_list: screen(() => import('../features/qr-codes/screens/qr-code-list-screen.tsx')),
  set_qr_code: screen(() => import('../features/qr-codes/screens/set-qr-code-screen.tsx')),
  qr_code_list_admin: screen(() => import('../features/qr-codes/screens/qr-code-list-admin-screen.tsx')),
  qr_code_remove: screen(() => import('../features/qr-codes/screens/qr-code-remove-screen.tsx')),
  short_code: screen(() => import('../features/qr-codes/screens/short-code-screen.tsx')),
  short_qr_code_list: screen(() => import('../features/qr-codes/screens/short-qr-code-list-screen.tsx')),
  batche_query: screen(() => import('../features/qr-codes/screens/batche-query-screen.tsx')),
  group: screen(() => import('../features/qr-codes/screens/group-screen.tsx')),
  internal_code_grouping: screen(() => import('../features/qr-codes/screens/internal-code-grouping-screen.tsx')),
  rotation: screen(() => import('../features/qr-codes/screens/rotation-screen.tsx')),
  rotation_type: screen(() => import('../features/qr-codes/screens/rotation-type-screen.tsx')),
  forward: screen(() => import('../features/qr-codes/screens/forward-screen.tsx')),
  stealing_list: screen(() => import('../features/qr-codes/screens/stealing-list-screen.tsx')),
  recover: screen(() => import('../features/qr-codes/screens/recover-screen.tsx')),
  url_key_platform: screen(() => import('../features/qr-codes/screens/url-key-platform-screen.tsx')),
  // domains
  domain_list: screen(() => import('../features/domains/screens/domain-list-screen.tsx')),
  hold_domain: screen(() => import('../features/domains/screens/hold-domain-screen.tsx')),
  domain_monitor: screen(() => import('../features/domains/screens/domain-monitor-screen.tsx')),
  admin_domain_monitor: screen(() => import('../features/domains/screens/admin-domain-monitor-screen.tsx')),
  export_domain_resolution: screen(() => import('../features/domains/screens/export-domain-resolution-screen.tsx')),
  no_domain_name: screen(() => import('../features/qr-codes/screens/no-domain-name-screen.tsx')),
  nodomain: screen(() => import('../features/qr-codes/screens/nodomain-screen.tsx')),
  // shield
  wx_shield_detection: screen(() => import('../features/shield/screens/wx-shield-detection-screen.tsx')),
  shield_push: screen(() => import('../features/shield/screens/shield-push-screen.tsx')),
  monitor: screen(() => import('../features/shield/screens/monitor-screen.tsx')),
  we_chat_blocking_detection_configuration: screen(() => import('../features/shield/screens/we-chat-blocking-detection-configuration-screen.tsx')),
  shield_configuration: screen(() => import('../features/shield/screens/shield-configuration-screen.tsx')),
  // vip
  vip_combo: screen(() => import('../features/vip/screens/vip-combo-screen.tsx')),
  buy_vip_combo: screen(() => import('../features/vip/screens/buy-vip-combo-screen.tsx')),
  balance_recharge: screen(() => import('../features/vip/screens/balance-recharge-screen.tsx')),
  order: screen(() => import('../features/vip/screens/order-screen.tsx')),
  user_order: screen(() => import('../features/vip/screens/user-order-screen.tsx')),
  pay_config: screen(() => import('../features/vip/screens/pay-config-screen.tsx')),
  bill: screen(() => import('../features/vip/screens/bill-screen.tsx')),
  // agents
  agent_divided_into: screen(() => import('../features/agents/screens/agent-divided-into-screen.tsx')),
  agent_daily_statistics: screen(() => import('../features/agents/screens/agent-daily-statistics-screen.tsx')),
  agent_historical_statistics: screen(() => import('../features/agents/screens/agent-historical-statistics-screen.tsx')),
  acting_withdrawal_list: screen(() => import('../features/agents/screens/acting-withdrawal-list-screen.tsx')),
  order_customer: screen(() => import('../features/agents/screens/order-customer-screen.tsx')),
  user_customer: screen(() => import('../features/agents/screens/user-customer-screen.tsx')),
  withdrawal_list: screen(() => import('../features/agents/screens/withdrawal-list-screen.tsx')),
  // wallets
  tron: screen(() => import('../features/wallets/screens/tron-screen.tsx')),
  tron_transaction_summary: screen(() => import('../features/wallets/screens/tron-transaction-summary-screen.tsx')),
  usdt_transaction_record: screen(() => import('../features/wallets/screens/usdt-transaction-record-screen.tsx')),
  // users
  user_list: screen(() => import('../features/users/screens/user-list-screen.tsx')),
  administrators: screen(() => import('../features/users/screens/administrators-screen.tsx')),
  role: screen(() => import('../features/users/screens/role-screen.tsx')),
  visitor: screen(() => import('../features/users/screens/visitor-screen.tsx')),
  telegram_bot_binding: screen(() => import('../features/users/screens/telegram-bot-binding-screen.tsx')),
  // mall
  mall_product_list: screen(() => import('../features/mall/screens/mall-product-list-screen.tsx')),
  mall_brand_list: screen(() => import('../features/mall/screens/mall-brand-list-screen.tsx')),
  mall_category_list: screen(() => import('../features/mall/screens/mall-category-list-screen.tsx')),
  home_page_config: screen(() => import('../features/mall/screens/home-page-config-screen.tsx')),
  image_configs: screen(() => import('../features/mall/screens/image-configs-screen.tsx')),
  image_config: screen(() => import('../features/mall/screens/image-config-screen.tsx')),
  js_config: screen(() => import('../features/mall/screens/js-config-screen.tsx')),
  picture_text_list: screen(() => import('../features/mall/screens/picture-text-list-screen.tsx')),
  picture_type_list: screen(() => import('../features/mall/screens/picture-type-list-screen.tsx')),
  document_list: screen(() => import('../features/mall/screens/document-list-screen.tsx')),
  // system
  message_list: screen(() => import('../features/system/screens/message-list-screen.tsx')),
  configuration: screen(() => import('../features/system/screens/configuration-screen.tsx')),
  subscriber_config_default: screen(() => import('../features/system/screens/subscriber-config-default-screen.tsx')),
  log: screen(() => import('../features/system/screens/log-screen.tsx')),
  log_type: screen(() => import('../features/system/screens/log-type-screen.tsx')),
  log_config: screen(() => import('../features/system/screens/log-config-screen.tsx')),
  ip_black: screen(() => import('../features/system/screens/ip-black-screen.tsx')),
  server_ip_black: screen(() => import('../features/system/screens/server-ip-black-screen.tsx')),
  checkout_ip: screen(() => import('../features/system/screens/checkout-ip-screen.tsx')),
  mysql_lock: screen(() => import('../features/system/screens/mysql-lock-screen.tsx')),
  mysql_time_consuming: screen(() => import('../features/system/screens/mysql-time-consuming-screen.tsx')),
  async_operations: screen(() => import('../features/system/screens/async-operations-screen.tsx')),
  script: screen(() => import('../features/system/screens/script-screen.tsx')),
  server_list: screen(() => import('../features/system/screens/server-list-screen.tsx')),
  language_list: screen(() => import('../features/system/screens/language-list-screen.tsx')),
  update_password: screen(() => import('../features/system/screens/update-password-screen.tsx')),
  personal_center: screen(() => import('../features/system/screens/personal-center-screen.tsx')),
};
