import { z } from 'zod';
import { ANY_USER, permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { defineEnum } from '../enum.ts';
import { dateTime, id, listRequest, pageOf } from '../envelope.ts';
import { DomainDisplayType, ShieldStatus } from '../enums.ts';
import { idList } from './qr-codes.ts';

/** A held domain is kept in reserve (hold_domain screen): not offered for new QR codes. */
export const HoldFlag = defineEnum('hold_flag', { no: 1, yes: 2 });

/** Host name: labels of letters, digits and '-', a dot, a letter TLD; lower-cased. */
export const domainNameRule = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'validation.domain_invalid')
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'validation.domain_invalid')
  .meta({ examples: ['qr.example.com'] });

export const domain = z.object({
  id,
  user_id: id,
  account: z.string(),
  domain: z.string(),
  display_type: DomainDisplayType.schema,
  group_id: id.nullable(),
  group_name: z.string(),
  /** WeChat shield status 1 normal, 2 blocked, 4 detection failed (set by administrators / detection). */
  shield_status: ShieldStatus.schema,
  hold: HoldFlag.schema,
  /** DNS record the domain resolves to (export_domain_resolution). */
  resolve_target: z.string(),
  /** Live QR codes on the domain. */
  qr_code_count: z.int().min(0),
  remark: z.string(),
  create_time: dateTime,
});
export type Domain = z.infer<typeof domain>;

/**
 * Why a domain may not take QR codes (new ones, or codes moved onto it), or null when it may: one rule for
 * the console's pickers and the server's refusal. Held domains are kept in reserve (hold_domain; a shield
 * spare is chosen from them on its own screen); a domain WeChat blocked would serve a blocked page.
 */
export function domainRefusal(d: { hold: number; shield_status: number }): 'errors.domain_held' | 'errors.domain_blocked' | null {
  if (d.hold === HoldFlag.values.yes) return 'errors.domain_held';
  if (d.shield_status === ShieldStatus.values.blocked) return 'errors.domain_blocked';
  return null;
}

const domainFields = {
  display_type: DomainDisplayType.schema,
  group_id: id.nullable(),
  hold: HoldFlag.schema,
  resolve_target: z.string().max(253),
  remark: z.string().max(512),
};

export const domainAdd = defineCall({
  path: 'domain/add',
  summary:
    'Add a domain for the caller. Unique over the service (409 errors.domain_taken); a customer may hold at most ' +
    'their domain_limit domains (409 errors.domain_limit). resolve_target defaults to qr_code_list/get_ip\'s address.',
  access: permission('domain_list', 'add'),
  membership: true,
  request: z.strictObject({
    domain: domainNameRule,
    display_type: domainFields.display_type,
    group_id: domainFields.group_id.default(null),
    hold: domainFields.hold.default(1),
    resolve_target: domainFields.resolve_target.optional(),
    remark: domainFields.remark.default(''),
  }),
  response: domain,
});

export const domainUpdate = defineCall({
  path: 'domain/update',
  summary:
    'Change a domain; only fields sent change; the host name itself cannot change. shield_status may be set by ' +
    'administrators only (a customer sending it gets 403).',
  access: permission('domain_list', 'update'),
  request: z.strictObject({
    id,
    display_type: domainFields.display_type.optional(),
    group_id: domainFields.group_id.optional(),
    hold: domainFields.hold.optional(),
    resolve_target: domainFields.resolve_target.optional(),
    remark: domainFields.remark.optional(),
    shield_status: ShieldStatus.schema.optional(),
  }),
  response: domain,
});

export const domainRemove = defineCall({
  path: 'domain/remove',
  summary:
    'Delete domains (all or none). Their live QR codes stay, without a domain (no_domain_name lists them, where ' +
    'they get a new one); the console says how many before asking (docs/decisions/2026-11-26-domains.md).',
  access: permission('domain_list', 'remove'),
  request: z.strictObject({ ids: idList }),
  response: z.object({ removed: z.int().min(0) }),
});

export const domainInquire = defineCall({
  path: 'domain/inquire',
  summary: 'List domains: a customer gets their own, an administrator everybody\'s (filter by user_id / account).',
  access: ANY_USER,
  request: listRequest({
    domain: z.string().max(253).optional().describe('substring'),
    display_type: DomainDisplayType.schema.optional(),
    group_id: id.optional(),
    shield_status: ShieldStatus.schema.optional(),
    hold: HoldFlag.schema.optional(),
    user_id: id.optional().describe('administrators only; ignored for customers'),
    account: z.string().max(64).optional().describe('administrators only; ignored for customers'),
  }),
  response: pageOf(domain),
});

export const domainCalls = [domainAdd, domainUpdate, domainRemove, domainInquire] as const;
