import type { Database } from 'better-sqlite3';
import {
  picture, pictureAdd, pictureInquire, pictureList, pictureRemove, pictureType, pictureTypeAdd, pictureTypeList,
  pictureTypeRemove, pictureTypeUpdate, pictureUpdate, PictureJumpType,
} from '../../contracts/index.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';
import { requireKnownImages } from '../uploads/known-image.ts';

/** Picture types: a shared catalogue, larger sort first; removal refused while an item uses the type. */
const types = defineResource({
  calls: { inquire: pictureTypeList, add: pictureTypeAdd, update: pictureTypeUpdate, remove: pictureTypeRemove },
  row: pictureType,
  table: 'picture_types',
  alias: 't',
  filters: { name: 'like' },
  orderBy: 't.sort DESC, t.id',
  unique: [{ column: 'name' }],
  created: 'create_time',
  rules: {
    remove: ({ services }, rows) => {
      const used = services.db.prepare('SELECT 1 FROM pictures WHERE type_id = ? LIMIT 1');
      if (rows.some((r) => used.get(r.id))) throw conflict('errors.picture_type_in_use');
    },
  },
});

const table = {
  row: picture,
  table: 'pictures',
  alias: 'p',
  select: 'p.*, t.name AS type_name',
  joins: 'LEFT JOIN picture_types t ON t.id = p.type_id',
  orderBy: 'p.sort DESC, p.id DESC',
} as const;

function checked(db: Database, body: { type_id?: number; image?: string }): void {
  if (body.type_id && !db.prepare('SELECT 1 FROM picture_types WHERE id = ?').get(body.type_id))
    throw badRequest('errors.picture_type_unknown', { field: 'type_id' });
  requireKnownImages(db, 'image', body.image ? [body.image] : []);
}

/** Home page and storefront: shown items of a kind. */
const shown = defineResource({ ...table, calls: { inquire: pictureInquire }, where: 'p.show_status = 1', filters: { kind: 'eq', type_id: 'eq' } });

const editor = defineResource({
  ...table,
  calls: { inquire: pictureList, add: pictureAdd, update: pictureUpdate, remove: pictureRemove },
  filters: { kind: 'eq', title: 'like', type_id: 'eq', show_status: 'eq' },
  created: 'create_time',
  rules: {
    add: ({ body, services }) => checked(services.db, body),
    update: ({ body, services }, found) => {
      checked(services.db, body);
      // A custom jump type keeps needing its value, whichever half of the pair the update sends.
      const type = body.jump_type ?? found.row.jump_type;
      const custom = body.jump_custom ?? found.row.jump_custom;
      if (type === PictureJumpType.values.custom && !custom) throw badRequest('validation.jump_custom_required', { field: 'jump_custom' });
    },
  },
});

export const pictureHandlers = defineHandlers({ ...types.handlers, ...shown.handlers, ...editor.handlers });
