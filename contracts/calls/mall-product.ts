import { z } from 'zod';
import { permission, PUBLIC } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, noData, pageOf } from '../envelope.ts';
import { ShowStatus } from '../enums.ts';
import { imageUrl } from '../image-url.ts';
import { microAmount } from '../money.ts';
import { categoryTitle } from './system.ts';

/** One attribute of a product (spec §3: name, value). */
export const productAttribute = z.strictObject({
  name: z.string().trim().min(1, 'validation.name_required').max(32),
  value: z.string().trim().max(128),
});

/** A product (spec §3). Prices are micro-units (contracts/money.ts); `purchase_count` is never written by the console. */
export const mallProduct = z.object({
  id,
  title: z.string(),
  source: z.string(),
  category_id: id,
  /** The category's title in the default language (storefront `language`: in that language when it has one). */
  category_title: z.string(),
  /** Every title of the category, one per language (a console shows its own language's). */
  category_titles: z.array(categoryTitle),
  /** 0 = no brand. */
  brand_id: z.int().min(0),
  brand_name: z.string().nullable(),
  price_micro: microAmount,
  lowest_price_micro: microAmount,
  stock: z.int().min(0),
  purchase_count: z.int().min(0),
  cover_images: z.array(z.string()),
  detail_images: z.array(z.string()),
  models: z.array(z.string()),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
  home_recommend: z.boolean(),
  ranking_recommend: z.boolean(),
  show_status: ShowStatus.schema,
  create_time: dateTime,
});
export type MallProduct = z.infer<typeof mallProduct>;

export const PRODUCT_COVER_MAX = 9;
export const PRODUCT_DETAIL_MAX = 30;

const fields = {
  title: z.string().trim().min(1, 'validation.title_required').max(128),
  source: z.string().trim().max(128),
  // The example names a category (read, never changed) so that the add example adds its own product.
  category_id: id.meta({ examples: [1] }),
  brand_id: z.int().min(0).max(2 ** 31 - 1),
  price_micro: microAmount,
  lowest_price_micro: microAmount,
  stock: z.int().min(0).max(1_000_000_000),
  /** In display order: the first cover is the product's picture in lists. */
  cover_images: z.array(imageUrl).max(PRODUCT_COVER_MAX),
  detail_images: z.array(imageUrl).max(PRODUCT_DETAIL_MAX),
  models: z.array(z.string().trim().min(1).max(64)).max(50),
  attributes: z.array(productAttribute).max(50),
  home_recommend: z.boolean(),
  ranking_recommend: z.boolean(),
  show_status: ShowStatus.schema,
};

/** Filters a list offers; `category_id` includes the category's descendants. */
const filters = {
  title: z.string().trim().max(128).optional(),
  category_id: id.optional(),
  brand_id: z.int().min(0).max(2 ** 31 - 1).optional(),
  home_recommend: z.boolean().optional(),
  ranking_recommend: z.boolean().optional(),
};

export const mallProductList = defineCall({
  path: 'mall_product/list',
  summary: 'Every product whatever its show status, newest first; filters title, category (with its subcategories), brand, recommend switches, show status.',
  access: permission('mall_product_list'),
  request: listRequest({ ...filters, show_status: ShowStatus.schema.optional() }),
  response: pageOf(mallProduct),
});

export const mallProductInquire = defineCall({
  path: 'mall_product/inquire',
  summary:
    'Storefront: shown products (show_status 1) of shown categories; same filters as the console list; `category_title` in `language` (unknown: 400), else the default language.',
  access: PUBLIC,
  request: listRequest({ ...filters, language: z.string().trim().min(1).max(16).optional() }),
  response: pageOf(mallProduct),
});

const lowestNotAbovePrice = (b: { price_micro?: number; lowest_price_micro?: number }) =>
  b.price_micro === undefined || b.lowest_price_micro === undefined || b.lowest_price_micro <= b.price_micro;
const lowestIssue = { message: 'validation.lowest_price_above_price', path: ['lowest_price_micro'] };

export const mallProductAdd = defineCall({
  path: 'mall_product/add',
  summary: 'Add a product; lowest price ≤ price, images from `file/add` or http(s), the category must exist.',
  access: permission('mall_product_list', 'add'),
  request: z
    .strictObject({
      ...fields,
      source: fields.source.default(''),
      brand_id: fields.brand_id.default(0),
      stock: fields.stock.default(0),
      cover_images: fields.cover_images.default([]),
      detail_images: fields.detail_images.default([]),
      models: fields.models.default([]),
      attributes: fields.attributes.default([]),
      home_recommend: fields.home_recommend.default(false),
      ranking_recommend: fields.ranking_recommend.default(false),
      show_status: fields.show_status.default(1),
    })
    .refine(lowestNotAbovePrice, lowestIssue),
  response: mallProduct,
});

export const mallProductUpdate = defineCall({
  path: 'mall_product/update',
  summary: 'Change a product; only the fields sent change (lowest price ≤ price is checked against the stored one too).',
  access: permission('mall_product_list', 'update'),
  request: z
    .strictObject({ id, ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) } as {
      id: typeof id;
    } & { [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]> })
    .refine(lowestNotAbovePrice, lowestIssue),
  response: mallProduct,
});

export const mallProductRemove = defineCall({
  path: 'mall_product/remove',
  summary: 'Delete products for good, all or none.',
  access: permission('mall_product_list', 'remove'),
  request: z.strictObject({ ids: z.array(id).min(1).max(500) }),
  response: noData,
});

export const mallProductCalls = [mallProductList, mallProductInquire, mallProductAdd, mallProductUpdate, mallProductRemove] as const;
