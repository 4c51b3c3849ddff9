import type { Database } from 'better-sqlite3';
import type { MallCategory } from '../../contracts/index.ts';
import { createCrud } from '../db/crud.ts';
import { defineHandlers } from '../http/handler.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Services } from '../services/index.ts';

const categories = (services: Services) =>
  createCrud<MallCategory>(
    services.db,
    {
      table: 'mall_categories',
      writable: ['parent_id', 'title', 'icon', 'language', 'show_status', 'sort'],
      orderBy: 'sort DESC, id',
      createdColumn: 'create_time',
    },
    () => formatDateTime(services.clock.now()),
  );

/**
 * A new parent must exist, and moving `id` under it must not close a loop: walk up from the parent to the
 * root; meeting `id` on the way means the parent is the node itself or one of its descendants.
 */
function checkParent(db: Database, parentId: number, id?: number): void {
  if (parentId === 0) return;
  const parentOf = db.prepare<[number], { parent_id: number }>(
    'SELECT parent_id FROM mall_categories WHERE id = ?',
  );
  if (!parentOf.get(parentId)) throw badRequest('errors.category_parent_unknown', { field: 'parent_id' });
  // The depth bound only guards against a loop already in the table (none can be written through here).
  for (let at = parentId, depth = 0; at !== 0 && depth < 10_000; depth++) {
    if (at === id) throw badRequest('errors.category_cycle', { field: 'parent_id' });
    at = parentOf.get(at)?.parent_id ?? 0;
  }
}

export const mallCategoryHandlers = defineHandlers({
  'mall_category/list': ({ body, services }) => categories(services).list(body),

  'mall_category/add': ({ body, services }) =>
    services.db.transaction(() => {
      checkParent(services.db, body.parent_id);
      return categories(services).insert(body);
    })(),

  'mall_category/update': ({ body: { id, ...rest }, services }) =>
    services.db.transaction(() => {
      const crud = categories(services);
      crud.get(id); // 404 before anything else
      if (rest.parent_id !== undefined) checkParent(services.db, rest.parent_id, id);
      return crud.update(id, rest);
    })(),

  'mall_category/remove': ({ body, services }) => {
    services.db.transaction(() => {
      const crud = categories(services);
      crud.get(body.id);
      if (services.db.prepare('SELECT 1 FROM mall_categories WHERE parent_id = ? LIMIT 1').get(body.id))
        throw conflict('errors.category_has_children');
      crud.remove([body.id]);
    })();
    return null;
  },
});
