import type { CallPath } from './registry.ts';

/**
 * Which calls address rows that belong to one user. A customer reads and changes only their own rows: a
 * request naming another customer's row answers 403/404 (or, for a read, an answer without that row) and
 * changes nothing. tests/robustness/owner.test.ts checks every entry here with the seeded pair
 * customer01/customer02, and fails when a call a customer may make carries an id-like field
 * (`id`, `ids`, `*_id`, `*_ids`) that is declared neither here nor in `NOT_OWNED_FIELDS`.
 */

/** A list call whose `content[]` rows are the caller's own; `with` fills required filters from other lists. */
export type OwnedList = CallPath | { readonly call: CallPath; readonly with: Readonly<Record<string, CallPath>> };

/**
 * Where a request field's value comes from: the `id` (or `column`) of the caller's rows of a list, or
 * `'owner'`: the field names a user (a filter like `user_id`), so another customer's user id is tried.
 */
export type OwnedRef = OwnedList | { readonly list: OwnedList; readonly column: string } | 'owner';

/** Lists that must show a customer only their own rows. */
export const OWNED_LISTS: readonly OwnedList[] = [
  'qr_code_list/inquire',
  'domain/inquire',
  'group/inquire',
  'internal_code_group/inquire',
  'forward/inquire',
  'rotation/inquire',
  'short_code/inquire',
  'stealing/inquire',
  'message/inquire',
  'bill/inquire',
  'qr_code_access/cleared_inquire',
  { call: 'qr_code_access/inquire', with: { qr_code_id: 'qr_code_list/inquire' } },
  'async_operations/inquire',
  'shield_detection/inquire',
  'shield_detection/history_inquire',
  'shield_push/records_inquire',
  'domain_monitor/inquire',
  'statistics/historical',
  'telegram_bot_binding/inquire',
  'admin/telegram_binding_inquire',
  'order/inquire',
  'visitor/inquire',
];

const QR: OwnedList = 'qr_code_list/inquire';
const DOMAIN: OwnedList = 'domain/inquire';
const GROUP: OwnedList = 'group/inquire';
const INTERNAL: OwnedList = 'internal_code_group/inquire';
const ACCESS: OwnedList = { call: 'qr_code_access/inquire', with: { qr_code_id: QR } };

/** Per call: request fields that name owned rows, and where the caller's own values for them come from. */
export const OWNED_REFS: Readonly<Partial<Record<CallPath, Readonly<Record<string, OwnedRef>>>>> = {
  'message/update_notify_status': { id: 'message/inquire' },

  'qr_code_list/add': { domain_id: DOMAIN, group_id: GROUP, internal_code_group_id: INTERNAL },
  'qr_code_list/update': { id: QR, domain_id: DOMAIN, group_id: GROUP, internal_code_group_id: INTERNAL },
  'qr_code_list/update_url': { id: QR },
  'qr_code_list/change_domain_name': { ids: QR, from_domain_id: DOMAIN, domain_id: DOMAIN },
  'qr_code_list/batch_update': { ids: QR },
  'qr_code_list/update_restriction_visit': { ids: QR },
  'qr_code_list/update_open_log': { ids: QR },
  'qr_code_list/update_remove': { ids: QR },
  'qr_code_list/qr_code_remove': { ids: QR },
  'qr_code_list/remove': { ids: QR },
  'qr_code_list/details': { id: QR, file_name: { list: QR, column: 'file_name' } },
  'qr_code_list/inquire': { domain_id: DOMAIN, group_id: GROUP, internal_code_group_id: INTERNAL },

  'qr_code_access/inquire': { qr_code_id: QR },
  'qr_code_access/export_access_records': { qr_code_id: QR },
  'qr_code_access/clear_access_history': { qr_code_id: QR },
  'qr_code_access/clear_record': { ids: ACCESS },
  'qr_code_access/cleared_inquire': { qr_code_id: QR },
  'qr_code_access/restore_access_records': { ids: 'qr_code_access/cleared_inquire' },
  'qr_code_access/daily': { qr_code_id: QR },

  'stealing/inquire': { qr_code_id: QR },
  'stealing/remove': { ids: 'stealing/inquire' },

  'domain/add': { group_id: GROUP },
  'domain/update': { id: DOMAIN, group_id: GROUP },
  'domain/remove': { ids: DOMAIN },
  'domain/inquire': { group_id: GROUP, user_id: 'owner' },

  'group/update': { id: GROUP },
  'group/remove': { ids: GROUP },
  'group/inquire': { user_id: 'owner' },
  'internal_code_group/update': { id: INTERNAL },
  'internal_code_group/remove': { ids: INTERNAL },
  'internal_code_group/inquire': { user_id: 'owner' },

  'forward/add': { domain_id: DOMAIN },
  'forward/update': { id: 'forward/inquire' },
  'forward/remove': { ids: 'forward/inquire' },

  'rotation/add': { qr_code_id: QR },
  'rotation/update': { id: 'rotation/inquire' },
  'rotation/remove': { ids: 'rotation/inquire' },
  'rotation/inquire': { qr_code_id: QR },

  'short_code/add': { qr_code_id: QR },
  'short_code/update': { id: 'short_code/inquire' },
  'short_code/remove': { ids: 'short_code/inquire' },
  'short_code/inquire': { qr_code_id: QR },

  'bill/inquire': { user_id: 'owner' },
  'async_operations/download': { id: 'async_operations/inquire' },

  'shield_detection/inquire': { user_id: 'owner' },
  'shield_detection/history_inquire': { domain_id: DOMAIN },
  'shield_detection/run': { domain_id: DOMAIN },
  'shield_push/update': { spare_domain_id: DOMAIN },
  'shield_push/records_inquire': { user_id: 'owner' },
  'domain_monitor/inquire': { user_id: 'owner' },
  'statistics/today': { user_id: 'owner', qr_code_id: QR },
  'statistics/hourly': { user_id: 'owner', qr_code_id: QR },
  'statistics/daily': { user_id: 'owner', qr_code_id: QR },
  'statistics/historical': { user_id: 'owner' },
  'statistics/home': { user_id: 'owner' },
  'statistics/breakdown': { user_id: 'owner', qr_code_id: QR },
  'statistics/visit_summary': { user_id: 'owner' },
  'statistics/codes': { user_id: 'owner' },
  'statistics/real_time': { user_id: 'owner' },
  'telegram_bot_binding/remove': { ids: 'telegram_bot_binding/inquire' },
  'order/details': { id: 'order/inquire' },
  'visitor/inquire': { qr_code_id: QR, user_id: 'owner' },
};

/** Id-like request fields of customer calls that name shared rows (catalogues every customer may use). */
export const NOT_OWNED_FIELDS: Readonly<Partial<Record<CallPath, readonly string[]>>> = {
  'short_code/add': ['url_key_platform_id'],
  'short_code/update': ['url_key_platform_id'],
  // The storefront's filters name shared catalogue rows (categories, brands), owned by no one.
  'mall_product/inquire': ['category_id', 'brand_id'],
  'picture/inquire': ['type_id'],
  'vip_combo/buy': ['vip_combo_id'],
};
