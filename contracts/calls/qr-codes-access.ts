import { z } from 'zod';
import { PUBLIC, permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { defineEnum } from '../enum.ts';
import { calendarDate, dateTime, id, isCalendarDate, listRequest, pageOf } from '../envelope.ts';
import { ACCESS_LOG_LOOKBACK_DAYS, ipv4Rule } from '../validation.ts';
import { idList } from './qr-codes.ts';

/** Carrier of a Chinese IP range ('' outside China or unknown). */
export const CARRIERS = ['mobile', 'unicom', 'telecom'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** One visit as the console's access log lists it. */
export const accessRecord = z.object({
  id,
  qr_code_id: id,
  domain: z.string(),
  ip: z.string(),
  /** Location and carrier text, e.g. '中国 广东 深圳 移动' or '美国 加利福尼亚'; '' when unknown. */
  ip_belong: z.string(),
  country: z.string(),
  carrier: z.enum([...CARRIERS, '']),
  /** Device info, semicolon separated: 'model;OS version;browser version[;WeChat version]'. */
  source: z.string(),
  user_agent: z.string(),
  create_time: dateTime,
});
export type AccessRecord = z.infer<typeof accessRecord>;

/** Spec §3 visitor record: one per (domain, ip) in the searched range, with the latest visit's details. */
export const visitorRecord = z.object({
  domain: z.string(),
  ip: z.string(),
  ip_count: z.int().min(1),
  latest_create_time: dateTime,
  latest_ip_belong: z.string().describe('Location and carrier of the latest visit, as text'),
  latest_source: z.string().describe('Device of the latest visit: model;OS version;browser version[;WeChat version]'),
  latest_user_agent: z.string().describe('User-Agent header of the latest visit'),
});
export type VisitorRecord = z.infer<typeof visitorRecord>;

const DAY_MS = 86_400_000;
/** Calendar days between two 'YYYY-MM-DD' dates (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}
/** Most IPs one public lookup may carry. */
export const PUBLIC_ENQUIRY_IPS_MAX = 200;

export const publicEnquiryRequest = z
  .strictObject({
    key: z.string().min(1, 'validation.key_required').max(64).describe('the QR code\'s share password'),
    file_name: z.string().trim().min(1, 'validation.file_name_required').max(64),
    domain: z.string().trim().max(253).default('').describe("'' = every domain the code was visited on"),
    ip_list: z
      .array(ipv4Rule, { error: 'validation.ip_required' })
      .min(1, 'validation.ip_required')
      .max(PUBLIC_ENQUIRY_IPS_MAX, 'validation.ip_list_max'),
    start_time: z.string({ error: 'validation.time_required' }).regex(/^\d{4}-\d{2}-\d{2} 00:00:00$/, 'validation.start_time_format')
      .meta({ examples: ['2026-11-20 00:00:00'] }),
    end_time: z.string({ error: 'validation.time_required' }).regex(/^\d{4}-\d{2}-\d{2} 23:59:59$/, 'validation.end_time_format')
      .meta({ examples: ['2026-11-23 23:59:59'] }),
  })
  .superRefine((b, ctx) => {
    const start = b.start_time.slice(0, 10);
    const end = b.end_time.slice(0, 10);
    if (!isCalendarDate(start)) ctx.addIssue({ code: 'custom', path: ['start_time'], message: 'validation.start_time_format' });
    else if (!isCalendarDate(end)) ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'validation.end_time_format' });
    else if (start > end) ctx.addIssue({ code: 'custom', path: ['start_time'], message: 'validation.time_order' });
    else if (daysBetween(start, end) >= ACCESS_LOG_LOOKBACK_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'validation.time_range' });
  });

export const qrCodeAccessPublicEnquiry = defineCall({
  path: 'qr_code_access/public_enquiry',
  summary:
    'Public visitor-IP lookup of one QR code (file_name + key = its share password; wrong pair → 404). Dates: ' +
    'start ≤ end, at most 7 calendar days, none before today − 6 nor after today (server clock) → 400. Answers one ' +
    'visitor record per (domain, ip) that visited in the range, latest visit first.',
  access: PUBLIC,
  request: publicEnquiryRequest,
  response: z.object({ content: z.array(visitorRecord) }),
});

const recordFilters = {
  qr_code_id: id,
  ip: ipv4Rule.optional(),
  start_time: dateTime.optional(),
  end_time: dateTime.optional(),
};

export const qrCodeAccessInquire = defineCall({
  path: 'qr_code_access/inquire',
  summary: 'Access log of one QR code (the caller\'s; administrators any), newest first.',
  access: permission('qr_code_list'),
  request: listRequest(recordFilters),
  response: pageOf(accessRecord),
});

export const EXPORT_CHUNK_MAX = 10_000;

