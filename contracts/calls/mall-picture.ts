import { z } from 'zod';
import { permission, PUBLIC } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, noData, pageOf } from '../envelope.ts';
import { defineEnum } from '../enum.ts';
import { PictureJumpType, ShowStatus } from '../enums.ts';
import { imageUrlOrEmpty } from '../image-url.ts';

/** Which list an item belongs to: the picture list (`image_configs`) or the picture-text list. */
export const PictureKind = defineEnum('picture_kind', { picture: 1, picture_text: 2 });

/** A picture type (spec: "picture types"; fields ours): name, sort, show status. */
export const pictureType = z.object({ id, name: z.string(), sort: z.int(), show_status: ShowStatus.schema, create_time: dateTime });
export type PictureType = z.infer<typeof pictureType>;

/** A picture or picture-text item (spec §3). `click_count` is answered, never written by the console. */
export const picture = z.object({
  id,
  kind: PictureKind.schema,
  type_id: z.int().min(0),
  type_name: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  jump_address: z.string(),
  jump_type: PictureJumpType.schema,
  jump_custom: z.string(),
  sort: z.int(),
  remarks: z.string(),
  click_count: z.int().min(0),
  show_status: ShowStatus.schema,
  create_time: dateTime,
});
export type Picture = z.infer<typeof picture>;

/** Where a click goes: a console path (`/…`, not `//…`) or an http(s) address; '' = nowhere. Never `javascript:`. */
const jumpAddress = z
  .string()
  .trim()
  .max(512)
  .refine((s) => s === '' || (/^\/(?!\/)\S*$/.test(s) || /^https?:\/\/[^\s<>"'`\\]+$/i.test(s)), 'validation.jump_address');

const fields = {
  type_id: z.int().min(0).max(2 ** 31 - 1),
  title: z.string().trim().min(1, 'validation.title_required').max(128),
  description: z.string().trim().max(1000),
  image: imageUrlOrEmpty,
  jump_address: jumpAddress,
  jump_type: PictureJumpType.schema,
  /** The free value of a custom jump type (4); ignored for the others. */
  jump_custom: z.string().trim().max(255),
  sort: z.int().min(0).max(1_000_000),
  remarks: z.string().trim().max(255),
  show_status: ShowStatus.schema,
};
const customNeedsValue = (b: { jump_type?: number; jump_custom?: string }) => b.jump_type !== PictureJumpType.values.custom || !!b.jump_custom;
const customIssue = { message: 'validation.jump_custom_required', path: ['jump_custom'] };

export const pictureTypeList = defineCall({
  path: 'picture_type/list',
  summary: 'Every picture type (larger `sort` first).',
  access: permission('picture_type_list'),
  request: listRequest({ name: z.string().trim().max(64).optional() }),
  response: pageOf(pictureType),
});
const typeFields = { name: z.string().trim().min(1, 'validation.name_required').max(64), sort: fields.sort, show_status: fields.show_status };
export const pictureTypeAdd = defineCall({
  path: 'picture_type/add',
  summary: 'Add a picture type; names are unique (409).',
  access: permission('picture_type_list', 'add'),
  request: z.strictObject({ ...typeFields, sort: typeFields.sort.default(0), show_status: typeFields.show_status.default(1) }),
  response: pictureType,
});
export const pictureTypeUpdate = defineCall({
  path: 'picture_type/update',
  summary: 'Change a picture type; only the fields sent change.',
  access: permission('picture_type_list', 'update'),
  request: z.strictObject({ id, name: typeFields.name.optional(), sort: typeFields.sort.optional(), show_status: typeFields.show_status.optional() }),
  response: pictureType,
});
export const pictureTypeRemove = defineCall({
  path: 'picture_type/remove',
  summary: 'Delete picture types, all or none; refused (409) while an item uses one.',
  access: permission('picture_type_list', 'remove'),
  request: z.strictObject({ ids: z.array(id).min(1).max(500) }),
  response: noData,
});

/** Both lists share the calls; `kind` says which (each screen fixes it). Permission: the picture list's. */
export const pictureList = defineCall({
  path: 'picture/list',
  summary: 'Picture or picture-text items of `kind`, larger `sort` first; filters title, type, show status.',
  access: permission('image_configs'),
  request: listRequest({
    kind: PictureKind.schema,
    title: z.string().trim().max(128).optional(),
    type_id: z.int().min(0).max(2 ** 31 - 1).optional(),
    show_status: ShowStatus.schema.optional(),
  }),
  response: pageOf(picture),
});
export const pictureInquire = defineCall({
  path: 'picture/inquire',
  summary: 'Storefront / home page: shown items of `kind` (and of `type_id`), larger `sort` first.',
  access: PUBLIC,
  request: listRequest({ kind: PictureKind.schema, type_id: z.int().min(0).max(2 ** 31 - 1).optional() }),
  response: pageOf(picture),
});
export const pictureAdd = defineCall({
  path: 'picture/add',
  summary: 'Add an item; a custom jump type needs its value; the image comes from `file/add` or http(s).',
  access: permission('image_configs', 'add'),
  request: z
    .strictObject({
      kind: PictureKind.schema,
      ...fields,
      type_id: fields.type_id.default(0),
      description: fields.description.default(''),
      image: fields.image.default(''),
      jump_address: fields.jump_address.default(''),
      jump_type: fields.jump_type.default(1),
      jump_custom: fields.jump_custom.default(''),
      sort: fields.sort.default(0),
      remarks: fields.remarks.default(''),
      show_status: fields.show_status.default(1),
    })
    .refine(customNeedsValue, customIssue),
  response: picture,
});
export const pictureUpdate = defineCall({
  path: 'picture/update',
  summary: 'Change an item; only the fields sent change (a custom jump type keeps needing a value).',
  access: permission('image_configs', 'update'),
  request: z.strictObject({ id, ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) } as {
    id: typeof id;
  } & { [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]> }),
  response: picture,
});
export const pictureRemove = defineCall({
  path: 'picture/remove',
  summary: 'Delete items for good, all or none.',
  access: permission('image_configs', 'remove'),
  request: z.strictObject({ ids: z.array(id).min(1).max(500) }),
  response: noData,
});

export const pictureCalls = [
  pictureTypeList, pictureTypeAdd, pictureTypeUpdate, pictureTypeRemove,
  pictureList, pictureInquire, pictureAdd, pictureUpdate, pictureRemove,
] as const;
