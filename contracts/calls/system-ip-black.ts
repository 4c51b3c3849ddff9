import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, noData, pageOf } from '../envelope.ts';
import { isIpOrCidr } from '../ip-address.ts';

/**
 * The two IP black lists (issue 13, decision in docs/decisions/2026-11-23-system-tools.md): `ip_black` refuses
 * visits (`/v/…`, `/s/…`), `server_ip_black` refuses the console's API (`/api/*`, login included). An entry is
 * one IPv4 or IPv6 address or a CIDR range of either; a range is kept as its network address (`1.2.3.4/24` →
 * `1.2.3.0/24`). Any spelling is read and stored in one normal form (issue 20): `::ffff:1.2.3.4` is 1.2.3.4,
 * `0x7f.1` and `2130706433` are 127.0.0.1, `017.0.0.1` (octal) is 15.0.0.1, IPv6 is written as RFC 5952 says.
 */
export const ipOrCidr = z
  .string()
  .trim()
  .max(80, 'validation.ip_or_cidr')
  .refine(isIpOrCidr, 'validation.ip_or_cidr')
  .meta({ examples: ['203.0.113.0/24', '2001:db8::/48'] });

export const ipBlackEntry = z.object({
  id,
  ip: z.string(),
  /** First and last address the entry covers. */
  first_ip: z.string(),
  last_ip: z.string(),
  remark: z.string(),
  create_time: dateTime,
});
export type IpBlackEntry = z.infer<typeof ipBlackEntry>;

const remark = z.string().max(255);
/** Needed when the entry covers the caller's own address (else 400 naming this field). */
const confirmSelf = z.boolean().describe('true: the entry may cover your own current IP');

function ipBlackCalls<const R extends 'ip_black' | 'server_ip_black'>(route: R, what: string) {
  return [
    defineCall({
      path: `${route}/inquire`,
      summary: `${what}: entries, newest first, filtered by text.`,
      access: permission(route),
      request: listRequest({ ip: z.string().max(64).optional(), remark: z.string().max(255).optional() }),
      response: pageOf(ipBlackEntry),
    }),
    defineCall({
      path: `${route}/add`,
      summary: `${what}: add an IPv4 or IPv6 address or CIDR range (any spelling; stored normalised); takes effect at once. A duplicate answers 409.`,
      access: permission(route, 'add'),
      request: z.strictObject({ ip: ipOrCidr, remark: remark.default(''), confirm_self: confirmSelf.default(false) }),
      response: ipBlackEntry,
    }),
    defineCall({
      path: `${route}/update`,
      summary: `${what}: change an entry; only the fields sent change.`,
      access: permission(route, 'update'),
      request: z.strictObject({ id, ip: ipOrCidr.optional(), remark: remark.optional(), confirm_self: confirmSelf.optional() }),
      response: ipBlackEntry,
    }),
    defineCall({
      path: `${route}/remove`,
      summary: `${what}: delete entries by id (all or none); takes effect at once.`,
      access: permission(route, 'remove'),
      request: z.strictObject({ ids: z.array(id).min(1).max(500) }),
      response: noData,
    }),
  ] as const;
}

export const [ipBlackInquire, ipBlackAdd, ipBlackUpdate, ipBlackRemove] = ipBlackCalls('ip_black', 'Visit IP black list');
export const [serverIpBlackInquire, serverIpBlackAdd, serverIpBlackUpdate, serverIpBlackRemove] = ipBlackCalls(
  'server_ip_black',
  'Console IP black list',
);

export const ipBlackAllCalls = [
  ipBlackInquire,
  ipBlackAdd,
  ipBlackUpdate,
  ipBlackRemove,
  serverIpBlackInquire,
  serverIpBlackAdd,
  serverIpBlackUpdate,
  serverIpBlackRemove,
] as const;
