import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { defineEnum } from '../enum.ts';
import { dateTime, emptyRequest, EXAMPLE_ID, id, listRequest, pageOf } from '../envelope.ts';
import { qrCodeShareAccess } from './share.ts';
import { DomainDisplayType, JumpType, RotationType, ShortCodeType, VisitMethod, VisitRestriction } from '../enums.ts';

/** Access-log switch of a QR code: when closed, visits still count but leave no access record. */
export const OpenLog = defineEnum('open_log', { closed: 1, open: 2 });
/** Recycle-bin flag: 2 = removed (restorable until permanently removed). */
export const RemovedFlag = defineEnum('removed_flag', { no: 1, yes: 2 });
/** Whether a rotation child is the one the next visit lands on. */
export const CurrentFlag = defineEnum('current_flag', { no: 1, yes: 2 });

/** Largest id list any batch call accepts; bigger batches answer 400. */
export const BATCH_MAX = 500;
/** Target URLs (rotation children) one QR code may hold. */
export const CHILDREN_MAX = 50;

/** Code in the visit URL `/v/{file_name}`: 4-32 letters, digits, `_` or `-`. */
export const fileNameRule = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{4,32}$/, 'validation.file_name_charset');
/** Share password: 4-32 letters and digits; '' turns sharing off. */
export const sharePasswordRule = z.string().regex(/^([A-Za-z0-9]{4,32})?$/, 'validation.share_password');
export const targetUrlRule = z
  .url({ protocol: /^https?$/, error: 'validation.url_invalid' })
  .max(2048, 'validation.url_invalid');
export const idList = z.array(id).min(1).max(BATCH_MAX, 'validation.batch_max');

/** One target URL of a QR code (a rotation child). */
export const qrCodeChild = z.object({
  id,
  qr_code_id: id,
  url: z.string(),
  sort: z.int(),
  visit_threshold: z.int().min(1).describe('Visits this child takes per turn under sequential rotation.'),
  remaining: z.int().min(0).describe('Visits left in the current turn (sequential rotation); refilled to visit_threshold when its turn comes.'),
  view_number: z.int().min(0).describe('Visits this child has received.'),
  current: CurrentFlag.schema,
  create_time: dateTime,
});
export type QrCodeChild = z.infer<typeof qrCodeChild>;

export const qrCode = z.object({
  id,
  user_id: id,
  account: z.string().describe("Owner's account (admin views show it)."),
  name: z.string().describe('Title shown on the share page.'),
  file_name: z.string().describe('Code of the visit URL `/v/{file_name}`; unique over the service.'),
  password: z.string().describe("Share password for /share_access and the key of qr_code_access/public_enquiry; '' = sharing off."),
  domain_id: id.nullable().describe('null when the domain was removed (listed on no_domain_name).'),
  domain: z.string(),
  /** The domain's display type (1 entry, 2 landing, 3 short); null without a domain. */
  display_type: DomainDisplayType.schema.nullable(),
  group_id: id.nullable(),
  group_name: z.string(),
  internal_code_group_id: id.nullable(),
  internal_code_group_name: z.string(),
  short_code_type: ShortCodeType.schema,
  rotation_type: RotationType.schema,
  visit_threshold: z.int().min(1).describe('Visits per turn of its target URLs under sequential rotation: setting it (update, batch_update) sets every child\'s threshold; new children start with it.'),
  jump_type: JumpType.schema,
  visit_method: VisitMethod.schema,
  visit_restriction: VisitRestriction.schema,
  open_log: OpenLog.schema,
  removed: RemovedFlag.schema,
  remove_time: dateTime.nullable(),
  view_number: z.int().min(0).describe('All visits ever (clearing the access log does not lower it).'),
  ip_view_number: z.int().min(0).describe('Distinct visiting IPs ever.'),
  record_count: z.int().min(0).describe('Access records currently in the log (not cleared).'),
  remark: z.string(),
  entry_url: z.string().describe("`http://{domain}/v/{file_name}`, '' without a domain."),
  children: z.array(qrCodeChild),
  create_time: dateTime,
  update_time: dateTime,
});
export type QrCode = z.infer<typeof qrCode>;

const childInput = z.strictObject({
  url: targetUrlRule,
  visit_threshold: z.int().min(1).max(1_000_000).optional().describe('defaults to the QR code visit_threshold'),
});

const settings = {
  name: z.string().trim().min(1, 'validation.name_required').max(64),
  password: sharePasswordRule,
  domain_id: id,
  group_id: id.nullable(),
  internal_code_group_id: id.nullable(),
  short_code_type: ShortCodeType.schema,
  rotation_type: RotationType.schema,
  visit_threshold: z.int().min(1).max(1_000_000),
  jump_type: JumpType.schema,
  visit_method: VisitMethod.schema,
  visit_restriction: VisitRestriction.schema,
  open_log: OpenLog.schema,
  remark: z.string().max(512),
};

