/**
 * Every console route of spec §2 under /customer/{name}, grouped the way the seeded menu tree groups them.
 * The client registers each one (a screen or a "not built yet" panel); fixtures build the menu tree from it.
 * Labels: `menu.<name>` and `menu.groups.<group>` in the console's locales.
 */
export const MENU_GROUPS = [
  'statistics',
  'qr_codes',
  'domains',
  'shield',
  'vip',
  'agents',
  'wallets',
  'users',
  'mall',
  'system',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** Who gets the route in the seeded roles: customer ⊂ agent; admin = everything but `super`; super = all. */
export type RouteAudience = 'customer' | 'agent' | 'admin' | 'super';

export interface RouteInfo<N extends string = string> {
  readonly name: N;
  readonly group: MenuGroup;
  readonly audience: RouteAudience;
  /** Button (type 2) permission paths the route offers. */
  readonly buttons: readonly string[];
}

const CRUD = ['add', 'update', 'remove'] as const;

function r<const N extends string>(name: N, group: MenuGroup, audience: RouteAudience, buttons: readonly string[] = []): RouteInfo<N> {
  return { name, group, audience, buttons };
}

export const ROUTES = [
  // Decision: /customer redirects to today_statistics (§2) though §2's list omits it; it is registered here.
  r('today_statistics', 'statistics', 'customer'),
  r('home', 'statistics', 'customer'),
  r('home_admin', 'statistics', 'admin'),
  r('daily_statistics', 'statistics', 'customer'),
  r('hourly_statistics', 'statistics', 'customer'),
  r('historical_statistics', 'statistics', 'customer'),
  r('pc_historical_statistics', 'statistics', 'admin'),
  r('access_real_time_statistics', 'statistics', 'customer'),
  r('visit_summary', 'statistics', 'admin'),

  r('qr_code_list', 'qr_codes', 'customer', [...CRUD, 'batch_update', 'export', 'share']),
  r('set_qr_code', 'qr_codes', 'customer', ['add', 'update']),
  r('qr_code_list_admin', 'qr_codes', 'admin', [...CRUD, 'batch_update', 'export']),
  r('qr_code_remove', 'qr_codes', 'customer', ['restore', 'remove']),
  r('short_code', 'qr_codes', 'customer', [...CRUD]),
  r('short_qr_code_list', 'qr_codes', 'customer', [...CRUD]),
  r('batche_query', 'qr_codes', 'customer'),
  r('group', 'qr_codes', 'customer', [...CRUD]),
  r('internal_code_grouping', 'qr_codes', 'customer', [...CRUD]),
  r('rotation', 'qr_codes', 'customer', [...CRUD]),
  r('rotation_type', 'qr_codes', 'admin', [...CRUD]),
  r('forward', 'qr_codes', 'customer', [...CRUD]),
  r('stealing_list', 'qr_codes', 'customer', ['remove']),
  r('recover', 'qr_codes', 'customer', ['restore', 'remove']),
  r('url_key_platform', 'qr_codes', 'admin', [...CRUD]),

  r('domain_list', 'domains', 'customer', [...CRUD, 'change_domain']),
  r('hold_domain', 'domains', 'customer', [...CRUD]),
  r('domain_monitor', 'domains', 'customer'),
  r('admin_domain_monitor', 'domains', 'admin'),
  r('export_domain_resolution', 'domains', 'customer', ['export']),
  r('no_domain_name', 'domains', 'customer'),
  r('nodomain', 'domains', 'admin'),

  r('wx_shield_detection', 'shield', 'customer'),
  r('shield_push', 'shield', 'customer', ['update']),
  r('monitor', 'shield', 'admin'),
  r('we_chat_blocking_detection_configuration', 'shield', 'admin', ['update']),
  r('shield_configuration', 'shield', 'admin', ['update']),

  r('vip_combo', 'vip', 'admin', [...CRUD]),
  r('buy_vip_combo', 'vip', 'customer', ['buy']),
  r('balance_recharge', 'vip', 'customer', ['recharge']),
  r('order', 'vip', 'customer'),
  r('user_order', 'vip', 'admin'),
  r('pay_config', 'vip', 'admin', ['update']),
  r('bill', 'vip', 'customer'),

  r('agent_divided_into', 'agents', 'agent'),
  r('agent_daily_statistics', 'agents', 'agent'),
  r('agent_historical_statistics', 'agents', 'agent'),
  r('acting_withdrawal_list', 'agents', 'agent', ['add']),
  r('order_customer', 'agents', 'agent'),
  r('user_customer', 'agents', 'agent'),
  r('withdrawal_list', 'agents', 'admin', ['approve', 'reject']),

  r('tron', 'wallets', 'super', ['add', 'remove', 'reveal_key', 'collect', 'sync_balance']),
  r('tron_transaction_summary', 'wallets', 'admin'),
  r('usdt_transaction_record', 'wallets', 'admin', ['review']),

  r('user_list', 'users', 'admin', [...CRUD, 'balance', 'force_refresh', 'reset_password']),
  r('administrators', 'users', 'super', [...CRUD]),
  r('role', 'users', 'super', [...CRUD]),
  // Every role sees the visitors of the codes in its scope (issue 10): customers their own, agents their customers'.
  r('visitor', 'users', 'customer'),
  r('telegram_bot_binding', 'users', 'customer', ['remove']),

  r('mall_product_list', 'mall', 'admin', [...CRUD]),
  r('mall_brand_list', 'mall', 'admin', [...CRUD]),
  r('mall_category_list', 'mall', 'admin', [...CRUD]),
  r('home_page_config', 'mall', 'admin', ['update']),
  r('image_configs', 'mall', 'admin', [...CRUD]),
  r('image_config', 'mall', 'admin', [...CRUD]),
  // Custom script on visit pages: the super administrator's only (issue 15).
  r('js_config', 'mall', 'super', ['update']),
  // Screens the spec names only by their text (issue 15 gives them these names; docs/decisions/2026-11-23-mall-and-content.md).
  r('picture_text_list', 'mall', 'admin', [...CRUD]),
  r('picture_type_list', 'mall', 'admin', [...CRUD]),
  r('document_list', 'mall', 'admin', [...CRUD]),

  r('message_list', 'system', 'admin', ['send', 'clear']),
  r('configuration', 'system', 'super', ['update']),
  r('subscriber_config_default', 'system', 'admin', ['update']),
  r('log', 'system', 'admin', ['clear']),
  r('log_type', 'system', 'admin', [...CRUD]),
  r('log_config', 'system', 'admin', ['update']),
  r('ip_black', 'system', 'admin', [...CRUD]),
  r('server_ip_black', 'system', 'admin', [...CRUD]),
  r('checkout_ip', 'system', 'admin'),
  r('mysql_lock', 'system', 'super', ['release']),
  r('mysql_time_consuming', 'system', 'super'),
  // Every user may start jobs (exports, large batch updates), so every role sees its own here.
  r('async_operations', 'system', 'customer'),
  r('script', 'system', 'super', ['run']),
  r('server_list', 'system', 'super', [...CRUD]),
  r('language_list', 'system', 'admin', [...CRUD]),
  r('update_password', 'system', 'customer'),
  // The spec's "personal center" (no route name given): own profile, two-factor binding, password link.
  r('personal_center', 'system', 'customer'),
] as const;

/**
 * A console route's name, derived from the list above: a misspelled route in the client (screen registry,
 * menu links, navigation) fails the typecheck instead of showing "not found".
 */
export type RouteName = (typeof ROUTES)[number]['name'];

export const ROUTE_NAMES: readonly RouteName[] = ROUTES.map((x) => x.name);
const KNOWN_ROUTES: ReadonlySet<string> = new Set(ROUTE_NAMES);
/** Whether a string from outside (URL, server menu) names a console route. */
export const isRouteName = (name: string): name is RouteName => KNOWN_ROUTES.has(name);
export const routeInfo = (name: string): RouteInfo<RouteName> | undefined => ROUTES.find((x) => x.name === name);

/** Public routes (no login). */
export const PUBLIC_ROUTES = ['admin_login', 'admin_register', 'maintain', 'share_access', 'access_log'] as const;
export type PublicRouteName = (typeof PUBLIC_ROUTES)[number];
