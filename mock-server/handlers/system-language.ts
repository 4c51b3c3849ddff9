import { language, languageAdd, languageRemove, languageUpdate } from '../../contracts/index.ts';
import { ApiError } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';

const DEFAULT = 2;
const taken = (field: string, message: string) => new ApiError(409, message, { field });

/** Editing the language list; the one-default rule lives here (reading is system.ts's public inquire). */
const languages = defineResource({
  calls: { add: languageAdd, update: languageUpdate, remove: languageRemove },
  row: language,
  table: 'languages',
  alias: 'l',
  orderBy: 'l.id',
  unique: [{ column: 'code' }],
  rules: {
    add: ({ body, services: { db } }) => {
      if (body.default_language === DEFAULT && db.prepare('SELECT 1 FROM languages WHERE default_language = 2').get()) {
        throw taken('default_language', 'errors.language_default_exists');
      }
    },
    update: ({ body, services: { db } }, found) => {
      if (body.default_language === undefined || body.default_language === found.row.default_language) return;
      if (body.default_language === DEFAULT && db.prepare('SELECT 1 FROM languages WHERE default_language = 2').get()) {
        throw taken('default_language', 'errors.language_default_exists');
      }
      if (found.row.default_language === DEFAULT) throw taken('default_language', 'errors.language_default_required');
    },
    remove: (_ctx, found) => {
      if (found.some((f) => f.row.default_language === DEFAULT)) throw taken('ids', 'errors.language_default_remove');
    },
  },
});

export const languageHandlers = defineHandlers({
  ...languages.handlers,
  'language_list/set_default': ({ body, services: { db } }) => {
    db.transaction(() => {
      languages.get(db, body.id);
      db.prepare('UPDATE languages SET default_language = 1 WHERE default_language = 2 AND id <> ?').run(body.id);
      db.prepare('UPDATE languages SET default_language = 2 WHERE id = ?').run(body.id);
    })();
    return languages.get(db, body.id);
  },
});
