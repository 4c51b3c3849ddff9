import { defineEnum } from './enum.ts';
import { MENU_TYPE_CODES, THEME_CODES } from './enum-codes.ts';

// Spec §4. Label keys live under `enums.<name>.<member>` in every locale.
export const WithdrawalStatus = defineEnum('withdrawal_status', { pending: 1, approved: 2, rejected: 3 });
export const OrderStatus = defineEnum('order_status', { unpaid: 1, paid: 2 });
export const PayType = defineEnum('pay_type', { trc20_usdt: 1 });
export const ShieldStatus = defineEnum('shield_status', { normal: 1, blocked: 2, detection_failed: 4 });
export const VisitMethod = defineEnum('visit_method', { unrestricted: 1, scan_only: 2 });
export const VisitRestriction = defineEnum('visit_restriction', { none: 1, wechat_only: 2 });
export const NotifyStatus = defineEnum('notify_status', { unread: 1, read: 2 });
export const OnlineStatus = defineEnum('online_status', { offline: 1, online: 2 });
export const DisableFlag = defineEnum('disable_flag', { no: 1, yes: 2 });
export const ShowStatus = defineEnum('show_status', { show: 1, hide: 2 });
export const AsyncOperationStatus = defineEnum('async_operation_status', {
  in_progress: 1,
  completed: 2,
  abnormal: 3,
});
export const RotationType = defineEnum('rotation_type', { sequential: 1, random: 2, round_robin: 3 });
export const JumpType = defineEnum('jump_type', {
  location_replace: 1,
  meta_refresh: 2,
  location_href: 3,
  new_tab: 4,
  current_page: 5,
  cdn_no_referrer: 6,
});
export const DomainDisplayType = defineEnum('domain_display_type', { entry: 1, landing: 2, short: 3 });
export const ShortCodeType = defineEnum('short_code_type', {
  get_request: 1,
  string_concat: 2,
  self_entry: 3,
  platform_a: 4,
  platform_b: 5,
  platform_c: 6,
  tunnel: 7,
  company_lookup_a: 8,
  company_lookup_b: 9,
  notes_service: 10,
  sina_a: 11,
  sina_b: 12,
  self_anti_block: 13,
});
export const MenuType = defineEnum('menu_type', MENU_TYPE_CODES);
export const Platform = defineEnum('platform', { pc: 1 });
export const Theme = defineEnum('theme', THEME_CODES);
export const DefaultLanguage = defineEnum('default_language', { no: 1, yes: 2 });
export const CollectionStatus = defineEnum('collection_status', { success: 1, fail: 2 });
export const PictureJumpType = defineEnum('picture_jump_type', {
  router_push: 1,
  new_window: 2,
  current_window: 3,
  custom: 4,
});
/**
 * Why a balance changed (one bill per change, mock-server/services/ledger.ts). `opening_balance` is the bill
 * that carries a balance that existed before the ledger (migration 006, seeded users).
 */
export const BillType = defineEnum('bill_type', {
  admin_adjustment: 1,
  recharge: 2,
  purchase: 3,
  commission: 4,
  withdrawal: 5,
  withdrawal_refund: 6,
  opening_balance: 7,
});
/** Audit log categories (table log_types, seeded with these ids); issue 13's log screens read them. */
export const LogType = defineEnum('log_type', { login: 1, login_failed: 2, logout: 3, register: 4, admin_write: 5, shield: 6 });
