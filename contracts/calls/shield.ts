import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, emptyRequest, id, listRequest, pageOf } from '../envelope.ts';
import { DomainDisplayType, ShieldStatus, ShowStatus } from '../enums.ts';
import { targetUrlRule } from './qr-codes.ts';

/**
 * WeChat block detection (spec §1, issue 14). A detector checks domains through a checker (the mock's is
 * simulated, driven by `/__control/shield/*`), keeps each answer as history, and on a block moves the domain's
 * QR codes to the owner's spare domain, marks the domain blocked and tells the owner (frame 24, site message).
 */

/** Shortest detection interval (minutes): the real checker is rate-limited. */
export const SHIELD_MIN_INTERVAL_MINUTES = 5;

/** A domain as the detection monitors show it. */
export const shieldDomain = z.object({
  id,
  user_id: id,
  account: z.string(),
  domain: z.string(),
  display_type: DomainDisplayType.schema,
  shield_status: ShieldStatus.schema,
  hold: z.int(),
  qr_code_count: z.int().min(0),
  /** Failed checks in a row (status 4), retried with backoff. */
  failures: z.int().min(0),
  last_check_time: z.string().describe("'' before the first check"),
  last_message: z.string(),
});
export type ShieldDomain = z.infer<typeof shieldDomain>;

const ownerFilters = {
  user_id: id.optional().describe('administrators only; ignored for customers'),
  account: z.string().max(64).optional().describe('administrators only; ignored for customers'),
};

export const shieldDetectionInquire = defineCall({
  path: 'shield_detection/inquire',
  summary: 'Domains with their WeChat status and last check: a customer\'s own, an administrator\'s everybody\'s.',
  access: permission('wx_shield_detection'),
  request: listRequest({
    domain: z.string().max(253).optional().describe('substring'),
    display_type: DomainDisplayType.schema.optional(),
    shield_status: ShieldStatus.schema.optional(),
    ...ownerFilters,
  }),
  response: pageOf(shieldDomain),
});

/** One answer of the checker. */
export const shieldCheck = z.object({
  id,
  domain_id: id,
  domain: z.string(),
  status: ShieldStatus.schema,
  attempt: z.int().min(1),
  message: z.string(),
  check_time: dateTime,
});
export type ShieldCheck = z.infer<typeof shieldCheck>;

export const shieldHistoryInquire = defineCall({
  path: 'shield_detection/history_inquire',
  summary: 'Check history (newest first) of the caller\'s domains, or of one domain.',
  access: permission('wx_shield_detection'),
  request: listRequest({ domain_id: id.optional(), status: ShieldStatus.schema.optional() }),
  response: pageOf(shieldCheck),
});

export const shieldDetectionRun = defineCall({
  path: 'shield_detection/run',
  summary:
    '"Check now": one check of one of the caller\'s domains (a block found here acts as the detector\'s would). ' +
    'Answers the domain as it stands after the check.',
  access: permission('wx_shield_detection'),
  request: z.strictObject({ domain_id: id }),
  response: shieldDomain,
});

/** Detection settings; the checker key is write-only (answered as `api_key_set`). */
export const detectionConfig = z.object({
  interval_minutes: z.int(),
  check_entry: ShowStatus.schema,
  check_landing: ShowStatus.schema,
  check_short: ShowStatus.schema,
  endpoint: z.string(),
  api_key_set: z.boolean(),
  max_retries: z.int(),
  retry_base_seconds: z.int(),
});
export type DetectionConfig = z.infer<typeof detectionConfig>;

export const detectionConfigInquire = defineCall({
  path: 'shield_detection_config/inquire',
  summary: 'WeChat detection settings (interval, domain kinds checked, checker endpoint, retries). The key is never answered.',
  access: permission('we_chat_blocking_detection_configuration'),
  request: emptyRequest,
  response: detectionConfig,
});

export const detectionConfigUpdate = defineCall({
  path: 'shield_detection_config/update',
  summary:
    `Change detection settings; only fields sent change. interval_minutes at least ${SHIELD_MIN_INTERVAL_MINUTES}. ` +
    'api_key is write-only (\'\' clears it).',
  access: permission('we_chat_blocking_detection_configuration', 'update'),
  request: z.strictObject({
    interval_minutes: z.int().min(SHIELD_MIN_INTERVAL_MINUTES, 'validation.shield_interval_min').max(1440).optional(),
    check_entry: ShowStatus.schema.optional(),
    check_landing: ShowStatus.schema.optional(),
    check_short: ShowStatus.schema.optional(),
    endpoint: targetUrlRule.optional(),
    api_key: z.string().max(256).optional(),
    max_retries: z.int().min(0).max(10).optional(),
    retry_base_seconds: z.int().min(1).max(3600).optional(),
  }),
  response: detectionConfig,
});

