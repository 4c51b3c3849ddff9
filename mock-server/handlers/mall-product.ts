import type { Database } from 'better-sqlite3';
import {
  mallProductAdd, mallProductInquire, mallProductList, mallProductRemove, mallProductUpdate, type MallProduct,
} from '../../contracts/index.ts';
import { badRequest } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';
import type { Value } from '../resources/engine.ts';
import { requireKnownImages } from '../uploads/known-image.ts';
import { requireLanguage } from '../mall/category-titles.ts';

/** List fields kept as JSON text (migration 016); written whole by the rules, parsed by `present`. */
const JSON_FIELDS = ['cover_images', 'detail_images', 'models', 'attributes'] as const;
type Flag = 'home_recommend' | 'ranking_recommend';
type Stored = Omit<MallProduct, (typeof JSON_FIELDS)[number] | Flag | 'category_titles'> &
  Record<(typeof JSON_FIELDS)[number] | 'category_titles', string> &
  Record<Flag, number>;

const present = (rows: Stored[]): MallProduct[] =>
  rows.map((r) => ({
    ...r,
    cover_images: JSON.parse(r.cover_images) as string[],
    detail_images: JSON.parse(r.detail_images) as string[],
    models: JSON.parse(r.models) as string[],
    attributes: JSON.parse(r.attributes) as MallProduct['attributes'],
    category_titles: JSON.parse(r.category_titles) as MallProduct['category_titles'],
    home_recommend: r.home_recommend === 1,
    ranking_recommend: r.ranking_recommend === 1,
  }));

/** The checks every write shares: category and brand exist, images were uploaded here, list fields as JSON. */
function checked(db: Database, body: Partial<Record<string, unknown>>): Record<string, Value> {
  if (body.category_id !== undefined && !db.prepare('SELECT 1 FROM mall_categories WHERE id = ?').get(body.category_id))
    throw badRequest('errors.category_unknown', { field: 'category_id' });
  if (body.brand_id && !db.prepare('SELECT 1 FROM mall_brands WHERE id = ?').get(body.brand_id))
    throw badRequest('errors.brand_unknown', { field: 'brand_id' });
  requireKnownImages(db, 'cover_images', body.cover_images as string[] | undefined);
  requireKnownImages(db, 'detail_images', body.detail_images as string[] | undefined);
  return Object.fromEntries(JSON_FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, JSON.stringify(body[f])]));
}

/** A category and every category under it (the filter "by category" takes the subtree). */
function subtree(db: Database, root: number): number[] {
  const rows = db
    .prepare<[number], { id: number }>(
      `WITH RECURSIVE t(id) AS (SELECT id FROM mall_categories WHERE id = ?
         UNION SELECT c.id FROM mall_categories c JOIN t ON c.parent_id = t.id) SELECT id FROM t LIMIT 10000`,
    )
    .all(root);
  return rows.length ? rows.map((r) => r.id) : [root];
}

const table = {
  table: 'mall_products',
  alias: 'p',
  // The category's title: the default language's (migration 023), else the row's own; and all of them.
  select: `p.*, COALESCE(d.title, c.title) AS category_title, b.name AS brand_name,
    (SELECT json_group_array(json_object('language', x.language, 'title', x.title))
       FROM (SELECT language, title FROM mall_category_titles WHERE category_id = p.category_id ORDER BY id) x) AS category_titles`,
  joins: `JOIN mall_categories c ON c.id = p.category_id LEFT JOIN mall_brands b ON b.id = p.brand_id
    LEFT JOIN mall_category_titles d ON d.category_id = c.id
      AND d.language = (SELECT code FROM languages WHERE default_language = 2 ORDER BY id LIMIT 1)`,
  orderBy: 'p.id DESC',
  present: (rows: Stored[]) => present(rows),
  filters: {
    title: 'like',
    category_id: { op: 'in' },
    brand_id: 'eq',
    home_recommend: 'eq',
    ranking_recommend: 'eq',
  },
} as const;

/** The storefront: shown products of shown categories. */
const shown = defineResource({ ...table, calls: { inquire: mallProductInquire }, where: 'p.show_status = 1 AND c.show_status = 1' });

const editor = defineResource({
  ...table,
  calls: { inquire: mallProductList, add: mallProductAdd, update: mallProductUpdate, remove: mallProductRemove },
  filters: { ...table.filters, show_status: 'eq' },
  created: 'create_time',
  notColumns: JSON_FIELDS,
  rules: {
    add: ({ body, services }) => ({ values: checked(services.db, body) }),
    update: ({ body, services }, found) => {
      // Half of the pair may come alone: compare with the stored other half.
      const price = body.price_micro ?? found.row.price_micro;
      if ((body.lowest_price_micro ?? found.row.lowest_price_micro) > price)
        throw badRequest('validation.lowest_price_above_price', { field: 'lowest_price_micro' });
      return checked(services.db, body);
    },
  },
});

/** `category_id` filters by the subtree; the engine's `in` filter takes the list. */
const bySubtree = <B extends { category_id?: number }>(db: Database, body: B) =>
  (body.category_id === undefined ? body : { ...body, category_id: subtree(db, body.category_id) }) as never;

export const mallProductHandlers = defineHandlers({
  ...shown.handlers,
  ...editor.handlers,
  'mall_product/list': ({ body, services, user }) => editor.list(services.db, bySubtree(services.db, body), user),
  'mall_product/inquire': ({ body, services, user }) => {
    const { language, ...rest } = body;
    if (language !== undefined) requireLanguage(services.db, language, 'language');
    const page = shown.list(services.db, bySubtree(services.db, rest), user);
    const titleIn = (p: MallProduct) => p.category_titles.find((t) => t.language === language)?.title;
    return { ...page, content: page.content.map((p) => ({ ...p, category_title: titleIn(p) ?? p.category_title })) };
  },
});
