import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, pageOf } from '../envelope.ts';
import { JumpType, ShowStatus } from '../enums.ts';
import { idList, targetUrlRule } from './qr-codes.ts';

/** A forwarding rule: visits to a domain are sent on to a target URL with a jump type. */
export const forward = z.object({
  id,
  user_id: id,
  account: z.string(),
  domain_id: id,
  domain: z.string(),
  target_url: z.string(),
  jump_type: JumpType.schema,
  show_status: ShowStatus.schema,
  remark: z.string(),
  create_time: dateTime,
});
export type Forward = z.infer<typeof forward>;

export const forwardAdd = defineCall({
  path: 'forward/add',
  summary: 'Add a forwarding rule on one of the caller\'s domains (one rule per domain, 409 otherwise).',
  access: permission('forward', 'add'),
  membership: true,
  request: z.strictObject({
    domain_id: id,
    target_url: targetUrlRule,
    jump_type: JumpType.schema.default(1),
    show_status: ShowStatus.schema.default(1),
    remark: z.string().max(512).default(''),
  }),
  response: forward,
});

export const forwardUpdate = defineCall({
  path: 'forward/update',
  summary: 'Change a forwarding rule; only fields sent change.',
  access: permission('forward', 'update'),
  request: z.strictObject({
    id,
    target_url: targetUrlRule.optional(),
    jump_type: JumpType.schema.optional(),
    show_status: ShowStatus.schema.optional(),
    remark: z.string().max(512).optional(),
  }),
  response: forward,
});

export const forwardRemove = defineCall({
  path: 'forward/remove',
  summary: 'Delete forwarding rules (all or none).',
  access: permission('forward', 'remove'),
  request: z.strictObject({ ids: idList }),
  response: z.object({ removed: z.int().min(0) }),
});

export const forwardInquire = defineCall({
  path: 'forward/inquire',
  summary: 'List forwarding rules (own; administrators all).',
  access: permission('forward'),
  request: listRequest({ domain: z.string().max(253).optional(), show_status: ShowStatus.schema.optional() }),
  response: pageOf(forward),
});

export const forwardCalls = [forwardAdd, forwardUpdate, forwardRemove, forwardInquire] as const;
