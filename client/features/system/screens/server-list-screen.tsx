import { ServerStatus, serverListAdd, serverListInquire, serverListRemove, serverListUpdate } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

const FIELDS = ['name', 'host', 'remark', { name: 'status', kind: 'switch' }] as const;

/** /customer/server_list: the servers scripts may run on (name, host, remark, status). */
export const serverListResource = defineResource(serverListInquire, (r) => ({
  name: 'server_list',
  description: 'resources.server_list.description',
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { field: 'name', kind: 'text' },
    { field: 'host', kind: 'text' },
    { field: 'remark', kind: 'text' },
    { field: 'status', kind: 'enum', enum: ServerStatus, intentOf: (c) => (c === ServerStatus.values.enabled ? 'success' : 'none') },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['name', 'status'],
  create: r.form(serverListAdd, { button: 'add', fields: [...FIELDS] }),
  update: r.form(serverListUpdate, { button: 'update', fields: [...FIELDS] }),
  remove: r.remove(serverListRemove),
}));

export default resourceScreen(serverListResource);
