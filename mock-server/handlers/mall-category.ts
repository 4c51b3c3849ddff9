import type { Database } from 'better-sqlite3';
import {
  mallCategoryAdd, mallCategoryInquire, mallCategoryList, mallCategoryRemove, mallCategoryUpdate,
} from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { badRequest, conflict } from '../http/errors.ts';
import {
  CATEGORY_JOINS, CATEGORY_SELECT, checkTitles, inLanguage, presentTitles, requireLanguage, writeTitles, type StoredCategory,
} from '../mall/category-titles.ts';
import { defineResource } from '../resources/define.ts';

/**
 * A shared catalogue (no owner): the public view and the editor read one table in one order, larger sort
 * first; titles per language come from `mall_category_titles` (migration 023).
 */
const table = {
  table: 'mall_categories',
  alias: 'c',
  select: CATEGORY_SELECT,
  joins: CATEGORY_JOINS,
  orderBy: 'c.sort DESC, c.id',
  present: (rows: StoredCategory[]) => presentTitles(rows),
} as const;

/** The storefront's view (spec §7: show_status 1). */
const shown = defineResource({ ...table, calls: { inquire: mallCategoryInquire }, filters: { show_status: 'eq' } });

/**
 * A new parent must exist, and moving `id` under it must not close a loop: walk up from the parent to the
 * root; meeting `id` on the way means the parent is the node itself or one of its descendants.
 */
function checkParent(db: Database, parentId: number | undefined, id?: number): void {
  if (!parentId) return;
  const parentOf = db.prepare<[number], { parent_id: number }>('SELECT parent_id FROM mall_categories WHERE id = ?');
  if (!parentOf.get(parentId)) throw badRequest('errors.category_parent_unknown', { field: 'parent_id' });
  // The depth bound only guards against a loop already in the table (none can be written through here).
  for (let at = parentId, depth = 0; at !== 0 && depth < 10_000; depth++) {
    if (at === id) throw badRequest('errors.category_cycle', { field: 'parent_id' });
    at = parentOf.get(at)?.parent_id ?? 0;
  }
}

/** The tree editor: every node whatever its show status; moves never make a loop, removal spares no child and no product's category. */
const editor = defineResource({
  ...table,
  calls: { inquire: mallCategoryList, add: mallCategoryAdd, update: mallCategoryUpdate, remove: mallCategoryRemove },
  created: 'create_time',
  notColumns: ['titles'],
  rules: {
    add: ({ body, services }) => {
      checkParent(services.db, body.parent_id);
      return { values: checkTitles(services.db, body.titles) };
    },
    added: ({ body, services }, id) => writeTitles(services.db, id, body.titles),
    update: ({ body, services }, { id }) => {
      checkParent(services.db, body.parent_id, id);
      if (!body.titles) return {};
      const values = checkTitles(services.db, body.titles);
      writeTitles(services.db, id, body.titles);
      return values;
    },
    // Runs after the deletes, inside the transaction: a child left behind refuses the whole removal.
    remove: ({ services }, rows) => {
      const orphan = services.db.prepare('SELECT 1 FROM mall_categories WHERE parent_id = ? LIMIT 1');
      if (rows.some((r) => orphan.get(r.id))) throw conflict('errors.category_has_children');
      const used = services.db.prepare('SELECT 1 FROM mall_products WHERE category_id = ? LIMIT 1');
      if (rows.some((r) => used.get(r.id))) throw conflict('errors.category_has_products');
    },
  },
});

export const mallCategoryHandlers = defineHandlers({
  ...shown.handlers,
  ...editor.handlers,
  'mall_category/inquire': ({ body, services }) => {
    const { language, ...rest } = body;
    if (language !== undefined) requireLanguage(services.db, language, 'language');
    const page = shown.list(services.db, rest, null);
    return { ...page, content: page.content.map((c) => inLanguage(c, language)) };
  },
});
