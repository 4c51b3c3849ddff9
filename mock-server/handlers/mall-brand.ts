import {
  mallBrand, mallBrandAdd, mallBrandInquire, mallBrandList, mallBrandRemove, mallBrandUpdate,
} from '../../contracts/index.ts';
import { conflict } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';
import { requireKnownImages } from '../uploads/known-image.ts';

/** A shared catalogue (no owner), larger sort first (§9); the storefront sees shown brands only. */
const table = { row: mallBrand, table: 'mall_brands', alias: 'b', orderBy: 'b.sort DESC, b.id' } as const;

const shown = defineResource({ ...table, calls: { inquire: mallBrandInquire }, where: 'b.show_status = 1' });

const editor = defineResource({
  ...table,
  calls: { inquire: mallBrandList, add: mallBrandAdd, update: mallBrandUpdate, remove: mallBrandRemove },
  filters: { name: 'like', show_status: 'eq' },
  unique: [{ column: 'name' }],
  created: 'create_time',
  rules: {
    add: ({ body, services }) => requireKnownImages(services.db, 'logo', [body.logo]),
    update: ({ body, services }) => requireKnownImages(services.db, 'logo', body.logo ? [body.logo] : []),
    // After the deletes, in the transaction: a product still naming a brand refuses the whole removal.
    remove: ({ services }, rows) => {
      const used = services.db.prepare('SELECT 1 FROM mall_products WHERE brand_id = ? LIMIT 1');
      if (rows.some((r) => used.get(r.id))) throw conflict('errors.brand_has_products');
    },
  },
});

export const mallBrandHandlers = defineHandlers({ ...shown.handlers, ...editor.handlers });
