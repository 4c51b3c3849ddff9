import { z } from 'zod';
import { permission, PUBLIC } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, noData, pageOf } from '../envelope.ts';
import { ShowStatus } from '../enums.ts';
import { imageUrlOrEmpty } from '../image-url.ts';

/** A brand (spec §3 shows no fields: name, logo, sort, show status are ours). Larger sort first (§9). */
export const mallBrand = z.object({
  id,
  name: z.string(),
  logo: z.string(),
  sort: z.int(),
  show_status: ShowStatus.schema,
  create_time: dateTime,
});
export type MallBrand = z.infer<typeof mallBrand>;

const fields = {
  name: z.string().trim().min(1, 'validation.name_required').max(64),
  /** From `file/add` or http(s); '' = no logo. */
  logo: imageUrlOrEmpty,
  sort: z.int().min(0).max(1_000_000),
  show_status: ShowStatus.schema,
};

export const mallBrandList = defineCall({
  path: 'mall_brand/list',
  summary: 'Every brand whatever its show status (larger `sort` first); filters name (substring), show status.',
  access: permission('mall_brand_list'),
  request: listRequest({ name: z.string().trim().max(64).optional(), show_status: ShowStatus.schema.optional() }),
  response: pageOf(mallBrand),
});

export const mallBrandInquire = defineCall({
  path: 'mall_brand/inquire',
  summary: 'Storefront: shown brands only (show_status 1), larger `sort` first.',
  access: PUBLIC,
  request: listRequest({}),
  response: pageOf(mallBrand),
});

export const mallBrandAdd = defineCall({
  path: 'mall_brand/add',
  summary: 'Add a brand; names are unique (409).',
  access: permission('mall_brand_list', 'add'),
  request: z.strictObject({ ...fields, logo: fields.logo.default(''), sort: fields.sort.default(0), show_status: fields.show_status.default(1) }),
  response: mallBrand,
});

export const mallBrandUpdate = defineCall({
  path: 'mall_brand/update',
  summary: 'Change a brand; only the fields sent change.',
  access: permission('mall_brand_list', 'update'),
  request: z.strictObject({
    id,
    name: fields.name.optional(),
    logo: fields.logo.optional(),
    sort: fields.sort.optional(),
    show_status: fields.show_status.optional(),
  }),
  response: mallBrand,
});

export const mallBrandRemove = defineCall({
  path: 'mall_brand/remove',
  summary: 'Delete brands for good, all or none; refused (409) while a product uses one.',
  access: permission('mall_brand_list', 'remove'),
  request: z.strictObject({ ids: z.array(id).min(1).max(500) }),
  response: noData,
});

export const mallBrandCalls = [mallBrandList, mallBrandInquire, mallBrandAdd, mallBrandUpdate, mallBrandRemove] as const;
