import { serverEntry, serverListAdd, serverListInquire, serverListRemove, serverListUpdate } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';

/** The server list: a shared catalogue guarded by the route's permissions (super administrators). */
const servers = defineResource({
  calls: { inquire: serverListInquire, add: serverListAdd, update: serverListUpdate, remove: serverListRemove },
  row: serverEntry,
  table: 'servers',
  alias: 's',
  filters: { name: 'like', status: 'eq' },
  orderBy: 's.id',
  unique: [{ column: 'name', message: 'errors.name_taken' }],
  created: 'create_time',
});

export const serverListHandlers = defineHandlers({ ...servers.handlers });
