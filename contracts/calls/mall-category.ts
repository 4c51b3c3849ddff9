import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { id, listRequest, noData, pageOf } from '../envelope.ts';
import { ShowStatus } from '../enums.ts';
import { mallCategory } from './system.ts';

/** A category's title in one language of the language list (spec §3: language, title). */
export const categoryTitleInput = z.strictObject({
  language: z.string().trim().min(1).max(16).meta({ examples: ['zh-CN'] }),
  title: z.string().trim().min(1, 'validation.title_required').max(64),
});

/**
 * Editable fields of a category (spec §3: parent, icon, show status, language + title; plus sort). Titles: one
 * per language, each language once; the server also wants the default language's and known languages only.
 */
const fields = {
  /** 0 = a top-level category. */
  parent_id: z.int().min(0).max(2_147_483_647),
  titles: z
    .array(categoryTitleInput)
    .min(1)
    .max(50)
    .refine((list) => new Set(list.map((t) => t.language)).size === list.length, 'validation.title_language_twice'),
  icon: z.string().trim().max(255),
  show_status: ShowStatus.schema,
  /** Larger first among siblings. */
  sort: z.int().min(0).max(1_000_000),
};

export const mallCategoryList = defineCall({
  path: 'mall_category/list',
  summary: 'Every category whatever its show status, for the tree editor (sorted larger `sort` first).',
  access: permission('mall_category_list'),
  request: listRequest({}),
  response: pageOf(mallCategory),
});

export const mallCategoryAdd = defineCall({
  path: 'mall_category/add',
  summary: 'Add a category under `parent_id` (0 = top level) with its titles (the default language\'s required).',
  access: permission('mall_category_list', 'add'),
  request: z.strictObject({
    ...fields,
    parent_id: fields.parent_id.default(0),
    icon: fields.icon.default(''),
    show_status: fields.show_status.default(1),
    sort: fields.sort.default(0),
  }),
  response: mallCategory,
});

export const mallCategoryUpdate = defineCall({
  path: 'mall_category/update',
  summary:
    'Change a category; a new `parent_id` moves it (never under itself or a descendant). Only the fields sent change.',
  access: permission('mall_category_list', 'update'),
  request: z.strictObject({
    id,
    parent_id: fields.parent_id.optional(),
    titles: fields.titles.optional(),
    icon: fields.icon.optional(),
    show_status: fields.show_status.optional(),
    sort: fields.sort.optional(),
  }),
  response: mallCategory,
});

export const mallCategoryRemove = defineCall({
  path: 'mall_category/remove',
  summary: 'Delete categories for good, all or none; refused (409) while one has subcategories not removed with it.',
  access: permission('mall_category_list', 'remove'),
  request: z.strictObject({ ids: z.array(id).min(1).max(500) }),
  response: noData,
});

export const mallCategoryCalls = [
  mallCategoryList,
  mallCategoryAdd,
  mallCategoryUpdate,
  mallCategoryRemove,
] as const;
