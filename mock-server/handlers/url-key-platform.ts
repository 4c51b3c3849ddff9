import { urlKeyPlatform, urlKeyPlatformAdd, urlKeyPlatformInquire, urlKeyPlatformRemove, urlKeyPlatformUpdate } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';

const DATA_ONLY_MAX = 1000;

/** A shared catalogue (no owner): the calls' permissions guard it. */
const platforms = defineResource({
  calls: { add: urlKeyPlatformAdd, inquire: urlKeyPlatformInquire, update: urlKeyPlatformUpdate, remove: urlKeyPlatformRemove },
  row: urlKeyPlatform,
  table: 'url_key_platforms',
  alias: 'p',
  filters: { name: 'like', show_status: 'eq' },
  orderBy: 'p.sort DESC, p.id DESC',
  created: 'create_time',
});

export const urlKeyPlatformHandlers = defineHandlers({
  ...platforms.handlers,
  // The start-up list (data_only) is every matching row in one page.
  'url_key_platform/inquire': ({ body, services, user }) =>
    platforms.list(services.db, body.data_only === 1 ? { ...body, page: 1, page_size: DATA_ONLY_MAX } : body, user),
});