export const qrCodeAccessExport = defineCall({
  path: 'qr_code_access/export_access_records',
  summary:
    'Export an access log in chunks (newest first): pass next_cursor back as cursor until it is null; total lets the ' +
    'console show progress. Same filters as inquire.',
  access: permission('qr_code_list', 'export'),
  request: z.strictObject({
    ...recordFilters,
    cursor: z.string().regex(/^\d+\.\d+$/, 'validation.cursor').optional(),
    limit: z.int().min(1).max(EXPORT_CHUNK_MAX).default(5000),
  }),
  response: z.object({ content: z.array(accessRecord), total: z.int().min(0), next_cursor: z.string().nullable() }),
});

/** A cleared slice of an access log, restorable from the `recover` screen until permanently removed. */
export const clearBatch = z.object({
  id,
  qr_code_id: id,
  file_name: z.string(),
  user_id: id,
  account: z.string(),
  start_time: dateTime.nullable(),
  end_time: dateTime.nullable(),
  record_count: z.int().min(0),
  clear_time: dateTime,
});
export type ClearBatch = z.infer<typeof clearBatch>;

export const qrCodeAccessClearHistory = defineCall({
  path: 'qr_code_access/clear_access_history',
  summary:
    'Clear a QR code\'s access log (all of it, or the records between start_time and end_time). The records move to a ' +
    'clear batch (restorable); visit counters stay as they are.',
  access: permission('qr_code_list', 'remove'),
  request: z.strictObject({ qr_code_id: id, start_time: dateTime.optional(), end_time: dateTime.optional() }),
  response: z.object({ cleared: z.int().min(0), batch_id: id.nullable() }),
});

export const qrCodeAccessClearedInquire = defineCall({
  path: 'qr_code_access/cleared_inquire',
  summary: 'List clear batches (own; administrators all), newest first: the `recover` screen.',
  access: permission('recover'),
  request: listRequest({ qr_code_id: id.optional(), file_name: z.string().max(64).optional() }),
  response: pageOf(clearBatch),
});

export const qrCodeAccessRestore = defineCall({
  path: 'qr_code_access/restore_access_records',
  summary: 'Put cleared batches back into their access logs (all or none).',
  access: permission('recover', 'restore'),
  request: z.strictObject({ ids: idList }),
  response: z.object({ restored: z.int().min(0) }),
});

export const qrCodeAccessClearRecord = defineCall({
  path: 'qr_code_access/clear_record',
  summary: 'Permanently delete cleared batches and their records (cannot be undone; all or none).',
  access: permission('recover', 'remove'),
  request: z.strictObject({ ids: idList }),
  response: z.object({ removed: z.int().min(0) }),
});

export const dailyCounter = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  view_number: z.int().min(0),
  ip_view_number: z.int().min(0),
});
export type DailyCounter = z.infer<typeof dailyCounter>;

export const DAILY_RANGE_MAX = 366;
// One calendar check for every contract (envelope.ts, issue 20).
export const dateRule = calendarDate.meta({ description: 'YYYY-MM-DD, server local time', examples: ['2026-11-23'] });

export const qrCodeAccessDaily = defineCall({
  path: 'qr_code_access/daily',
  summary:
    'Daily counters of one QR code: visits and distinct IPs per day, every day of the range (zeros included), ' +
    'oldest first; at most 366 days.',
  access: permission('qr_code_list'),
  request: z
    .strictObject({ qr_code_id: id, start_date: dateRule, end_date: dateRule })
    .refine((b) => b.start_date <= b.end_date, { path: ['start_date'], message: 'validation.time_order' })
    .refine((b) => daysBetween(b.start_date, b.end_date) < DAILY_RANGE_MAX, { path: ['end_date'], message: 'validation.range_max' }),
  response: z.object({ content: z.array(dailyCounter) }),
});

/** Why a visit was refused and listed as link abuse. */
export const StealingReason = defineEnum('stealing_reason', { not_wechat: 1, not_scanned: 2 });

/** A refused visit (restriction or scan-only broken): the `stealing_list` screen. */
export const stealingRecord = z.object({
  id,
  qr_code_id: id,
  file_name: z.string(),
  ip: z.string(),
  ip_belong: z.string(),
  user_agent: z.string(),
  reason: StealingReason.schema,
  create_time: dateTime,
});
export type StealingRecord = z.infer<typeof stealingRecord>;

export const stealingInquire = defineCall({
  path: 'stealing/inquire',
  summary: 'Refused visits of the caller\'s QR codes (administrators: all), newest first.',
  access: permission('stealing_list'),
  request: listRequest({ qr_code_id: id.optional(), ip: ipv4Rule.optional(), reason: StealingReason.schema.optional() }),
  response: pageOf(stealingRecord),
});

export const stealingRemove = defineCall({
  path: 'stealing/remove',
  summary: 'Delete refused-visit records (all or none).',
  access: permission('stealing_list', 'remove'),
  request: z.strictObject({ ids: idList }),
  response: z.object({ removed: z.int().min(0) }),
});

export const qrCodeAccessCalls = [
  qrCodeAccessInquire,
  qrCodeAccessExport,
  qrCodeAccessRestore,
  qrCodeAccessClearHistory,
  qrCodeAccessClearRecord,
  qrCodeAccessPublicEnquiry,
  qrCodeAccessClearedInquire,
  qrCodeAccessDaily,
  stealingInquire,
  stealingRemove,
] as const;