/** What happens on a block (service-wide). */
export const blockConfig = z.object({
  /** 1: move the blocked domain's QR codes to the owner's spare domain. */
  move_codes: ShowStatus.schema,
  /** 1: tell the owner (channels chosen by each owner on shield_push). */
  notify: ShowStatus.schema,
});

export const blockConfigInquire = defineCall({
  path: 'shield_configuration/inquire',
  summary: 'What a detected block does: move the QR codes to the owner\'s spare domain, notify the owner.',
  access: permission('shield_configuration'),
  request: emptyRequest,
  response: blockConfig,
});

export const blockConfigUpdate = defineCall({
  path: 'shield_configuration/update',
  summary: 'Change what a detected block does; only fields sent change.',
  access: permission('shield_configuration', 'update'),
  request: z.strictObject({ move_codes: ShowStatus.schema.optional(), notify: ShowStatus.schema.optional() }),
  response: blockConfig,
});

/** A customer's push settings: the spare domain codes move to, and the channels that tell them. */
export const pushSettings = z.object({
  spare_domain_id: id.nullable(),
  spare_domain: z.string(),
  site_message: ShowStatus.schema,
  realtime: ShowStatus.schema,
  telegram: ShowStatus.schema,
  /** A Telegram binding exists (issue 13's bot binding); without it Telegram is skipped. */
  telegram_bound: z.boolean(),
});

export const pushSettingsInquire = defineCall({
  path: 'shield_push/inquire',
  summary: 'The caller\'s block push settings. spare_domain_id null: the oldest held, unblocked domain of the same kind.',
  access: permission('shield_push'),
  request: emptyRequest,
  response: pushSettings,
});

export const pushSettingsUpdate = defineCall({
  path: 'shield_push/update',
  summary:
    'Change the caller\'s push settings. The spare must be the caller\'s own held domain (hold_domain) and not ' +
    'blocked: 404 for an unknown or foreign one, 409 for a blocked or not held one.',
  access: permission('shield_push', 'update'),
  request: z.strictObject({
    spare_domain_id: id.nullable().optional(),
    site_message: ShowStatus.schema.optional(),
    realtime: ShowStatus.schema.optional(),
    telegram: ShowStatus.schema.optional(),
  }),
  response: pushSettings,
});

/** One push sent about a block. */
export const shieldPush = z.object({
  id,
  user_id: id,
  account: z.string(),
  domain: z.string(),
  display_type: DomainDisplayType.schema,
  status: ShieldStatus.schema,
  spare_domain: z.string(),
  moved: z.int().min(0),
  /** Live QR codes that stayed on the blocked domain: no spare of its kind, or moving turned off. */
  codes_left: z.int().min(0),
  channels: z.string().describe('comma-separated: site_message, realtime, telegram'),
  create_time: dateTime,
});
export type ShieldPush = z.infer<typeof shieldPush>;

export const shieldPushRecordsInquire = defineCall({
  path: 'shield_push/records_inquire',
  summary: 'Pushes sent about blocks (own; administrators all), newest first.',
  access: permission('shield_push'),
  request: listRequest({ domain: z.string().max(253).optional(), ...ownerFilters }),
  response: pageOf(shieldPush),
});

export const shieldCalls = [
  shieldDetectionInquire,
  shieldHistoryInquire,
  shieldDetectionRun,
  detectionConfigInquire,
  detectionConfigUpdate,
  blockConfigInquire,
  blockConfigUpdate,
  pushSettingsInquire,
  pushSettingsUpdate,
  shieldPushRecordsInquire,
] as const;

/**
 * What the (simulated) WeChat checker answers for each status when it says nothing more (checker.ts writes it,
 * the history and monitors store it). The console shows these as `resources.shield.verdicts.<status>` in
 * the user's language; any other checker text is the checker's own words, shown as they are.
 */
export const CHECKER_VERDICTS: Readonly<Record<1 | 2 | 4, string>> = { 1: 'ok', 2: 'blocked by WeChat', 4: 'checker did not answer' };
