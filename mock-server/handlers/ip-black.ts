import {
  ipBlackAdd,
  ipBlackEntry,
  ipBlackInquire,
  ipBlackRemove,
  ipBlackUpdate,
  serverIpBlackAdd,
  serverIpBlackInquire,
  serverIpBlackRemove,
  serverIpBlackUpdate,
} from '../../contracts/index.ts';
import { LOOPBACK, overlaps, covers, parseIpOrCidr, type IpBlackList } from '../visit-rules/ip-black.ts';
import { ipToInt, visitorIpv4 } from '../visit-rules/ip.ts';
import { ApiError } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';

/** The stored range of a new `ip`, after the list's rules: loopback (console list) and the caller's own IP. */
function rangeValues(list: IpBlackList, text: string, callerIp: string, confirmed: boolean) {
  const range = parseIpOrCidr(text);
  if (list === 'server_ip_black' && overlaps(range, LOOPBACK)) throw new ApiError(400, 'errors.ip_black_loopback', { field: 'ip' });
  const own = visitorIpv4(callerIp);
  if (!confirmed && own !== '0.0.0.0' && covers(range, ipToInt(own))) {
    throw new ApiError(400, 'errors.ip_black_self', { field: 'confirm_self', ip: own });
  }
  return { ip: range.ip, start_num: range.start, end_num: range.end };
}

function ipBlackResource<L extends IpBlackList>(
  list: L,
  calls: L extends 'ip_black'
    ? { inquire: typeof ipBlackInquire; add: typeof ipBlackAdd; update: typeof ipBlackUpdate; remove: typeof ipBlackRemove }
    : { inquire: typeof serverIpBlackInquire; add: typeof serverIpBlackAdd; update: typeof serverIpBlackUpdate; remove: typeof serverIpBlackRemove },
) {
  return defineResource({
    calls,
    row: ipBlackEntry,
    table: list,
    alias: 'b',
    // start_num/end_num are integers ≥ 0 below 2^32: the address text is rebuilt in SQL.
    select: `b.id, b.ip, b.remark, b.create_time,
      (b.start_num >> 24) || '.' || ((b.start_num >> 16) & 255) || '.' || ((b.start_num >> 8) & 255) || '.' || (b.start_num & 255) AS first_ip,
      (b.end_num >> 24) || '.' || ((b.end_num >> 16) & 255) || '.' || ((b.end_num >> 8) & 255) || '.' || (b.end_num & 255) AS last_ip`,
    filters: { ip: 'like', remark: 'like' },
    orderBy: 'b.id DESC',
    unique: [{ column: 'ip', message: 'errors.ip_black_exists' }],
    created: 'create_time',
    notColumns: ['confirm_self'],
    rules: {
      add: ({ body, ip }) => ({ values: rangeValues(list, body.ip, ip, body.confirm_self) }),
      update: ({ body, ip }) => (body.ip === undefined ? undefined : rangeValues(list, body.ip, ip, body.confirm_self === true)),
    },
  });
}

const visits = ipBlackResource('ip_black', { inquire: ipBlackInquire, add: ipBlackAdd, update: ipBlackUpdate, remove: ipBlackRemove });
const consoleList = ipBlackResource('server_ip_black', {
  inquire: serverIpBlackInquire,
  add: serverIpBlackAdd,
  update: serverIpBlackUpdate,
  remove: serverIpBlackRemove,
});

export const ipBlackHandlers = defineHandlers({ ...visits.handlers, ...consoleList.handlers });
