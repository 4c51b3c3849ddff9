import { HOME_PAGE_CONFIG_DEFAULT, JS_CONFIG_DEFAULT } from '../../contracts/index.ts';
import { badRequest } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';

/** Home page and visit-page script settings: one JSON row each, the defaults until first saved. */
export const siteConfigHandlers = defineHandlers({
  'home_page_config/inquire': ({ services }) => services.settings.get('home_page_config') ?? HOME_PAGE_CONFIG_DEFAULT,
  'home_page_config/update': ({ body, services }) =>
    services.db.transaction(() => {
      if (body.banner_type_id && !services.db.prepare('SELECT 1 FROM picture_types WHERE id = ?').get(body.banner_type_id))
        throw badRequest('errors.picture_type_unknown', { field: 'banner_type_id' });
      const next = { ...(services.settings.get('home_page_config') ?? HOME_PAGE_CONFIG_DEFAULT), ...body };
      services.settings.set('home_page_config', next);
      return next;
    })(),
  'js_config/inquire': ({ services }) => services.settings.get('js_config') ?? JS_CONFIG_DEFAULT,
  'js_config/update': ({ body, services }) => {
    const next = { ...(services.settings.get('js_config') ?? JS_CONFIG_DEFAULT), ...body };
    services.settings.set('js_config', next);
    return next;
  },
});
