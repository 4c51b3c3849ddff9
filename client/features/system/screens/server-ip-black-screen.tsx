import { serverIpBlackAdd, serverIpBlackInquire, serverIpBlackRemove, serverIpBlackUpdate } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { ipBlackColumns, ipBlackFields } from './ip-black-parts.ts';

/** /customer/server_ip_black: addresses and ranges refused by the console API, login included. */
export const serverIpBlackResource = defineResource(serverIpBlackInquire, (r) => ({
  name: 'server_ip_black',
  description: 'resources.server_ip_black.description',
  columns: ipBlackColumns,
  filters: ['ip', 'remark'],
  create: r.form(serverIpBlackAdd, { button: 'add', fields: ipBlackFields }),
  update: r.form(serverIpBlackUpdate, { button: 'update', fields: ipBlackFields }),
  remove: r.remove(serverIpBlackRemove),
}));

export default resourceScreen(serverIpBlackResource);
