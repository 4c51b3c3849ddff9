import { z } from 'zod';
import { ANY_USER, permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, pageOf } from '../envelope.ts';
import { RotationType, ShortCodeType, ShowStatus } from '../enums.ts';
import { idList, qrCodeChild, targetUrlRule } from './qr-codes.ts';

/** A rotation child as the `rotation` screen lists it: with its QR code's code and rotation type. */
export const rotationChild = qrCodeChild.extend({
  file_name: z.string(),
  qr_code_name: z.string(),
  rotation_type: RotationType.schema,
});
export type RotationChild = z.infer<typeof rotationChild>;

export const rotationAdd = defineCall({
  path: 'rotation/add',
  summary: 'Add a target URL to one of the caller\'s QR codes (at most 50 per code, 409 beyond).',
  access: permission('rotation', 'add'),
  request: z.strictObject({
    qr_code_id: id,
    url: targetUrlRule,
    visit_threshold: z.int().min(1).max(1_000_000).optional().describe('defaults to the QR code visit_threshold'),
    sort: z.int().min(0).max(1_000_000).optional().describe('defaults to after the last child'),
  }),
  response: rotationChild,
});

export const rotationUpdate = defineCall({
  path: 'rotation/update',
  summary: 'Change a target URL, its threshold or its place; a lowered threshold also caps what is left of the turn.',
  access: permission('rotation', 'update'),
  request: z.strictObject({
    id,
    url: targetUrlRule.optional(),
    visit_threshold: z.int().min(1).max(1_000_000).optional(),
    sort: z.int().min(0).max(1_000_000).optional(),
  }),
  response: rotationChild,
});

export const rotationRemove = defineCall({
  path: 'rotation/remove',
  summary: 'Delete target URLs; a QR code keeps at least one (409 errors.last_child, nothing deleted).',
  access: permission('rotation', 'remove'),
  request: z.strictObject({ ids: idList }),
  response: z.object({ removed: z.int().min(0) }),
});

export const rotationInquire = defineCall({
  path: 'rotation/inquire',
  summary: 'List target URLs of the caller\'s live QR codes (administrators: all), in rotation order per code.',
  access: permission('rotation'),
  request: listRequest({ qr_code_id: id.optional(), file_name: z.string().max(64).optional(), rotation_type: RotationType.schema.optional() }),
  response: pageOf(rotationChild),
});

/** An administrator-kept label for a rotation type, offered in the QR code forms. */
export const rotationTypeEntry = z.object({
  id,
  rotation_type: RotationType.schema,
  name: z.string(),
  remark: z.string(),
  show_status: ShowStatus.schema,
  sort: z.int(),
  create_time: dateTime,
});
export type RotationTypeEntry = z.infer<typeof rotationTypeEntry>;

export const rotationTypeAdd = defineCall({
  path: 'rotation_type/add',
  summary: 'Add a rotation type entry (name unique, 409).',
  access: permission('rotation_type', 'add'),
  request: z.strictObject({
    rotation_type: RotationType.schema,
    name: z.string().trim().min(1, 'validation.name_required').max(64),
    remark: z.string().max(512).default(''),
    show_status: ShowStatus.schema.default(1),
    sort: z.int().min(0).max(1_000_000).default(0),
  }),
  response: rotationTypeEntry,
});

export const rotationTypeUpdate = defineCall({
  path: 'rotation_type/update',
  summary: 'Change a rotation type entry; only fields sent change.',
  access: permission('rotation_type', 'update'),
  request: z.strictObject({
    id,
    rotation_type: RotationType.schema.optional(),
    name: z.string().trim().min(1, 'validation.name_required').max(64).optional(),
    remark: z.string().max(512).optional(),
    show_status: ShowStatus.schema.optional(),
    sort: z.int().min(0).max(1_000_000).optional(),
  }),
  response: rotationTypeEntry,
});

export const rotationTypeRemove = defineCall({
  path: 'rotation_type/remove',
  summary: 'Delete rotation type entries (labels only; QR codes keep their numeric rotation type).',
  access: permission('rotation_type', 'remove'),
  request: z.strictObject({ ids: idList }),
  response: z.object({ removed: z.int().min(0) }),
});

export const rotationTypeInquire = defineCall({
  path: 'rotation_type/inquire',
  summary: 'List rotation type entries (any user: the QR code forms read the shown ones), larger sort first.',
  access: ANY_USER,
  request: listRequest({ show_status: ShowStatus.schema.optional(), rotation_type: RotationType.schema.optional() }),
  response: pageOf(rotationTypeEntry),
});

/** A short code pointing at a QR code, made by one of the short-code types 1-13. */
export const shortCode = z.object({
  id,
  user_id: id,
  account: z.string(),
  qr_code_id: id,
  file_name: z.string(),
  /** The short code; `GET /s/{code}` redirects to the QR code's visit URL. */
  code: z.string(),
  short_code_type: ShortCodeType.schema,
  url_key_platform_id: id.nullable(),
  /** `/s/{code}` for self-operated types; the platform's URL plus code otherwise. */
  short_url: z.string(),
  remark: z.string(),
  create_time: dateTime,
});
export type ShortCode = z.infer<typeof shortCode>;

const shortCodeRule = z.string().trim().regex(/^[A-Za-z0-9]{4,16}$/, 'validation.short_code_charset');

export const shortCodeAdd = defineCall({
  path: 'short_code/add',
  summary: 'Make a short code for one of the caller\'s QR codes; code generated (6 characters) when omitted, unique (409).',
  access: permission('short_code', 'add'),
  membership: true,
  request: z.strictObject({
    qr_code_id: id,
    code: shortCodeRule.optional(),
    short_code_type: ShortCodeType.schema.default(3),
    url_key_platform_id: id.nullable().default(null),
    remark: z.string().max(512).default(''),
  }),
  response: shortCode,
});

export const shortCodeUpdate = defineCall({
  path: 'short_code/update',
  summary: 'Change a short code\'s type, platform or remark.',
  access: permission('short_code', 'update'),
  request: z.strictObject({
    id,
    short_code_type: ShortCodeType.schema.optional(),
    url_key_platform_id: id.nullable().optional(),
    remark: z.string().max(512).optional(),
  }),
  response: shortCode,
});

export const shortCodeRemove = defineCall({
  path: 'short_code/remove',
  summary: 'Delete short codes (all or none).',
  access: permission('short_code', 'remove'),
  request: z.strictObject({ ids: idList }),
  response: z.object({ removed: z.int().min(0) }),
});

export const shortCodeInquire = defineCall({
  path: 'short_code/inquire',
  summary: 'List short codes (own; administrators all).',
  access: permission('short_code'),
  request: listRequest({
    qr_code_id: id.optional(),
    code: z.string().max(16).optional(),
    short_code_type: ShortCodeType.schema.optional(),
  }),
  response: pageOf(shortCode),
});

export const rotationCalls = [
  rotationAdd,
  rotationUpdate,
  rotationRemove,
  rotationInquire,
  rotationTypeAdd,
  rotationTypeUpdate,
  rotationTypeRemove,
  rotationTypeInquire,
  shortCodeAdd,
  shortCodeUpdate,
  shortCodeRemove,
  shortCodeInquire,
] as const;
