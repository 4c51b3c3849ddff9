import type { UrlKeyPlatform } from '../../contracts/index.ts';
import { createCrud } from '../db/crud.ts';
import { defineHandlers } from '../http/handler.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Services } from '../services/index.ts';

const DATA_ONLY_MAX = 1000;

const platforms = (services: Services) =>
  createCrud<UrlKeyPlatform>(
    services.db,
    {
      table: 'url_key_platforms',
      writable: ['name', 'url', 'key', 'short_code_type', 'show_status', 'sort', 'remark'],
      filters: { name: 'like', show_status: 'eq' },
      orderBy: 'sort DESC, id DESC',
      createdColumn: 'create_time',
    },
    () => formatDateTime(services.clock.now()),
  );

export const urlKeyPlatformHandlers = defineHandlers({
  'url_key_platform/add': ({ body, services }) => platforms(services).insert(body),
  'url_key_platform/inquire': ({ body, services }) =>
    platforms(services).list(body.data_only === 1 ? { ...body, page: 1, page_size: DATA_ONLY_MAX } : body),
  'url_key_platform/update': ({ body: { id, ...rest }, services }) => platforms(services).update(id, rest),
  'url_key_platform/remove': ({ body, services }) => {
    platforms(services).remove(body.ids);
    return null;
  },
});
