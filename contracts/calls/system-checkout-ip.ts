import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id } from '../envelope.ts';
import { LogType } from '../enums.ts';
import { ipv4Rule } from '../validation.ts';

const hit = z.object({ list: z.enum(['ip_black', 'server_ip_black']), id, ip: z.string(), remark: z.string() });

/** Everything the service knows about one IPv4 address (issue 13, route checkout_ip). */
export const ipReport = z.object({
  ip: z.string(),
  /** From the seeded IP-range table; empty strings when the address is in no range. */
  country: z.string(),
  province: z.string(),
  city: z.string(),
  carrier: z.string(),
  belong: z.string(),
  /** Entries of either black list covering it. */
  black_hits: z.array(hit),
  visit_count: z.int().min(0),
  recent_visits: z.array(z.object({ create_time: dateTime, file_name: z.string(), account: z.string(), source: z.string() })),
  login_count: z.int().min(0),
  recent_logins: z.array(z.object({ create_time: dateTime, type: LogType.schema, account: z.string() })),
});
export type IpReport = z.infer<typeof ipReport>;

export const checkoutIpInquire = defineCall({
  path: 'checkout_ip/inquire',
  summary:
    'One IPv4 address (default: the caller\'s own): location and carrier, black-list entries covering it, its ' +
    'visit count and 20 latest visits, its login count and 20 latest logins and refused logins.',
  access: permission('checkout_ip'),
  request: z.strictObject({ ip: ipv4Rule.optional() }),
  response: ipReport,
});

export const checkoutIpCalls = [checkoutIpInquire] as const;
