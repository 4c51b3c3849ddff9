import { z } from 'zod';
import { ANY_USER, permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, noData, pageOf } from '../envelope.ts';
import { ShortCodeType, ShowStatus } from '../enums.ts';
import { maskedSecret } from '../secret.ts';

/** A short-URL platform the service can generate short codes with (short-code types 4-6 and others). */
export const urlKeyPlatform = z.object({
  id,
  name: z.string(),
  /** '' for non-administrators (they read name, type and shown platforms only). */
  url: z.string(),
  /** The platform's API key is write-only: '' when none is stored, else '******' (sent back: kept). */
  key: maskedSecret,
  short_code_type: ShortCodeType.schema,
  show_status: ShowStatus.schema,
  sort: z.int(),
  remark: z.string(),
  create_time: dateTime,
});
export type UrlKeyPlatform = z.infer<typeof urlKeyPlatform>;

const fields = {
  name: z.string().trim().min(1, 'validation.name_required').max(64),
  url: z.url({ protocol: /^https?$/, error: 'validation.url_invalid' }).max(512),
  key: z.string().max(256),
  short_code_type: ShortCodeType.schema,
  show_status: ShowStatus.schema,
  sort: z.int().min(0).max(1_000_000),
  remark: z.string().max(512),
};

export const urlKeyPlatformAdd = defineCall({
  path: 'url_key_platform/add',
  summary: 'Add a short-URL platform.',
  access: permission('url_key_platform', 'add'),
  request: z.strictObject({
    ...fields,
    key: fields.key.default(''),
    show_status: fields.show_status.default(1),
    sort: fields.sort.default(0),
    remark: fields.remark.default(''),
  }),
  response: urlKeyPlatform,
});

export const urlKeyPlatformInquire = defineCall({
  path: 'url_key_platform/inquire',
  summary:
    'List platforms; with data_only every matching row comes back in one page (start-up list). The key is masked; ' +
    'a non-administrator gets only shown platforms, without url and remark.',
  access: ANY_USER,
  request: listRequest({
    data_only: z.literal([0, 1]).describe('0 = paged as usual, 1 = every matching row in one page').optional(),
    name: z.string().max(64).optional(),
    show_status: ShowStatus.schema.optional(),
  }),
  response: pageOf(urlKeyPlatform),
});

export const urlKeyPlatformUpdate = defineCall({
  path: 'url_key_platform/update',
  summary: 'Change a platform; only the fields sent change.',
  access: permission('url_key_platform', 'update'),
  request: z.strictObject({
    id,
    name: fields.name.optional(),
    url: fields.url.optional(),
    key: fields.key.optional(),
    short_code_type: fields.short_code_type.optional(),
    show_status: fields.show_status.optional(),
    sort: fields.sort.optional(),
    remark: fields.remark.optional(),
  }),
  response: urlKeyPlatform,
});

export const urlKeyPlatformRemove = defineCall({
  path: 'url_key_platform/remove',
  summary: 'Delete platforms by id (permanent).',
  access: permission('url_key_platform', 'remove'),
  request: z.strictObject({ ids: z.array(id).min(1).max(500) }),
  response: noData,
});

export const urlKeyPlatformCalls = [
  urlKeyPlatformAdd,
  urlKeyPlatformInquire,
  urlKeyPlatformUpdate,
  urlKeyPlatformRemove,
] as const;
