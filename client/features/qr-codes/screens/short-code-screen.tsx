import { qrCodeInquire, shortCodeAdd, shortCodeInquire, shortCodeRemove, ShortCodeType, shortCodeUpdate, urlKeyPlatformInquire } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

/** /customer/short_code: short codes (types 1-13) pointing at the caller's QR codes. */
export const shortCodeResource = defineResource(shortCodeInquire, (r) => ({
  name: 'short_code',
  description: 'resources.short_code.description',
  columns: [
    { field: 'code', kind: 'text' },
    { field: 'short_url', kind: 'link', href: (row) => (row.short_url.startsWith('/') ? window.location.origin + row.short_url : row.short_url) },
    { field: 'file_name', kind: 'text' },
    { field: 'short_code_type', kind: 'enum', enum: ShortCodeType },
    { field: 'account', kind: 'text', hiddenByDefault: true },
    { field: 'remark', kind: 'text', hiddenByDefault: true },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['code', 'short_code_type', { field: 'qr_code_id', lookup: 'qr_codes' }],
  lookups: {
    qr_codes: r.lookup(qrCodeInquire, { label: (q) => `${q.name} (${q.file_name})` }),
    platforms: r.lookup(urlKeyPlatformInquire, { body: { data_only: 1 } }),
  },
  create: r.form(shortCodeAdd, {
    button: 'add',
    fields: [{ name: 'qr_code_id', lookup: 'qr_codes' }, 'code', 'short_code_type', { name: 'url_key_platform_id', lookup: 'platforms' }, 'remark'],
  }),
  update: r.form(shortCodeUpdate, { button: 'update', fields: ['short_code_type', { name: 'url_key_platform_id', lookup: 'platforms' }, 'remark'] }),
  remove: r.remove(shortCodeRemove),
  export: {},
}));

export default resourceScreen(shortCodeResource);
