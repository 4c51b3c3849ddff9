import { ipBlackAdd, ipBlackInquire, ipBlackRemove, ipBlackUpdate } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { ipBlackColumns, ipBlackFields } from './ip-black-parts.ts';

/** /customer/ip_black: addresses and ranges refused on visits (/v/…, /s/…). */
export const ipBlackResource = defineResource(ipBlackInquire, (r) => ({
  name: 'ip_black',
  description: 'resources.ip_black.description',
  columns: ipBlackColumns,
  filters: ['ip', 'remark'],
  create: r.form(ipBlackAdd, { button: 'add', fields: ipBlackFields }),
  update: r.form(ipBlackUpdate, { button: 'update', fields: ipBlackFields }),
  remove: r.remove(ipBlackRemove),
}));

export default resourceScreen(ipBlackResource);
