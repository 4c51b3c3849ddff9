import {
  ShortCodeType,
  ShowStatus,
  urlKeyPlatformAdd,
  urlKeyPlatformInquire,
  urlKeyPlatformRemove,
  urlKeyPlatformUpdate,
} from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/url_key_platform: the short-URL platforms short codes are generated with (admin). */
export const urlKeyPlatformResource = defineResource(urlKeyPlatformInquire, (r) => ({
  name: 'url_key_platform',
  description: 'resources.url_key_platform.description',
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { field: 'name', kind: 'text' },
    { field: 'url', kind: 'link', href: (row) => row.url },
    { field: 'short_code_type', kind: 'enum', enum: ShortCodeType },
    { field: 'show_status', kind: 'enum', enum: ShowStatus, intentOf: (c) => (c === ShowStatus.values.show ? 'success' : 'none') },
    { field: 'sort', kind: 'number' },
    { field: 'key', kind: 'text', hiddenByDefault: true },
    { field: 'remark', kind: 'text', hiddenByDefault: true },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['name', 'show_status'],
  create: r.form(urlKeyPlatformAdd, { button: 'add', fields: ['name', 'url', 'key', 'short_code_type', { name: 'show_status', kind: 'switch' }, 'sort', 'remark'] }),
  update: r.form(urlKeyPlatformUpdate, { button: 'update', fields: ['name', 'url', 'key', 'short_code_type', { name: 'show_status', kind: 'switch' }, 'sort', 'remark'] }),
  remove: r.remove(urlKeyPlatformRemove),
  export: {},
}));

export default resourceScreen(urlKeyPlatformResource);
