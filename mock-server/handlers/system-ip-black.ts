import { z } from 'zod';
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
import { hexOf, parseIp, parseIpRange, textOf } from '../../contracts/index.ts';
import { coversHex, LOOPBACKS, overlapsHex, storedRange, type IpBlackList } from '../visit-rules/ip-black.ts';
import { ApiError } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';

/** The stored range of a new `ip`, after the list's rules: loopback (console list) and the caller's own IP. */
function rangeValues(list: IpBlackList, text: string, callerIp: string, confirmed: boolean) {
  // The contract accepted the text; any spelling is stored in its one normal form (issue 20).
  const range = parseIpRange(text);
  if (!range) throw new ApiError(400, 'validation.ip_or_cidr', { field: 'ip' });
  if (list === 'server_ip_black' && LOOPBACKS.some((l) => overlapsHex(range, l))) throw new ApiError(400, 'errors.ip_black_loopback', { field: 'ip' });
  const own = parseIp(callerIp);
  if (!confirmed && own && coversHex(range, hexOf(own.bytes))) {
    throw new ApiError(400, 'errors.ip_black_self', { field: 'confirm_self', ip: own.text });
  }
  return storedRange(range);
}

/** An entry as selected: its range as hex columns. */
const storedEntry = ipBlackEntry.omit({ first_ip: true, last_ip: true }).extend({ start_hex: z.string(), end_hex: z.string() });

/** First and last address of a stored range, from its hex columns. */
const present = <R extends { start_hex: string; end_hex: string }>(rows: R[]) =>
  rows.map(({ start_hex, end_hex, ...r }) => ({ ...r, first_ip: textOfHex(start_hex), last_ip: textOfHex(end_hex) }));
// A row written without its hex columns (directly, by a test or a tool) shows no range rather than failing the list.
const textOfHex = (hex: string) => (/^[0-9a-f]{32}$/.test(hex) ? textOf(Uint8Array.from(hex.match(/../g)!, (b) => parseInt(b, 16))) : '');

function ipBlackResource<L extends IpBlackList>(
  list: L,
  calls: L extends 'ip_black'
    ? { inquire: typeof ipBlackInquire; add: typeof ipBlackAdd; update: typeof ipBlackUpdate; remove: typeof ipBlackRemove }
    : { inquire: typeof serverIpBlackInquire; add: typeof serverIpBlackAdd; update: typeof serverIpBlackUpdate; remove: typeof serverIpBlackRemove },
) {
  return defineResource({
    calls,
    row: storedEntry,
    table: list,
    alias: 'b',
    // The range's 16-byte hex columns (IPv4 and IPv6 alike) become its first and last address in `present`.
    select: 'b.id, b.ip, b.remark, b.create_time, b.start_hex, b.end_hex',
    present,
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
