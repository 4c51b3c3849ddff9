import { SECRET_MASK, urlKeyPlatform, urlKeyPlatformAdd, urlKeyPlatformInquire, urlKeyPlatformRemove, urlKeyPlatformUpdate } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';
import { isAdministrator } from '../services/audit.ts';

const DATA_ONLY_MAX = 1000;

/**
 * A shared catalogue (no owner): the calls' permissions guard it. The API key is write-only (issue 20): every
 * answer masks it, and the mask sent back on an update keeps the stored key.
 */
const platforms = defineResource({
  calls: { add: urlKeyPlatformAdd, inquire: urlKeyPlatformInquire, update: urlKeyPlatformUpdate, remove: urlKeyPlatformRemove },
  row: urlKeyPlatform,
  table: 'url_key_platforms',
  alias: 'p',
  // The key never leaves the database: only whether one is stored.
  select: `p.id, p.name, p.url, CASE WHEN p.key = '' THEN '' ELSE '${SECRET_MASK}' END AS key, p.short_code_type, p.show_status, p.sort, p.remark, p.create_time`,
  filters: { name: 'like', show_status: 'eq' },
  orderBy: 'p.sort DESC, p.id DESC',
  created: 'create_time',
});

export const urlKeyPlatformHandlers = defineHandlers({
  ...platforms.handlers,
  // The start-up list (data_only) is every matching row in one page. Every role loads it for the short-code
  // forms: a non-administrator reads the shown platforms' names and types only.
  'url_key_platform/inquire': ({ body, services, user }) => {
    const admin = !!user && isAdministrator(user);
    const query = { ...body, ...(body.data_only === 1 ? { page: 1, page_size: DATA_ONLY_MAX } : {}), ...(admin ? {} : { show_status: 1 as const }) };
    const page = platforms.list(services.db, query, user);
    return admin ? page : { ...page, content: page.content.map((p) => ({ ...p, url: '', remark: '' })) };
  },
  'url_key_platform/update': (ctx) => {
    if (ctx.body.key !== SECRET_MASK) return platforms.handlers['url_key_platform/update'](ctx);
    const { key: _kept, ...rest } = ctx.body;
    return platforms.handlers['url_key_platform/update']({ ...ctx, body: rest });
  },
});