export const qrCodeAdd = defineCall({
  path: 'qr_code_list/add',
  summary:
    'Create a QR code on one of the caller\'s domains. file_name is generated (8 characters) when omitted and must be ' +
    'unique (409); password is generated (6 characters) when omitted. Children are the target URLs, first one current.',
  access: permission('qr_code_list', 'add'),
  membership: true,
  request: z.strictObject({
    ...settings,
    file_name: fileNameRule.optional(),
    password: settings.password.optional(),
    group_id: settings.group_id.default(null),
    internal_code_group_id: settings.internal_code_group_id.default(null),
    short_code_type: settings.short_code_type.default(1),
    rotation_type: settings.rotation_type.default(1),
    visit_threshold: settings.visit_threshold.default(100),
    jump_type: settings.jump_type.default(1),
    visit_method: settings.visit_method.default(1),
    visit_restriction: settings.visit_restriction.default(1),
    open_log: settings.open_log.default(2),
    remark: settings.remark.default(''),
    children: z.array(childInput).min(1, 'validation.children_required').max(CHILDREN_MAX),
  }),
  response: qrCode,
});

export const qrCodeUpdate = defineCall({
  path: 'qr_code_list/update',
  summary:
    'Change one QR code\'s settings; only the fields sent change. visit_threshold applies to every target URL (a turn under way ' +
    'keeps at most the new count). Target URLs change through update_url.',
  access: permission('qr_code_list', 'update'),
  request: z.strictObject({
    id,
    name: settings.name.optional(),
    file_name: fileNameRule.optional(),
    password: settings.password.optional(),
    domain_id: settings.domain_id.optional(),
    group_id: settings.group_id.optional(),
    internal_code_group_id: settings.internal_code_group_id.optional(),
    short_code_type: settings.short_code_type.optional(),
    rotation_type: settings.rotation_type.optional(),
    visit_threshold: settings.visit_threshold.optional(),
    jump_type: settings.jump_type.optional(),
    visit_method: settings.visit_method.optional(),
    visit_restriction: settings.visit_restriction.optional(),
    open_log: settings.open_log.optional(),
    remark: settings.remark.optional(),
  }),
  response: qrCode,
});

export const qrCodeUpdateUrl = defineCall({
  path: 'qr_code_list/update_url',
  summary:
    'Replace a QR code\'s target URLs (rotation children). Rotation restarts at the first child; per-child counts restart.',
  access: permission('qr_code_list', 'update'),
  request: z.strictObject({
    id,
    children: z.array(childInput).min(1, 'validation.children_required').max(CHILDREN_MAX),
  }),
  response: qrCode,
});

const updated = z.object({ updated: z.int().min(0) });

export const qrCodeChangeDomainName = defineCall({
  path: 'qr_code_list/change_domain_name',
  summary:
    'Move QR codes to another of the owner\'s domains: either the codes given by ids, or every code on from_domain_id ' +
    '(replacing a blocked domain). Exactly one of ids / from_domain_id. All codes must belong to the domain\'s owner.',
  access: permission('qr_code_list', 'update'),
  request: z
    .strictObject({ ids: idList.optional(), from_domain_id: id.optional(), domain_id: id })
    .refine((b) => (b.ids === undefined) !== (b.from_domain_id === undefined), {
      message: 'validation.ids_or_domain',
      path: ['ids'],
    })
    .meta({ examples: [{ ids: [EXAMPLE_ID], domain_id: EXAMPLE_ID }] }),
  response: updated,
});

export const batchFields = z
  .strictObject({
    group_id: settings.group_id.optional(),
    internal_code_group_id: settings.internal_code_group_id.optional(),
    short_code_type: settings.short_code_type.optional(),
    rotation_type: settings.rotation_type.optional(),
    visit_threshold: settings.visit_threshold.optional(),
    jump_type: settings.jump_type.optional(),
    visit_method: settings.visit_method.optional(),
    visit_restriction: settings.visit_restriction.optional(),
    open_log: settings.open_log.optional(),
  })
  .refine((f) => Object.values(f).some((v) => v !== undefined), 'validation.nothing_to_change')
  .meta({ examples: [{ jump_type: 2, visit_threshold: 100 }] });

export const qrCodeBatchUpdate = defineCall({
  path: 'qr_code_list/batch_update',
  summary: 'Set the same settings on many QR codes at once (all or none: one foreign or unknown id → 404).',
  access: permission('qr_code_list', 'batch_update'),
  request: z.strictObject({ ids: idList, fields: batchFields }),
  // Over BATCH_JOB_THRESHOLD ids the update runs as an async operation: `{ updated: 0, job_id }`.
  response: z.object({ updated: z.int().min(0), job_id: id.optional() }),
});

export const qrCodeUpdateRestrictionVisit = defineCall({
  path: 'qr_code_list/update_restriction_visit',
  summary: 'Set visit method (1 unrestricted, 2 scan-only) and/or restriction (1 none, 2 WeChat only) of QR codes.',
  access: permission('qr_code_list', 'update'),
  request: z
    .strictObject({ ids: idList, visit_method: VisitMethod.schema.optional(), visit_restriction: VisitRestriction.schema.optional() })
    .refine((b) => b.visit_method !== undefined || b.visit_restriction !== undefined, 'validation.nothing_to_change')
    .meta({ examples: [{ ids: [EXAMPLE_ID], visit_method: 2, visit_restriction: 2 }] }),
  response: updated,
});

