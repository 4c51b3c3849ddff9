import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { defineEnum } from '../enum.ts';
import { id, listRequest, pageOf } from '../envelope.ts';
import { DomainDisplayType, ShieldStatus } from '../enums.ts';

/** Filters by owner: administrators only (a customer sees their own domains). */
const ownerFilters = {
  user_id: id.optional().describe('administrators only; ignored for customers'),
  account: z.string().max(64).optional().describe('administrators only; ignored for customers'),
};

/** A domain monitor's verdict: 1 fine, 2 a problem. */
export const MonitorOk = defineEnum('monitor_ok', { ok: 1, problem: 2 });

/** A domain as the domain monitors show it: where it points compared with qr_code_list/get_ip. */
export const monitoredDomain = z.object({
  id,
  user_id: id,
  account: z.string(),
  domain: z.string(),
  display_type: DomainDisplayType.schema,
  resolve_target: z.string(),
  /** Where the domain should point (qr_code_list/get_ip): this address as an A record… */
  expected_ip: z.string(),
  /** …or this host as a CNAME. */
  expected_cname: z.string(),
  /** 1: resolve_target is get_ip's address or CNAME; 2: it points elsewhere. */
  dns_ok: MonitorOk.schema,
  /** 1: answers (DNS right and not blocked); 2: not reachable in WeChat. */
  reachable: MonitorOk.schema,
  shield_status: ShieldStatus.schema,
  qr_code_count: z.int().min(0),
});
export type MonitoredDomain = z.infer<typeof monitoredDomain>;

export const domainMonitorInquire = defineCall({
  path: 'domain_monitor/inquire',
  summary: 'Reachability and DNS target of domains (own; administrators all), compared with qr_code_list/get_ip.',
  access: permission('domain_monitor'),
  request: listRequest({
    domain: z.string().max(253).optional(),
    dns_ok: MonitorOk.schema.optional(),
    ...ownerFilters,
  }),
  response: pageOf(monitoredDomain),
});

export const domainMonitorCalls = [domainMonitorInquire] as const;