export const qrCodeUpdateOpenLog = defineCall({
  path: 'qr_code_list/update_open_log',
  summary: 'Open or close the access log of QR codes (closed: visits count but leave no access record).',
  access: permission('qr_code_list', 'update'),
  request: z.strictObject({ ids: idList, open_log: OpenLog.schema }),
  response: updated,
});

export const qrCodeRemove = defineCall({
  path: 'qr_code_list/remove',
  summary: 'Move QR codes to the recycle bin (removed = 2, remove_time set); their visit URL answers 404 from then on.',
  access: permission('qr_code_list', 'remove'),
  request: z.strictObject({ ids: idList }),
  response: updated,
});

export const qrCodeUpdateRemove = defineCall({
  path: 'qr_code_list/update_remove',
  summary: 'Restore QR codes from the recycle bin (removed = 1). Ids must be removed codes of the caller (else 404).',
  access: permission('qr_code_remove', 'restore'),
  request: z.strictObject({ ids: idList }),
  response: updated,
});

export const qrCodeQrCodeRemove = defineCall({
  path: 'qr_code_list/qr_code_remove',
  summary:
    'Permanently delete QR codes that are in the recycle bin, with their children, short codes, access records and ' +
    'counters. A code not in the recycle bin answers 409 and nothing is deleted.',
  access: permission('qr_code_remove', 'remove'),
  request: z.strictObject({ ids: idList }),
  response: z.object({ removed: z.int().min(0) }),
});

export const resolutionTarget = z.object({
  /** A record customers point their domains at. */
  ip: z.string(),
  cname: z.string(),
});
export type ResolutionTarget = z.infer<typeof resolutionTarget>;

export const qrCodeGetIp = defineCall({
  path: 'qr_code_list/get_ip',
  summary: 'The address (A record) and CNAME target that customers point their entry/landing/short domains at.',
  access: permission('qr_code_list'),
  request: emptyRequest,
  response: resolutionTarget,
});

const SORTABLE = ['create_time', 'update_time', 'view_number', 'ip_view_number', 'name'] as const;

const listFilters = {
  name: z.string().max(64).optional().describe('substring of the name'),
  file_name: z.string().max(64).optional().describe('substring of the code'),
  file_names: z.array(z.string().max(64)).min(1).max(BATCH_MAX, 'validation.batch_max').optional().describe('exact codes (batch query)'),
  domain: z.string().max(253).optional().describe('substring of the domain'),
  domain_id: id.optional(),
  display_type: DomainDisplayType.schema.optional(),
  group_id: id.optional(),
  internal_code_group_id: id.optional(),
  rotation_type: RotationType.schema.optional(),
  jump_type: JumpType.schema.optional(),
  removed: RemovedFlag.schema.default(1).describe('1 live codes (default), 2 the recycle bin'),
  no_domain: z.literal(1).optional().describe('only codes whose domain was removed'),
  sort: z.enum(SORTABLE).default('create_time'),
  order: z.enum(['asc', 'desc']).default('desc'),
};

export const qrCodeInquire = defineCall({
  path: 'qr_code_list/inquire',
  summary:
    'List QR codes with their children: a customer gets their own, an administrator everybody\'s. With file_names ' +
    '(batch query), not_found lists the asked codes that are no QR code of the caller in this view (live or bin).',
  access: permission('qr_code_list'),
  request: listRequest(listFilters),
  response: pageOf(qrCode).extend({
    not_found: z.array(z.string()).optional().describe('with file_names: the asked codes no code of the caller has, in the order asked'),
  }),
});

export const qrCodeUserInquire = defineCall({
  path: 'qr_code_list/user_inquire',
  summary: 'Administrator view of every user\'s QR codes, filterable by owner (user_id or account substring).',
  access: permission('qr_code_list_admin'),
  request: listRequest({ ...listFilters, user_id: id.optional(), account: z.string().max(64).optional() }),
  response: pageOf(qrCode),
});

export const qrCodeDetails = defineCall({
  path: 'qr_code_list/details',
  summary: 'One QR code with its children (by id, or by file_name); another customer\'s code answers 404.',
  access: permission('qr_code_list'),
  request: z
    .strictObject({ id: id.optional(), file_name: z.string().max(64).optional() })
    .refine((b) => b.id !== undefined || b.file_name !== undefined, { message: 'validation.id_required', path: ['id'] })
    .meta({ examples: [{ id: EXAMPLE_ID }] }),
  response: qrCode,
});

export const qrCodeCalls = [
  qrCodeAdd,
  qrCodeUpdateUrl,
  qrCodeShareAccess,
  qrCodeChangeDomainName,
  qrCodeBatchUpdate,
  qrCodeUpdateRestrictionVisit,
  qrCodeUpdateOpenLog,
  qrCodeUpdateRemove,
  qrCodeGetIp,
  qrCodeQrCodeRemove,
  qrCodeInquire,
  qrCodeUserInquire,
  qrCodeDetails,
  qrCodeUpdate,
  qrCodeRemove,
] as const;
